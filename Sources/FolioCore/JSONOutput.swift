import Foundation

/// How Folio writes JSON with Foundation's encoder, in one place: keys sorted (so output
/// is deterministic) and slashes unescaped (so paths read as paths).
public enum JSONOutput {
    /// Indented, for files people and tools read: the bundle, `--format json` reports.
    public static func pretty<Value: Encodable>(_ value: Value) throws -> Data {
        try encoder(pretty: true).encode(value)
    }

    /// On one line, for JSON placed inside a page.
    public static func compact<Value: Encodable>(_ value: Value) throws -> Data {
        try encoder(pretty: false).encode(value)
    }

    private static func encoder(pretty: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
