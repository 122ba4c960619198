/// A JSON document as read by ``JSONReader``: strict RFC 8259, nothing more.
///
/// Numbers keep their text, so a seed up to 2^64 - 1 is read exactly instead of through
/// a `Double`. Objects keep their members in order, duplicates included, so a reader
/// can report a key written twice instead of silently keeping one.
public enum JSONValue: Equatable, Sendable {
    case null
    case bool(Bool)
    /// The number as written, already checked against JSON's number grammar.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The member `key` of an object (the first, if written twice).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A number as a `Double`; nil for anything else or a number too large for one.
    public var double: Double? {
        guard case .number(let text) = self, let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A whole number from 0 to `UInt64.max`, exactly; nil otherwise (`1.5`, `-1`, `1e3`).
    public var unsignedInteger: UInt64? {
        guard case .number(let text) = self else { return nil }
        return UInt64(text)
    }

    /// What a person would call this kind of value, for messages.
    public var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "text"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
