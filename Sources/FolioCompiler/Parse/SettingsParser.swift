import FolioCore
import FolioModel

/// Reads `folio.yaml` into ``ProgramSettings``.
enum SettingsParser {
    static let fields = ["id", "title", "language", "description", "base_url", "share", "contact", "allow_html", "accent", "logo"]
    /// What a logo may be: pictures every browser shows.
    static let logoExtensions = ["png", "svg", "jpg", "jpeg", "webp", "gif"]
    static let shareTargets = ["twitter", "facebook"]

    /// Reads the settings; `misnamed` is a file that is probably `folio.yaml` under
    /// another name, for the message when there is none; `media` the paths of the
    /// program's media files (`media/...`), which a logo must be among.
    static func parse(
        _ file: SourceFile?, misnamed: String? = nil, isLink: Bool = false, media: [String] = [], diagnostics: inout DiagnosticList
    ) -> ProgramSettings? {
        guard let file else {
            if isLink {
                diagnostics.error(
                    .settingsMissing, at: .startOf("folio.yaml"),
                    "`folio.yaml` is a symbolic link, which Folio does not follow (a link could lead outside the content folder), so the program has no settings",
                    help: "put the file itself here: copy the file the link points to over the link")
            } else if let misnamed {
                diagnostics.error(
                    .settingsMissing, at: .startOf(misnamed), "the content folder has no `folio.yaml`; did you mean `\(misnamed)`?",
                    help: "rename `\(misnamed)` to `folio.yaml`: Folio reads the settings only from that name")
            } else {
                diagnostics.error(
                    .settingsMissing, at: .startOf("folio.yaml"), "the content folder has no `folio.yaml`",
                    help: "create `folio.yaml` with at least a line `title: <the program's name>`")
            }
            return nil
        }
        guard let root = YAMLFile.root(of: file, diagnostics: &diagnostics),
            let fields = FieldReader(root, what: "`folio.yaml`", allowed: Self.fields, diagnostics: &diagnostics)
        else { return nil }
        let title = fields.string("title", required: true, diagnostics: &diagnostics, help: "add `title: <the program's name>`")
        // Version 1 kept progress under an id made from the title; a program that states
        // none keeps it, and is told how to pin it before a new title moves it.
        let derivedID = ContentID.make(from: title ?? "", rule: .version1Key) ?? "program"
        var settings = ProgramSettings(id: derivedID, idStated: false, title: title ?? "")
        if let stated = fields.string("id", diagnostics: &diagnostics) {
            if Identifier.check(stated, kind: "program", at: fields.location(of: "id")!, diagnostics: &diagnostics) {
                settings.id = stated
                settings.idStated = true
            }
        } else if title != nil, !fields.misspelt.contains("id") {
            diagnostics.warning(
                .programIDMissing, at: fields.keyLocation(of: "title") ?? root.location,
                "`folio.yaml` has no `id`, so the program is known by its title: changing `title` would lose every learner's saved progress",
                help: "add a line `id: \(derivedID)` to `folio.yaml` (the id it has now); the title can then change freely")
        }
        if let language = fields.string("language", diagnostics: &diagnostics) {
            if isLanguageTag(language) {
                settings.language = language
            } else if let at = fields.location(of: "language") {
                diagnostics.error(.invalidValue, at: at, "`\(language)` is not a language tag", help: "use a tag such as `en`, `es` or `pt-BR`")
            }
        }
        settings.description = fields.string("description", diagnostics: &diagnostics)
        if let baseURL = fields.string("base_url", diagnostics: &diagnostics) {
            if baseURL.hasPrefix("/") || baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://") {
                settings.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
            } else if let at = fields.location(of: "base_url") {
                diagnostics.error(
                    .invalidValue, at: at, "`base_url` should start with `/` or `https://`",
                    help: "write the site's public address, such as `base_url: https://example.org/program/`, or leave `base_url` out")
            }
        }
        if let share = fields.stringList("share", diagnostics: &diagnostics) {
            for target in share where !shareTargets.contains(target) {
                let suggestion = NearestName.find(target, among: shareTargets)
                diagnostics.error(
                    .invalidValue, at: fields.location(of: "share")!,
                    "`\(target)` is not a share target Folio knows" + (suggestion.map { "; did you mean `\($0)`?" } ?? ""),
                    help: "use any of `twitter`, `facebook`")
            }
            settings.share = share.filter { shareTargets.contains($0) }
        }
        if let contact = fields.string("contact", diagnostics: &diagnostics) {
            if contact.hasPrefix("mailto:") || contact.hasPrefix("https://") || contact.hasPrefix("http://") {
                settings.contact = contact
            } else if let at = fields.location(of: "contact") {
                diagnostics.error(
                    .invalidValue, at: at, "`contact` should be an address starting with `mailto:` or `https://`",
                    help: "for example `contact: mailto:staff@example.org`")
            }
        }
        settings.allowHTML = fields.bool("allow_html", diagnostics: &diagnostics) ?? false
        let reported = diagnostics.all.count
        let accent = fields.string("accent", diagnostics: &diagnostics)
        if let at = fields.location(of: "accent") ?? fields.keyLocation(of: "accent"), accent != nil || diagnostics.all.count == reported {
            settings.accent = SiteLookRules.accent(accent, at: at, diagnostics: &diagnostics)
        }
        if let logo = fields.string("logo", diagnostics: &diagnostics), let at = fields.location(of: "logo") {
            settings.logo = SiteLookRules.logo(logo, at: at, media: media, diagnostics: &diagnostics)
        }
        return title == nil ? nil : settings
    }

    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

extension DiagnosticCode {
    public static let settingsMissing = DiagnosticCode("settings-missing", .error, .layout)
    /// `folio.yaml` states no program id.
    public static let programIDMissing = DiagnosticCode("program-id-missing", .warning, .layout)
}
