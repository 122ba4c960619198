import _FoundationICU

/// One of CLDR's plural categories: the forms a language's words take for a count.
/// English and Spanish use `one` and `other`; other languages use up to all six.
public enum PluralCategory: String, Sendable, CaseIterable, Hashable {
    case zero, one, two, few, many, other
}

/// A language's plural rules, from the CLDR data ICU carries (the ICU that Foundation
/// ships, so a count is put in the same category in Swift as `Intl.PluralRules` puts it
/// in the site's scripts).
public struct PluralRules: Sendable {
    /// The BCP 47 tag the rules are for.
    public let language: String

    /// The rules of `language`; a tag ICU does not know gets the root rules (every count
    /// is `other`).
    public init(language: String) { self.language = language }

    /// The category `count` falls in.
    public func category(of count: Double) -> PluralCategory {
        var status = U_ZERO_ERROR
        // Opening rules is cheap next to writing a message, and keeping an ICU handle
        // would make this type neither Sendable nor a value.
        guard let rules = swift_uplrules_open(language.replacingOccurrences(of: "-", with: "_"), &status), status.rawValue <= 0
        else { return .other }
        defer { swift_uplrules_close(rules) }
        var buffer = [UChar](repeating: 0, count: 16)
        let length = swift_uplrules_select(rules, count, &buffer, Int32(buffer.count), &status)
        guard status.rawValue <= 0, length > 0 else { return .other }
        return PluralCategory(rawValue: String(decoding: buffer[0..<Int(length)], as: UTF16.self)) ?? .other
    }

    /// The categories the language's words take, in CLDR's order (`one`, `other` for
    /// English and Spanish): the forms a catalogue's plural message in it needs.
    public var categories: [PluralCategory] {
        var status = U_ZERO_ERROR
        guard let rules = swift_uplrules_open(language.replacingOccurrences(of: "-", with: "_"), &status), status.rawValue <= 0
        else { return [.other] }
        defer { swift_uplrules_close(rules) }
        guard let keywords = swift_uplrules_getKeywords(rules, &status), status.rawValue <= 0 else { return [.other] }
        defer { swift_uenum_close(keywords) }
        var found: Set<PluralCategory> = []
        var length: Int32 = 0
        while let keyword = swift_uenum_next(keywords, &length, &status), status.rawValue <= 0 {
            if let category = PluralCategory(rawValue: String(cString: keyword)) { found.insert(category) }
        }
        return PluralCategory.allCases.filter(found.contains)
    }

    /// The category `count` falls in.
    public func category(of count: Int) -> PluralCategory { category(of: Double(count)) }
}
