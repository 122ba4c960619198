import FolioCore
import FolioInterface
import Foundation

/// The interface's words of one language as the site shows them: filled into the pages
/// as they are rendered, and written for the scripts as one file per language
/// (``scriptFile``), which every page loads before its own scripts and the service worker
/// keeps with the rest. Made once per renderer: each page reads prepared values, never
/// the catalogue's YAML.
public struct SiteWords: Sendable {
    /// The catalogue of the language the pages are in.
    public let catalogue: InterfaceCatalogue
    /// Every message without a placeholder, for the templates: `{{t.quiz.check}}` is the
    /// text of `quiz.check` (the key's area, then its name).
    let templateValues: [String: [String: String]]

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
    }

    /// The words of the program's own language.
    public init(language: String) { self.init(catalogue: InterfaceCatalogue.forLanguage(language)) }

    /// The BCP 47 tag of the pages' language.
    public var language: String { catalogue.language }

    /// The text of `key`, its placeholders filled from `values`.
    func text(_ key: String, _ values: [String: String] = [:]) -> String { catalogue.text(key, values) }

    /// The plural message `key` for `count`.
    func text(_ key: String, count: Int, _ values: [String: String] = [:]) -> String { catalogue.text(key, count: count, values) }

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
            for piece in text.split(separator: "'", omittingEmptySubsequences: false).dropFirst() where piece.contains(".") {
                if english[String(piece)] != nil { keys.insert(String(piece)) }
            }
        }
        return keys.sorted()
    }()

    /// `words-<language>.js`: the messages the scripts use, as `window.FolioWords`, a
    /// plural message as its forms by CLDR category; read by `Folio.t` (site.js).
    public func scriptFile() -> String {
        var json: [String: Any] = [:]
        for key in Self.scriptKeys {
            switch catalogue.messages[key] ?? InterfaceCatalogue.english.messages[key] {
            case .text(let text)?: json[key] = text
            case .plural(let forms)?: json[key] = Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) })
            case nil: json[key] = key
            }
        }
        let data = (try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
        return "/* The interface's words in \(language) for the site's scripts (Folio.t in site.js). */\n"
            + "window.FolioWords = " + String(decoding: data, as: UTF8.self) + ";\n"
    }
}
