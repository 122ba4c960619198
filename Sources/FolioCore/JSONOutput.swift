import Foundation

/// How Folio writes JSON from `Encodable` values, in one place: keys sorted (so output
/// is deterministic) and slashes unescaped (so paths read as paths), with the bytes
/// Foundation's `JSONEncoder` gives for those options (see ``SortedJSONEncoder``).
public enum JSONOutput {
    /// Indented, for files people and tools read: the bundle, `--format json` reports.
    public static func pretty<Value: Encodable>(_ value: Value) throws -> Data {
        try SortedJSONEncoder(prettyPrinted: true).encode(value)
    }

    /// On one line, for JSON placed inside a page.
    public static func compact<Value: Encodable>(_ value: Value) throws -> Data {
        try SortedJSONEncoder(prettyPrinted: false).encode(value)
    }
}
