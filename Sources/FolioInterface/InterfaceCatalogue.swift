import FolioCore
import FolioSyntax
import Foundation

/// Every learner-facing text of the site, the terminal runner and `folio progress` in
/// one language, keyed by a dotted name (`quiz.check`). A value type: reading it from
/// YAML text is ``read(_:file:)``; the catalogues Folio ships are embedded in it.
public struct InterfaceCatalogue: Sendable {
    /// The BCP 47 tag of the catalogue's language.
    public let language: String
    /// The messages, by key.
    public private(set) var messages: [String: InterfaceMessage]
    /// The language's plural rules, which choose a plural message's form.
    public var pluralRules: PluralRules { PluralRules(language: language) }

    /// A catalogue of `messages` in `language`.
    public init(language: String, messages: [String: InterfaceMessage]) {
        self.language = language
        self.messages = messages
    }

    /// The text of `key` with its placeholders filled from `values`. A key the catalogue
    /// lacks takes English's text, so an incomplete catalogue shows English, never a key.
    public func text(_ key: String, _ values: [String: String] = [:]) -> String {
        if let message = messages[key] { return message.text(values, rules: pluralRules) }
        if let message = Self.english.messages[key] { return message.text(values, rules: Self.english.pluralRules) }
        return key
    }

    /// The text of the plural message `key` for `count`, its other placeholders filled from
    /// `values`; `{count}` is written as the language writes numbers.
    public func text(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        var shown = values
        shown[InterfaceMessage.countPlaceholder] = count.formatted(.number.locale(Locale(identifier: language)))
        // The form is chosen by the number itself, not by its written form (`1.000`).
        guard case .plural(let forms)? = messages[key] ?? Self.english.messages[key] else { return text(key, shown) }
        let rules = messages[key] == nil ? Self.english.pluralRules : pluralRules
        let form = forms[rules.category(of: count)] ?? forms[.other] ?? ""
        return InterfaceMessage.fill(form, shown)
    }

    /// This catalogue with `other`'s messages put over its own.
    public func adding(_ other: InterfaceCatalogue) -> InterfaceCatalogue {
        InterfaceCatalogue(language: language, messages: messages.merging(other.messages) { _, new in new })
    }

    /// The keys English has and this catalogue lacks, sorted.
    public var missingKeys: [String] { Self.english.messages.keys.filter { messages[$0] == nil }.sorted() }
}

extension InterfaceCatalogue {
    /// The languages Folio ships a catalogue for, sorted.
    public static let shippedLanguages: [String] = shipped.keys.sorted()

    /// English, the catalogue every other one falls back to.
    public static var english: InterfaceCatalogue { shipped["en"]! }

    /// The catalogue for `language`: Folio's own for the language, or for its base language
    /// (`es` for `es-MX`; for `en-XA`, ``PseudoLanguage``), with `added` (a program's `interface/<language>.yaml`) over it;
    /// keys neither has show in English.
    public static func forLanguage(_ language: String, adding added: InterfaceCatalogue? = nil) -> InterfaceCatalogue {
        if language == PseudoLanguage.tag, shipped[language] == nil {
            return added.map(PseudoLanguage.catalogue.adding) ?? PseudoLanguage.catalogue
        }
        let own = shippedCatalogue(language)
        var catalogue = InterfaceCatalogue(language: language, messages: own?.messages ?? english.messages)
        if let added { catalogue = catalogue.adding(added) }
        return catalogue
    }

    /// Folio's own catalogue for `language` or its base language, without English filled
    /// in: nil for a language Folio does not ship.
    public static func shippedCatalogue(_ language: String) -> InterfaceCatalogue? {
        shipped[language] ?? language.split(separator: "-").first.flatMap { shipped[String($0)] }
    }

    private static let shipped: [String: InterfaceCatalogue] = {
        var catalogues: [String: InterfaceCatalogue] = [:]
        for (path, text) in InterfaceAssets.files where path.hasSuffix(".yaml") {
            let read = read(text, file: path)
            // The shipped catalogues are checked by the tests; one that failed to read
            // would show English, never stop a build.
            if let catalogue = read.catalogue { catalogues[catalogue.language] = catalogue }
        }
        return catalogues
    }()
}

