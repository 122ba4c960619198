import FolioCore
import FolioInterface
import FolioProgram
import Foundation

/// The interface's words of one language as the site shows them: filled into the pages
/// as they are rendered, and written for the scripts as one file per language
/// (``scriptFile``), which every page loads before its own scripts and the service worker
/// keeps with the rest. Made once per renderer: each page reads prepared values, never
/// the catalogue's YAML. A class, so that the pages' styles and quizzes that carry it
/// share one.
public final class SiteWords: Sendable {
    /// The catalogue of the language the pages are in.
    public let catalogue: InterfaceCatalogue
    /// Every message without a placeholder, for the templates: `{{t.quiz.check}}` is the
    /// text of `quiz.check` (the key's area, then its name).
    let templateValues: [String: [String: String]]
    /// Every message cut at its placeholders once, so that filling one in, for each page
    /// or quiz, is joining pieces: English's where the catalogue lacks a key.
    private let prepared: [String: PreparedMessage]
    private let pluralRules: PluralRules
    /// The plural category of each count below 100, the counts a site writes most (a
    /// quiz's questions, a deck's cards), chosen once rather than asking ICU each time.
    private let smallCounts: [PluralCategory]

    /// The words of `catalogue`'s language.
    public init(catalogue: InterfaceCatalogue) {
        self.catalogue = catalogue
        var values: [String: [String: String]] = [:]
        for (key, message) in catalogue.messages {
            guard case .text = message, message.placeholders.isEmpty, let dot = key.firstIndex(of: ".") else { continue }
            values[String(key[..<dot]), default: [:]][String(key[key.index(after: dot)...])] = catalogue.text(key)
        }
        // Keys English has and the catalogue lacks show in English, as `text` shows them.
        for (key, message) in InterfaceCatalogue.english.messages where catalogue.messages[key] == nil {
            guard case .text = message, message.placeholders.isEmpty, let dot = key.firstIndex(of: ".") else { continue }
            values[String(key[..<dot]), default: [:]][String(key[key.index(after: dot)...])] = InterfaceCatalogue.english.text(key)
        }
        templateValues = values
        var prepared: [String: PreparedMessage] = [:]
        for (key, message) in InterfaceCatalogue.english.messages { prepared[key] = PreparedMessage(message, rules: .english) }
        for (key, message) in catalogue.messages { prepared[key] = PreparedMessage(message, rules: .own) }
        self.prepared = prepared
        pluralRules = catalogue.pluralRules
        smallCounts = (0..<100).map(pluralRules.category(of:))
    }

    /// The words of `language` as Folio ships them.
    public convenience init(language: String) { self.init(catalogue: InterfaceCatalogue.forLanguage(language)) }

    /// The words of `language` in `program`: Folio's, with the program's own catalogue of
    /// the language (`interface/<language>.yaml`) over them. Folio's own are made once per
    /// language and kept: `folio serve` makes a renderer on every save.
    public static func of(_ program: CompiledProgram, language: String) -> SiteWords {
        if let added = program.interfaceCatalogues[language] {
            return SiteWords(catalogue: InterfaceCatalogue.forLanguage(language, adding: added))
        }
        return shipped.withLock { words in
            if let made = words[language] { return made }
            let made = SiteWords(language: language)
            words[language] = made
            return made
        }
    }

    private static let shipped = LockedWords()

    /// The BCP 47 tag of the pages' language.
    public var language: String { catalogue.language }

