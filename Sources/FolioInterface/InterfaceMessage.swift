/// One message of an interface catalogue: a text with named placeholders (`{title}`),
/// or one text per plural category, chosen by the `count` placeholder.
public enum InterfaceMessage: Sendable, Hashable {
    case text(String)
    case plural([PluralCategory: String])

    /// The placeholder whose number chooses a plural form.
    public static let countPlaceholder = "count"

    /// The names of the placeholders the message's texts use, without braces.
    public var placeholders: Set<String> {
        switch self {
        case .text(let text): return Self.placeholders(in: text)
        case .plural(let forms): return forms.values.reduce(into: []) { $0.formUnion(Self.placeholders(in: $1)) }
        }
    }

    /// The message with its placeholders filled from `values`, the plural form chosen by
    /// `rules` for `values["count"]`; a placeholder without a value is left as written, so
    /// a mistake shows on the page rather than as a blank.
    public func text(_ values: [String: String], rules: PluralRules) -> String {
        switch self {
        case .text(let text):
            return Self.fill(text, values)
        case .plural(let forms):
            let count = values[Self.countPlaceholder].flatMap(Double.init) ?? 0
            let form = forms[rules.category(of: count)] ?? forms[.other] ?? ""
            return Self.fill(form, values)
        }
    }

    static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = rest[rest.index(after: open)..<close]
            if !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) {
                names.insert(String(name))
            }
            rest = rest[rest.index(after: close)...]
        }
        return names
    }

    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard text.contains("{") else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[rest.index(after: open)..<close])
            result += values[name] ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }
}
