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

    /// ``pretty(_:)``'s bytes made ``compact(_:)``'s: the whitespace between tokens
    /// taken out, byte by byte, which costs a fraction of encoding the value again.
    public static func compacted(_ pretty: Data) -> Data {
        var out = Data(count: pretty.count)
        let count = out.withUnsafeMutableBytes { (target: UnsafeMutableRawBufferPointer) -> Int in
            pretty.withUnsafeBytes { (source: UnsafeRawBufferPointer) -> Int in
                var count = 0
                var whitespace = JSONWhitespace()
                for byte in source where !whitespace.dropped(byte) {
                    target[count] = byte
                    count += 1
                }
                return count
            }
        }
        out.count = count
        return out
    }
}

/// Tells, byte after byte of JSON, which bytes are white space between tokens: the one
/// scanner of ``JSONOutput/compacted(_:)`` and of any writer that compacts JSON on its
/// way elsewhere (a quiz's data in its page). Bytes inside strings are always kept.
public struct JSONWhitespace {
    @usableFromInline var inString = false
    @usableFromInline var escaped = false

    public init() {}

    /// Whether `byte`, the next of the JSON, is white space between tokens.
    @inlinable public mutating func dropped(_ byte: UInt8) -> Bool {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
            return false
        }
        if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { return true }
        if byte == UInt8(ascii: "\"") { inString = true }
        return false
    }
}