    /// The text of `key`, its placeholders filled from `values`.
    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        guard let message = prepared[key] else { return catalogue.text(key, values) }
        guard message.forms.count > 1, let count = values[InterfaceMessage.countPlaceholder].flatMap(Double.init) else {
            return message.form(.other).fill(values)
        }
        let rules = message.rules == .own ? pluralRules : InterfaceCatalogue.english.pluralRules
        return message.form(rules.category(of: count)).fill(values)
    }

    /// The plural message `key` for `count`, its form chosen by the language's plural
    /// rules; `{count}` is written as ``number(_:)`` writes it, as the scripts write it.
    func text(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        guard let message = prepared[key] else { return catalogue.text(key, count: count, values) }
        var filled = values
        filled[InterfaceMessage.countPlaceholder] = number(Double(count))
        let category =
            message.rules == .english
            ? InterfaceCatalogue.english.pluralRules.category(of: count)
            : smallCounts.indices.contains(count) ? smallCounts[count] : pluralRules.category(of: count)
        return message.form(category).fill(filled)
    }

    /// A number as the language writes it, with up to two decimals and without grouping
    /// (`2.5`, `2,5`; `1000`), as the scripts' `Folio.number` writes it.
    func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int(value))
        }
        return value.formatted(.number.grouping(.never).precision(.fractionLength(0...2)).locale(Locale(identifier: language)))
    }

    /// Where the scripts' words are in the site: one file per language, named by it.
    public var scriptPath: String { "words-\(language).js" }

    /// The keys the site's scripts ask for: every quoted text in their source that is a
    /// key of English's catalogue (`t('quiz.check')`, and keys chosen before the call,
    /// `t(practice ? 'quiz.intro-practice' : ...)`), found once. The file for the scripts
    /// holds these messages only.
    static let scriptKeys: [String] = {
        let english = InterfaceCatalogue.english.messages
        var keys: Set<String> = []
        for (name, text) in SiteAssets.files where name.hasSuffix(".js") {
            // Byte by byte: a key is lowercase letters, digits, `-` and `.` between quotes.
            let bytes = Array(text.utf8)
            var start: Int?
            for (index, byte) in bytes.enumerated() {
                if byte == UInt8(ascii: "'") {
                    if let from = start, index > from {
                        let key = String(decoding: bytes[from..<index], as: UTF8.self)
                        if english[key] != nil { keys.insert(key) }
                    }
                    start = index + 1
                } else if start != nil, !SiteWords.isKeyByte(byte) {
                    start = nil
                }
            }
        }
        return keys.sorted()
    }()

    private static func isKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// `words-<language>.js`: the messages the scripts use, as `window.FolioWords`, a
    /// plural message as its forms by CLDR category; read by `Folio.t` (site.js).
    public func scriptFile() -> String {
        var messages: [String: ScriptMessage] = [:]
        for key in Self.scriptKeys {
            switch catalogue.messages[key] ?? InterfaceCatalogue.english.messages[key] {
            case .text(let text)?: messages[key] = .text(text)
            case .plural(let forms)?: messages[key] = .plural(Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) }))
            case nil: messages[key] = .text(key)
            }
        }
        let json = (try? JSONOutput.compact(messages)) ?? Data("{}".utf8)
        return "/* The interface's words in \(language) for the site's scripts (Folio.t in site.js). */\n"
            + "window.FolioWords = " + String(decoding: json, as: UTF8.self) + ";\n"
    }
}

/// A message as the scripts read it: its text, or its text for each plural category.
private enum ScriptMessage: Encodable {
    case text(String)
    case plural([String: String])

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .plural(let forms): try container.encode(forms)
        }
    }
}

/// A message cut at its placeholders: each form a list of pieces, text and names.
private struct PreparedMessage: Sendable {
    enum Rules: Sendable { case own, english }
    enum Piece: Sendable {
        case text(String)
        case placeholder(String)
    }
    struct Form: Sendable {
        let pieces: [Piece]

        /// The form with `values` in its placeholders; one without a value is left as
        /// written, as ``InterfaceMessage`` leaves it.
        func fill(_ values: [String: String]) -> String {
            var out = ""
            for piece in pieces {
                switch piece {
                case .text(let text): out += text
                case .placeholder(let name): out += values[name] ?? "{\(name)}"
                }
            }
            return out
        }
    }

    let forms: [PluralCategory: Form]
    /// Whose plural rules choose among the forms: a message English lends takes English's.
    let rules: Rules

    init(_ message: InterfaceMessage, rules: Rules) {
        self.rules = rules
        switch message {
        case .text(let text): forms = [.other: Form(pieces: Self.pieces(of: text))]
        case .plural(let plural): forms = plural.mapValues { Form(pieces: Self.pieces(of: $0)) }
        }
    }

    func form(_ category: PluralCategory) -> Form { forms[category] ?? forms[.other] ?? Form(pieces: []) }

    /// `text` as pieces: a placeholder is a name of letters, digits, `-` and `_` in braces.
    static func pieces(of text: String) -> [Piece] {
        var pieces: [Piece] = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = rest[rest.index(after: open)..<close]
            guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
                pieces.append(.text(String(rest[...open])))
                rest = rest[rest.index(after: open)...]
                continue
            }
            if open > rest.startIndex { pieces.append(.text(String(rest[..<open]))) }
            pieces.append(.placeholder(String(name)))
            rest = rest[rest.index(after: close)...]
        }
        if !rest.isEmpty { pieces.append(.text(String(rest))) }
        return pieces
    }
}

/// Folio's own words of each language made so far, shared by every renderer.
private final class LockedWords: @unchecked Sendable {
    private let lock = NSLock()
    private var words: [String: SiteWords] = [:]

    func withLock<Result>(_ body: (inout [String: SiteWords]) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&words)
    }
}
