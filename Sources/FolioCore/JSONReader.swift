/// A strict, small JSON reader (RFC 8259) for inputs read in bulk, such as the attempts `folio
/// grade` reads: Foundation's `JSONDecoder` spends most of its time in the generic Codable
/// machinery, which made grading many times slower than reading (docs/development.md, "Measured
/// choices").
///
/// It accepts exactly JSON: no comments, no trailing commas, no leading zeros, no
/// `NaN`, no lone surrogates, UTF-8 only. Nesting is limited to ``maximumDepth`` so a
/// hostile file cannot exhaust the stack.
public struct JSONReader {
    /// Arrays and objects nested deeper than this are refused.
    public static let maximumDepth = 64

    /// Why a document is not JSON, and where: a 1-based byte offset into the input.
    public struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
        public var offset: Int
        public var reason: String
        public var description: String { "\(reason) (at character \(offset))" }
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Reads one whole document; anything after it but whitespace is an error.
    public static func read<Bytes: Collection>(_ input: Bytes) throws(Failure) -> JSONValue where Bytes.Element == UInt8 {
        let result: Result<JSONValue, Failure> =
            input.withContiguousStorageIfAvailable { buffer in
                var reader = JSONReader(buffer)
                return Result { () throws(Failure) in try reader.document() }
            }
            ?? Array(input).withUnsafeBufferPointer { buffer in
                var reader = JSONReader(buffer)
                return Result { () throws(Failure) in try reader.document() }
            }
        return try result.get()
    }

    private mutating func document() throws(Failure) -> JSONValue {
        // A byte order mark is not JSON, but editors add one; it carries no meaning.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        skipWhitespace()
        let value = try self.value()
        skipWhitespace()
        guard position == bytes.count else { throw fail("unexpected text after the end of the JSON value") }
        return value
    }

    private func fail(_ reason: String) -> Failure { Failure(offset: position + 1, reason: reason) }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    private mutating func value() throws(Failure) -> JSONValue {
        guard position < bytes.count else { throw fail("the JSON ends where a value was expected") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("expected a JSON value (an object, list, text, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count,
            (0..<count).allSatisfy({ bytes[position + $0] == word.utf8Start[$0] })
        else { throw fail("expected `\(word)`") }
        position += count
        return value
    }

    private mutating func enter() throws(Failure) {
        depth += 1
        if depth > Self.maximumDepth { throw fail("the JSON is nested more than \(Self.maximumDepth) levels deep") }
    }

    private mutating func object() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var members: [(key: String, value: JSONValue)] = []
        members.reserveCapacity(8)
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw fail("expected a key in double quotes") }
            let key = try string()
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw fail("expected `:` after a key") }
            position += 1
            skipWhitespace()
            members.append((key, try value()))
            skipWhitespace()
            guard position < bytes.count else { throw fail("the JSON ends inside an object: a `}` is missing") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            } else {
                throw fail("expected `,` or `}` in an object")
            }
        }
    }

    private mutating func array() throws(Failure) -> JSONValue {
        try enter()
        defer { depth -= 1 }
        position += 1
        var items: [JSONValue] = []
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            items.append(try value())
            skipWhitespace()
            guard position < bytes.count else { throw fail("the JSON ends inside a list: a `]` is missing") }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(items)
            } else {
                throw fail("expected `,` or `]` in a list")
            }
        }
    }

    private mutating func number() throws(Failure) -> JSONValue {
        let start = position
        position = try Self.numberEnd(in: bytes, from: start).get()
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
    }

    /// Where the number that starts at `start` ends, by JSON's number grammar; or where
    /// and why it breaks it. The one statement of the grammar, also for readers that
    /// look at bytes without making values (`folio grade`'s attempts).
    package static func numberEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Result<Int, Failure> {
        var position = start
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func fail(_ reason: String) -> Result<Int, Failure> { .failure(Failure(offset: position + 1, reason: reason)) }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { return fail("expected a digit in a number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { return fail("a number cannot start with 0") }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { return fail("expected a digit after the decimal point") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { return fail("expected a digit in the exponent") }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        return .success(position)
    }

    /// A string, from its opening quote; the common case without escapes is copied whole.
    private mutating func string() throws(Failure) -> String {
        position += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = try utf8(start, position)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail("a control character must be escaped inside text") }
            position += 1
        }
        var scalars = try utf8(start, position)
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return scalars
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"): scalars.unicodeScalars.append(try unicodeEscape())
                default:
                    position -= 2
                    throw fail("unknown escape `\\\(Character(Unicode.Scalar(escape)))` in text")
                }
            default:
                if byte < 0x20 { throw fail("a control character must be escaped inside text") }
                let start = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\"),
                    bytes[position] >= 0x20
                {
                    position += 1
                }
                scalars += try utf8(start, position)
            }
        }
        throw fail("the JSON ends inside text: a closing `\"` is missing")
    }

    /// `\uXXXX`, with a second one for characters beyond the Basic Multilingual Plane.
    private mutating func unicodeEscape() throws(Failure) -> Unicode.Scalar {
        let first = try hex4()
        if (0xD800...0xDBFF).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { throw fail("a high surrogate `\\u` escape must be followed by a low one") }
            position += 2
            let second = try hex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw fail("a high surrogate `\\u` escape must be followed by a low one") }
            return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))!
        }
        guard let scalar = Unicode.Scalar(first) else { throw fail("a lone low surrogate `\\u` escape is not a character") }
        return scalar
    }

    private mutating func hex4() throws(Failure) -> UInt32 {
        guard position + 4 <= bytes.count else { throw fail("expected four hex digits after `\\u`") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw fail("expected four hex digits after `\\u`")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    /// The bytes `start..<end` as text, refusing invalid UTF-8.
    private func utf8(_ start: Int, _ end: Int) throws(Failure) -> String {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<end])
        // ASCII needs no validation, and is most of what is read.
        if slice.allSatisfy({ $0 < 0x80 }) { return String(decoding: slice, as: UTF8.self) }
        guard let text = String(validating: slice, as: UTF8.self) else {
            throw Failure(offset: start + 1, reason: "the text is not valid UTF-8")
        }
        return text
    }
}