extension InterfaceCatalogue {
    /// A catalogue read from YAML: `language:` and `messages:`, each message a text or a
    /// mapping of plural categories to texts (`other` required).
    public static func read(_ text: String, file: String) -> (catalogue: InterfaceCatalogue?, diagnostics: [Diagnostic]) {
        let result = YAMLReader().read(text, file: file)
        var diagnostics = DiagnosticList(result.diagnostics)
        guard let root = result.root, case .mapping(let fields) = root.kind else {
            diagnostics.error(
                .interfaceCatalogueInvalid, at: result.root?.location ?? SourceLocation(file: file, line: 1, column: 1),
                "an interface catalogue is a group of fields: `language:` and `messages:`",
                help: "docs/translations.md shows a catalogue's form")
            return (nil, diagnostics.all)
        }
        var language: String?
        var messages: [String: InterfaceMessage] = [:]
        for field in fields {
            switch field.key {
            case "language":
                if case .scalar(let tag, _) = field.value.kind, !tag.isEmpty { language = tag }
            case "messages":
                guard case .mapping(let entries) = field.value.kind else {
                    diagnostics.error(
                        .interfaceCatalogueInvalid, at: field.value.location, "`messages` must be a group of `key: text` fields",
                        help: "write one message per line, such as `quiz.check: Check`")
                    continue
                }
                for entry in entries {
                    if let message = message(entry.value, key: entry.key, diagnostics: &diagnostics) { messages[entry.key] = message }
                }
            default:
                diagnostics.warning(
                    .interfaceCatalogueInvalid, at: field.keyLocation, "an interface catalogue has no field `\(field.key)`",
                    help: "a catalogue has only `language:` and `messages:`")
            }
        }
        guard let language else {
            diagnostics.error(
                .interfaceCatalogueInvalid, at: root.location, "the catalogue does not say its language",
                help: "add a line such as `language: es`")
            return (nil, diagnostics.all)
        }
        return (InterfaceCatalogue(language: language, messages: messages), diagnostics.all)
    }

    private static func message(_ node: YAMLNode, key: String, diagnostics: inout DiagnosticList) -> InterfaceMessage? {
        switch node.kind {
        case .scalar(let text, _):
            return .text(text)
        case .mapping(let forms):
            var plural: [PluralCategory: String] = [:]
            for form in forms {
                guard let category = PluralCategory(rawValue: form.key), case .scalar(let text, _) = form.value.kind else {
                    diagnostics.error(
                        .interfaceCatalogueInvalid, at: form.keyLocation, "`\(form.key)` is not a plural form of `\(key)`",
                        help: "plural forms are CLDR's categories: zero, one, two, few, many and other")
                    continue
                }
                plural[category] = text
            }
            guard plural[.other] != nil else {
                diagnostics.error(
                    .interfaceCatalogueInvalid, at: node.location, "the plural message `\(key)` has no `other` form",
                    help: "add `other:`, the form for every count no other form covers")
                return nil
            }
            return .plural(plural)
        case .sequence:
            diagnostics.error(
                .interfaceCatalogueInvalid, at: node.location, "the message `\(key)` is a list",
                help: "write a text, or one text per plural form (`one:`, `other:`)")
            return nil
        }
    }
}

extension DiagnosticCode {
    /// An interface catalogue (`Content/interface/<language>.yaml`) that cannot be read as one.
    public static let interfaceCatalogueInvalid = DiagnosticCode("interface-catalogue-invalid", .error, .translations)
}

extension InterfaceCatalogue {
    /// The catalogue as the YAML ``read(_:file:)`` reads, its messages sorted by key.
    public var yaml: String {
        var lines = ["language: \(YAMLQuoting.scalar(language))", "messages:"]
        for key in messages.keys.sorted() {
            switch messages[key]! {
            case .text(let text):
                lines.append("  \(key): \(YAMLQuoting.scalar(text))")
            case .plural(let forms):
                lines.append("  \(key):")
                for category in PluralCategory.allCases {
                    if let text = forms[category] { lines.append("    \(category.rawValue): \(YAMLQuoting.scalar(text))") }
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
