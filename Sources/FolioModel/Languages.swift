/// One language of a program, as the manifest lists it (since 1.6): the default language
/// first, then each other language with how far each part of the program is translated.
public struct ManifestLanguage: Codable, Sendable, Hashable {
    /// The language's BCP 47 tag (`es`).
    public var language: String
    /// True for the program's default language, whose files are the bundle's top-level
    /// ones (`chapters/<id>.json`); absent for the others.
    public var isDefault: Bool?
    /// The language whose file an app shows where this one has no translation of a part:
    /// the default language. Absent for the default language.
    public var fallback: String?
    /// The path of the interface's words in this language (`interface/es.json`).
    public var interface: String
    /// Every part of the program and how far it is translated; absent for the default
    /// language.
    public var parts: [TranslatedPartSummary]?

    /// A language from its fields.
    public init(language: String, isDefault: Bool? = nil, fallback: String? = nil, interface: String, parts: [TranslatedPartSummary]? = nil) {
        self.language = language
        self.isDefault = isDefault
        self.fallback = fallback
        self.interface = interface
        self.parts = parts
    }

    enum CodingKeys: String, CodingKey {
        case language, isDefault = "default", fallback, interface, parts
    }
}

/// A part of a program (its welcome page, bill of rights, a chapter, quiz or deck) in one
/// of its other languages: whether learners see it translated, and where.
public struct TranslatedPartSummary: Codable, Sendable, Hashable {
    /// The part's kind: `welcome`, `bill-of-rights`, `chapter`, `quiz` or `deck`, the
    /// kinds of the default language's entries.
    public var kind: Manifest.EntryKind
    /// The part's id (the welcome page's and the bill of rights' are their kinds).
    public var id: String
    /// `translated` (current), `unmarked` (translated, never marked current), `outdated`
    /// (its original changed since it was translated) or `missing`. Learners see the first
    /// two translated; the others show the fallback language's part whole, with a note.
    public var state: String
    /// The translated part's file, when learners see it translated
    /// (`languages/es/chapters/<id>.json`).
    public var path: String?
    /// A translated chapter's or deck's title, for a list that does not open its file.
    public var title: String?
    /// A translated chapter's summary.
    public var summary: String?

    /// A part from its fields.
    public init(kind: Manifest.EntryKind, id: String, state: String, path: String? = nil, title: String? = nil, summary: String? = nil) {
        self.kind = kind
        self.id = id
        self.state = state
        self.path = path
        self.title = title
        self.summary = summary
    }

    /// Whether learners see the part translated.
    public var isShownTranslated: Bool { path != nil }
}

/// The interface's words in one language (`interface/<language>.json`, since 1.6): every
/// control, notice and label an app may show around the program's content, as Folio's
/// site shows them, so an app speaks the learner's language without its own translation.
public struct InterfaceStrings: Codable, Sendable, Hashable {
    /// The language's BCP 47 tag.
    public var language: String
    /// The messages by key (`quiz.check`).
    public var messages: [String: InterfaceText]

    /// Words from their fields.
    public init(language: String, messages: [String: InterfaceText]) {
        self.language = language
        self.messages = messages
    }
}

/// One message of ``InterfaceStrings``: a text with named placeholders (`{title}`), or one
/// text per CLDR plural category (`one`, `other`, ...), which an app chooses by the
/// `count` placeholder with its platform's plural rules (`Intl.PluralRules`, ICU,
/// Android's `PluralRules`), using `other` for a category the message does not give.
public enum InterfaceText: Codable, Sendable, Hashable {
    case text(String)
    case plural([String: String])

    /// Reads a text, or an object of plural forms.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else {
            self = .plural(try container.decode([String: String].self))
        }
    }

    /// Writes a text, or an object of plural forms.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .plural(let forms): try container.encode(forms)
        }
    }

    /// The message with its placeholders filled from `values`, for the plural form named
    /// `category` (falling back to `other`).
    public func text(_ values: [String: String] = [:], category: String = "other") -> String {
        var text: String
        switch self {
        case .text(let single): text = single
        case .plural(let forms): text = forms[category] ?? forms["other"] ?? ""
        }
        for (name, value) in values { text = text.replacingOccurrences(of: "{\(name)}", with: value) }
        return text
    }
}
