import FolioCore
import FolioModel
import FolioSyntax

/// Reads `folio.yaml` into ``ProgramSettings``.
enum SettingsParser {
    static let fields = ["id", "title", "language", "languages", "description", "base_url", "share", "contact", "allow_html", "accent", "logo", "insights"]
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
        if let languages = fields.stringList("languages", diagnostics: &diagnostics), let at = fields.location(of: "languages") {
            let statesLanguage = fields.has("language")
            // Each tag's own place, when every item was read as one.
            var places = Array(repeating: at, count: languages.count)
            if case .sequence(let items) = fields.pairs.last(where: { $0.key == "languages" })?.value.kind, items.count == languages.count {
                places = items.map(\.location)
            }
            if let listed = Self.languages(
                languages, default: statesLanguage ? settings.language : nil, at: at, places: places, diagnostics: &diagnostics)
            {
                if !statesLanguage, let first = listed.first { settings.language = first }
                settings.languages = listed
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
        if let node = fields.value("insights", diagnostics: &diagnostics) {
            settings.insights = insights(node, diagnostics: &diagnostics)
        }
        return title == nil ? nil : settings
    }

    /// `insights: {randomize: 0.3, url: https://...}`; `insights: true` asks with the
    /// defaults. Nil when learners are not asked (`false`), or after reporting why not.
    static func insights(_ node: YAMLNode, diagnostics: inout DiagnosticList) -> InsightsSettings? {
        if case .scalar = node.kind, let on = FieldReader.bool(node, field: "insights", diagnostics: &diagnostics) {
            return on ? InsightsSettings() : nil
        }
        guard let fields = FieldReader(node, what: "`insights`", allowed: ["randomize", "url"], diagnostics: &diagnostics) else { return nil }
        var settings = InsightsSettings()
        var valid = true
        if let randomize = fields.number("randomize", diagnostics: &diagnostics), let at = fields.location(of: "randomize") {
            if randomize > 0, randomize < 1 {
                settings.randomize = randomize
            } else {
                diagnostics.error(
                    .insightsRandomizeInvalid, at: at,
                    "`randomize` should be between 0 and 1, not \(randomize == randomize.rounded() ? String(Int(exactly: randomize) ?? 0) : String(randomize)): it is the chance that each answer a report sends is replaced by a coin toss",
                    help: "write `randomize: 0.3` (the default); at 0 a report would tell the truth, at 1 it would tell nothing")
                valid = false
            }
        }
        if let url = fields.string("url", diagnostics: &diagnostics), let at = fields.location(of: "url") {
            // The address goes into the pages' security policy as it is: nothing that could end it.
            let plain = !url.contains(where: { $0.isWhitespace || $0 == "'" || $0 == "\"" || $0 == ";" || $0 == "," })
            let host = url.hasPrefix("https://") ? url.dropFirst(8).prefix { $0 != "/" && $0 != "?" && $0 != "#" } : ""
            let onThisComputer = ["http://localhost", "http://127.0.0.1"].contains { url == $0 || url.hasPrefix($0 + "/") || url.hasPrefix($0 + ":") }
            if plain, !host.isEmpty || onThisComputer {
                settings.url = url
            } else {
                diagnostics.error(
                    .insightsURLInvalid, at: at, "`url` should be an `https://` address, not `\(url)`: reports travel only encrypted",
                    help:
                        "write the address of the collector behind your TLS proxy, such as `url: https://insights.example.org/reports`, or leave `url` out to let learners share a file"
                )
                valid = false
            }
        }
        return valid ? settings : nil
    }

    /// The list `languages:` gives, when every item is a language tag listed once and the
    /// default language (`language:`, when stated) is among them; nil after reporting
    /// why not. Without `language:`, the first listed is the default.
    static func languages(
        _ listed: [String], default language: String?, at: SourceLocation, places: [SourceLocation], diagnostics: inout DiagnosticList
    ) -> [String]? {
        var seen: Set<String> = []
        var valid = true
        for (tag, place) in zip(listed, places) {
            if !isLanguageTag(tag) {
                diagnostics.error(
                    .invalidValue, at: place, "`\(tag)` in `languages` is not a language tag",
                    help: "use tags such as `en`, `es` or `pt-BR`: `languages: [en, es]`")
                valid = false
            } else if !seen.insert(tag.lowercased()).inserted {
                diagnostics.error(
                    .invalidValue, at: place, "`\(tag)` is listed twice in `languages`", help: "list each language once: remove the second `\(tag)`")
                valid = false
            }
        }
        if listed.isEmpty {
            diagnostics.error(
                .invalidValue, at: at, "`languages` lists no language",
                help: "list every language the program is written in, the default first: `languages: [en, es]`, or remove the line")
            return nil
        }
        if valid, let language, !listed.contains(language) {
            diagnostics.error(
                .invalidValue, at: at, "`languages` does not list `\(language)`, the program's default language (`language: \(language)`)",
                help:
                    "add it to the list: `languages: [\(([language] + listed).joined(separator: ", "))]`; or, if the content is written in another language, change `language` to that one"
            )
            return nil
        }
        return valid ? listed : nil
    }

    /// The languages besides the default that `folio.yaml` lists, read before the rest of
    /// the folder to tell translations from other files; a tag that is not one, or the
    /// default, is left out (the settings' own reading reports what is wrong).
    static func otherLanguages(in file: SourceFile) -> [String] {
        var ignored = DiagnosticList()
        guard let root = YAMLFile.root(of: file, diagnostics: &ignored), case .mapping(let pairs) = root.kind else { return [] }
        var language: String?
        var listed: [String] = []
        for pair in pairs {
            switch (pair.key, pair.value.kind) {
            case ("language", .scalar(let tag, _)): language = tag
            case ("languages", .scalar(let tag, _)): listed = [tag]
            case ("languages", .sequence(let items)):
                listed = items.compactMap { if case .scalar(let tag, _) = $0.kind { tag } else { nil } }
            default: break
            }
        }
        let defaultLanguage = language ?? listed.first ?? "en"
        var others: [String] = []
        for tag in listed where isLanguageTag(tag) && tag != defaultLanguage && !others.contains(tag) { others.append(tag) }
        return others
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
    /// `insights: randomize:` is not strictly between 0 and 1.
    public static let insightsRandomizeInvalid = DiagnosticCode("insights-randomize-invalid", .error, .fields)
    /// `insights: url:` is not an `https://` address.
    public static let insightsURLInvalid = DiagnosticCode("insights-url-invalid", .error, .fields)
}
