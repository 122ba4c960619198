/// JSON written as it is made, byte for byte as ``SortedJSONEncoder`` writes the same
/// value, for the types a build writes by the thousand (every quiz of the bundle): an
/// `Encodable` value goes through a tree of boxed nodes first, whose making and sorting
/// cost as much as writing the bytes.
///
/// The caller gives each object's keys in the order of their UTF-8 bytes, leaves out the
/// ones a synthesized `Encodable` conformance would leave out (nil values), and checks
/// its output against ``SortedJSONEncoder``'s in a test, so that the two never differ.
public struct JSONStream: Sendable {
    public let pretty: Bool
    public internal(set) var bytes: [UInt8] = []
    /// How deep the value being written is, and whether its container has an entry yet.
    private var depth = 0
    private var isEmpty: [Bool] = []

    public init(pretty: Bool, capacity: Int = 4096) {
        self.pretty = pretty
        bytes.reserveCapacity(capacity)
    }

    // MARK: Containers

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts the entry `key` of the object being written; its value follows.
    public mutating func key(_ key: String) {
        nextEntry()
        appendString(key)
        keySeparator()
    }

    /// Starts the next element of the array being written; its value follows.
    public mutating func element() { nextEntry() }

    // MARK: Values

    public mutating func string(_ text: String) { appendString(text) }
    public mutating func bool(_ value: Bool) { append(value ? "true" : "false") }
    public mutating func number(_ value: Int) { bytes.append(contentsOf: String(value).utf8) }

    /// A number as Foundation writes a `Double`; throws for one that is not finite.
    public mutating func number(_ value: Double) throws {
        bytes.append(contentsOf: try Self.numberText(value).utf8)
    }

    /// A floating-point number as Foundation writes it: Swift's shortest form that reads
    /// back the same, without a trailing `.0`. The one rule for this stream and for
    /// ``SortedJSONEncoder``.
    static func numberText<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ number: Number) throws -> String {
        guard number.isFinite else {
            throw EncodingError.invalidValue(
                number, EncodingError.Context(codingPath: [], debugDescription: "Unable to encode \(number) directly in JSON."))
        }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }

    /// The entry `key` with the text `value`.
    public mutating func string(_ key: String, _ value: String) {
        self.key(key)
        string(value)
    }

    /// The entry `key` with `true` or `false`.
    public mutating func bool(_ key: String, _ value: Bool) {
        self.key(key)
        bool(value)
    }

    /// The entry `key` with a whole number.
    public mutating func number(_ key: String, _ value: Int) {
        self.key(key)
        number(value)
    }

    /// The entry `key` with an array of strings as its value (`"accept" : ["yes"]`).
    public mutating func strings(_ key: String, _ values: [String]) {
        self.key(key)
        beginArray()
        for value in values {
            element()
            string(value)
        }
        endArray()
    }

    // MARK: Bytes

    private mutating func open(_ bracket: UInt8) {
        bytes.append(bracket)
        depth += 1
        isEmpty.append(true)
    }

    private mutating func close(_ bracket: UInt8) {
        depth -= 1
        if isEmpty.removeLast() {
            closeEmpty(bracket, depth: depth)
        } else {
            newline(depth: depth)
            bytes.append(bracket)
        }
    }

    private mutating func nextEntry() {
        if isEmpty[isEmpty.count - 1] {
            isEmpty[isEmpty.count - 1] = false
        } else {
            bytes.append(UInt8(ascii: ","))
        }
        newline(depth: depth)
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Between a key and its value: ` : ` when pretty, as Foundation writes it.
    mutating func keySeparator() {
        if pretty {
            bytes.append(UInt8(ascii: " "))
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: " "))
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
    }

    /// Foundation writes an empty container on three lines when pretty: `[`, an empty
    /// line, and the closing bracket indented as its opening line.
    mutating func closeEmpty(_ bracket: UInt8, depth: Int) {
        if pretty {
            bytes.append(0x0A)
            newline(depth: depth)
        }
        bytes.append(bracket)
    }

    mutating func newline(depth: Int) {
        guard pretty else { return }
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `text` in quotes, escaped as Foundation does: quote, backslash and the control
    /// characters, `\b \t \n \f \r` by name and the others as `\u00XX`; nothing else.
    mutating func appendString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            while true {
                let index = ByteScan.next(
                    in: utf8, from: start,
                    marks: { ByteScan.below(0x20, in: $0) | ByteScan.byte(UInt8(ascii: "\""), in: $0) | ByteScan.byte(UInt8(ascii: "\\"), in: $0) })
                guard index < utf8.count else { break }
                let byte = utf8[index]
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                default:
                    bytes.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)],
                    ])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
