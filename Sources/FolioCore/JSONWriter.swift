/// Writes JSON into a byte buffer as fast as appending: the caller writes keys in the
/// order it wants (sorted, for stable output) and can append text it escaped once
/// and reuses (see ``escaped(_:)``).
public struct JSONWriter: Sendable {
    public private(set) var bytes: [UInt8] = []
    private var needsComma = false

    public init(capacity: Int = 1024) { bytes.reserveCapacity(capacity) }

    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    public mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    public mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    public mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    public mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A key of the object being written; its value follows.
    public mutating func key(_ key: StaticString) {
        separate()
        bytes.append(UInt8(ascii: "\""))
        append(key)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ text: String) {
        separate()
        Self.appendEscaped(text, to: &bytes)
        needsComma = true
    }

    /// A value already written as JSON: text escaped by ``escaped(_:)``, or the bytes
    /// of another writer.
    public mutating func json(_ json: [UInt8]) {
        separate()
        appendPiece(json)
        needsComma = true
    }

    /// A value written in pieces that together are one JSON value, for a caller that
    /// prepared most of them once: `beginPieces`, then `appendPiece` and
    /// `appendNumberPiece`, then `endPieces`. Nothing is checked or escaped.
    public mutating func beginPieces() { separate() }

    public mutating func appendPiece(_ piece: [UInt8]) {
        // Through a buffer pointer: `append(contentsOf:)` would otherwise take a reference to
        // the array for each call, which showed in `folio grade`'s time (docs/development.md,
        // "Measured choices").
        piece.withUnsafeBufferPointer { bytes.append(contentsOf: $0) }
    }

    package mutating func appendPiece(_ piece: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: piece) }

    public mutating func appendPiece(_ piece: StaticString) { append(piece) }

    /// A number as ``number(_:)-(Double)`` writes it.
    public mutating func appendNumberPiece(_ value: Double) { appendNumber(value) }

    /// A number as ``number(_:)-(Int)`` writes it.
    public mutating func appendNumberPiece(_ value: Int) { appendDigits(Int64(value)) }

    public mutating func endPieces() { needsComma = true }

    /// Ends pieces whose last is a key with its colon: the key's value is written next.
    public mutating func endPiecesWithKey() { needsComma = false }

    public mutating func bool(_ value: Bool) {
        separate()
        append(value ? "true" : "false")
        needsComma = true
    }

    public mutating func null() {
        separate()
        append("null")
        needsComma = true
    }

    /// Whole numbers without a fraction (`3`, not `3.0`), others in Swift's shortest
    /// form that reads back to the same `Double`; not-finite numbers, which JSON cannot
    /// hold, as `null`.
    public mutating func number(_ value: Double) {
        separate()
        appendNumber(value)
        needsComma = true
    }

    private mutating func appendNumber(_ value: Double) {
        if !value.isFinite {
            append("null")
        } else if value == value.rounded(), abs(value) < 1e15 {
            appendDigits(Int64(value))
        } else {
            bytes.append(contentsOf: "\(value)".utf8)
        }
    }

    public mutating func number(_ value: Int) {
        separate()
        appendDigits(Int64(value))
        needsComma = true
    }

    /// An integer's digits, without making a `String` first, appended in one step.
    private mutating func appendDigits(_ value: Int64) {
        if value >= 0, value < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(value))
            return
        }
        var magnitude = value.magnitude
        // Room for the 19 digits of the largest magnitude and a sign, filled from the end.
        var digits:
            (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            var start = buffer.count
            repeat {
                start -= 1
                buffer[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                buffer[start] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
        }
    }

    public mutating func number(_ value: UInt64) {
        separate()
        bytes.append(contentsOf: String(value).utf8)
        needsComma = true
    }

    /// Ends a line of JSON Lines.
    public mutating func newline() {
        bytes.append(0x0A)
        needsComma = false
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    /// `text` as a JSON string, quotes included, for writing many times.
    public static func escaped(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        appendEscaped(text, to: &bytes)
        return bytes
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x7F }) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0x0A:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "n"))
            case 0x0D:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "r"))
            case 0x09:
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(UInt8(ascii: "t"))
            case 0x00..<0x20, 0x7F:
                for escape in [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)],
                ] {
                    bytes.append(escape)
                }
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
