import Foundation

/// Encodes `Encodable` values as JSON with sorted keys, byte for byte as Foundation's
/// `JSONEncoder` does with `.sortedKeys` and `.withoutEscapingSlashes` (and `.prettyPrinted`
/// when asked), in a fraction of its time.
///
/// Written by hand because the bundle is encoded once per chapter and deck, with its
/// search index and manifest, and Foundation's encoder builds dictionaries of boxed
/// values, then sorts their keys with a locale-aware comparison (what this saves is in
/// docs/development.md, Twins). This one keeps each object's keys in an array and sorts
/// them by their UTF-8 bytes, which is the order Foundation's output has
/// (`SortedJSONEncoderTests` compares the two on every file of real bundles, on quizzes
/// made at random and on edge cases: escapes, numbers, empty containers, keys outside
/// ASCII).
///
/// Matches Foundation's default strategies: a `Date` is its seconds since 2001, `Data`
/// is Base64, a `URL` its absolute string, a not-finite number an error. `codingPath` is
/// always empty: nothing Folio encodes reads it, and keeping it costs an array per value.
public struct SortedJSONEncoder: Sendable {
    public var prettyPrinted: Bool

    public init(prettyPrinted: Bool) { self.prettyPrinted = prettyPrinted }

    public func encode<Value: Encodable>(_ value: Value) throws -> Data {
        let node = try TreeEncoder.node(for: value)
        var output = JSONText(pretty: prettyPrinted)
        output.write(node, depth: 0)
        return Data(output.bytes)
    }
}

// MARK: - The tree an encoding makes

/// A value being encoded. Objects and arrays are boxes so that containers handed out
/// by the encoder can keep filling them after they were placed in their parent.
private enum Node {
    case string(String)
    /// A number, `true`, `false` or `null`, already as its JSON text.
    case literal(String)
    case object(ObjectBox)
    case array(ArrayBox)
}

private final class ObjectBox {
    var keys: [String] = []
    var values: [Node] = []

    func set(_ key: String, _ value: Node) {
        keys.append(key)
        values.append(value)
    }
}

private final class ArrayBox {
    var values: [Node] = []
}

// MARK: - Encoder

private final class TreeEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    var node: Node?

    /// The tree of `value`, without an encoder for the values JSON holds directly.
    ///
    /// The type is compared before anything is cast: a failed `as` is a call into the
    /// runtime, and most values (questions, choices, arrays of them) are none of these.
    static func node<Value: Encodable>(for value: Value) throws -> Node {
        if Value.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if Value.self == Int.self { return .literal(String(unsafeBitCast(value, to: Int.self))) }
        if Value.self == Bool.self { return .literal(unsafeBitCast(value, to: Bool.self) ? "true" : "false") }
        if Value.self == Double.self { return .literal(try text(unsafeBitCast(value, to: Double.self))) }
        guard scalarTypes.contains(ObjectIdentifier(Value.self)) else {
            let encoder = TreeEncoder()
            try value.encode(to: encoder)
            // A value that encoded nothing is an empty object, as in Foundation.
            return encoder.node ?? .object(ObjectBox())
        }
        switch value {
        case let number as Float: return .literal(try text(number))
        case let number as Int64: return .literal(String(number))
        case let number as Int32: return .literal(String(number))
        case let number as UInt64: return .literal(String(number))
        case let number as UInt: return .literal(String(number))
        case let number as UInt32: return .literal(String(number))
        case let number as UInt8: return .literal(String(number))
        case let number as Int8: return .literal(String(number))
        case let number as Int16: return .literal(String(number))
        case let number as UInt16: return .literal(String(number))
        case let url as URL: return .string(url.absoluteString)
        case let date as Date: return .literal(try text(date.timeIntervalSinceReferenceDate))
        case let data as Data: return .string(data.base64EncodedString())
        case let number as Decimal: return .literal(number.description)
        default: preconditionFailure("\(Value.self) is listed as a scalar type but not handled")
        }
    }

    /// The other types Foundation writes as one JSON value rather than by their `encode(to:)`.
    private static let scalarTypes: Set<ObjectIdentifier> = [
        ObjectIdentifier(Float.self), ObjectIdentifier(Int64.self), ObjectIdentifier(Int32.self), ObjectIdentifier(UInt64.self),
        ObjectIdentifier(UInt.self), ObjectIdentifier(UInt32.self), ObjectIdentifier(UInt8.self), ObjectIdentifier(Int8.self),
        ObjectIdentifier(Int16.self), ObjectIdentifier(UInt16.self), ObjectIdentifier(URL.self), ObjectIdentifier(Date.self),
        ObjectIdentifier(Data.self), ObjectIdentifier(Decimal.self),
    ]

    /// A floating-point number as ``JSONStream/numberText(_:)`` writes it.
    static func text<Number: BinaryFloatingPoint & LosslessStringConvertible>(_ number: Number) throws -> String {
        try JSONStream.numberText(number)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object(let box) = node { return KeyedEncodingContainer(KeyedContainer(box: box)) }
        let box = ObjectBox()
        node = .object(box)
        return KeyedEncodingContainer(KeyedContainer(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array(let box) = node { return UnkeyedContainer(box: box) }
        let box = ArrayBox()
        node = .array(box)
        return UnkeyedContainer(box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(encoder: self) }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: ObjectBox
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) { box.set(key.stringValue, .literal("null")) }
    mutating func encode(_ value: Bool, forKey key: Key) { box.set(key.stringValue, .literal(value ? "true" : "false")) }
    mutating func encode(_ value: String, forKey key: Key) { box.set(key.stringValue, .string(value)) }
    mutating func encode(_ value: Int, forKey key: Key) { box.set(key.stringValue, .literal(String(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { box.set(key.stringValue, .literal(try TreeEncoder.text(value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { box.set(key.stringValue, try TreeEncoder.node(for: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectBox()
        box.set(key.stringValue, .object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayBox()
        box.set(key.stringValue, .array(nested))
        return UnkeyedContainer(box: nested)
    }

    mutating func superEncoder() -> any Encoder { SlotEncoder(box: box, key: "super") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { SlotEncoder(box: box, key: key.stringValue) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: ArrayBox
    var codingPath: [any CodingKey] { [] }
    var count: Int { box.values.count }

    mutating func encodeNil() { box.values.append(.literal("null")) }
    mutating func encode(_ value: Bool) { box.values.append(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) { box.values.append(.string(value)) }
    mutating func encode(_ value: Int) { box.values.append(.literal(String(value))) }
    mutating func encode(_ value: Double) throws { box.values.append(.literal(try TreeEncoder.text(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { box.values.append(try TreeEncoder.node(for: value)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectBox()
        box.values.append(.object(nested))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayBox()
        box.values.append(.array(nested))
        return UnkeyedContainer(box: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let index = box.values.count
        box.values.append(.object(ObjectBox()))
        return SlotEncoder { [box] in box.values[index] = $0 }
    }
}

extension SlotEncoder {
    /// For the value of `key` in `box`.
    convenience init(box: ObjectBox, key: String) {
        let index = box.keys.count
        box.set(key, .object(ObjectBox()))
        self.init { box.values[index] = $0 }
    }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { encoder.node = .literal("null") }
    mutating func encode(_ value: Bool) { encoder.node = .literal(value ? "true" : "false") }
    mutating func encode(_ value: String) { encoder.node = .string(value) }
    mutating func encode(_ value: Int) { encoder.node = .literal(String(value)) }
    mutating func encode(_ value: Double) throws { encoder.node = .literal(try TreeEncoder.text(value)) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.node = try TreeEncoder.node(for: value) }
}

/// The encoder `superEncoder()` hands out: what it encodes goes to one place of its parent.
private final class SlotEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    private let inner = TreeEncoder()
    private let place: (Node) -> Void

    /// `place` puts the value in its parent, which holds an empty object there until then.
    init(place: @escaping (Node) -> Void) { self.place = place }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        defer { place(inner.node!) }
        return inner.container(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        defer { place(inner.node!) }
        return inner.unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SlotValueContainer(encoder: self) }

    fileprivate func set(_ node: Node) { place(node) }
}

private struct SlotValueContainer: SingleValueEncodingContainer {
    let encoder: SlotEncoder
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() { encoder.set(.literal("null")) }
    mutating func encode(_ value: Bool) { encoder.set(.literal(value ? "true" : "false")) }
    mutating func encode(_ value: String) { encoder.set(.string(value)) }
    mutating func encode(_ value: Int) { encoder.set(.literal(String(value))) }
    mutating func encode(_ value: Double) throws { encoder.set(.literal(try TreeEncoder.text(value))) }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.set(try TreeEncoder.node(for: value)) }
}

// MARK: - Writing the tree

private struct JSONText {
    var stream: JSONStream
    var bytes: [UInt8] { stream.bytes }

    init(pretty: Bool) { stream = JSONStream(pretty: pretty) }

    mutating func write(_ node: Node, depth: Int) {
        switch node {
        case .string(let text): stream.appendString(text)
        case .literal(let text): stream.bytes.append(contentsOf: text.utf8)
        case .array(let box):
            stream.bytes.append(UInt8(ascii: "["))
            if box.values.isEmpty {
                stream.closeEmpty(UInt8(ascii: "]"), depth: depth)
                return
            }
            for (index, value) in box.values.enumerated() {
                if index > 0 { stream.bytes.append(UInt8(ascii: ",")) }
                stream.newline(depth: depth + 1)
                write(value, depth: depth + 1)
            }
            stream.newline(depth: depth)
            stream.bytes.append(UInt8(ascii: "]"))
        case .object(let box):
            stream.bytes.append(UInt8(ascii: "{"))
            if box.keys.isEmpty {
                stream.closeEmpty(UInt8(ascii: "}"), depth: depth)
                return
            }
            var first = true
            for index in Self.sortedOrder(box.keys) {
                if !first { stream.bytes.append(UInt8(ascii: ",")) }
                first = false
                stream.newline(depth: depth + 1)
                stream.appendString(box.keys[index])
                stream.keySeparator()
                write(box.values[index], depth: depth + 1)
            }
            stream.newline(depth: depth)
            stream.bytes.append(UInt8(ascii: "}"))
        }
    }

    /// The order of `keys` by their UTF-8 bytes; of keys given twice, the one set last.
    static func sortedOrder(_ keys: [String]) -> [Int] {
        var order = Array(keys.indices)
        order.sort { a, b in
            let left = keys[a], right = keys[b]
            if left == right { return a < b }
            return left.utf8.lexicographicallyPrecedes(right.utf8)
        }
        // A key set twice keeps its last value, as in Foundation's dictionary of values.
        var index = order.count - 1
        while index > 0 {
            if keys[order[index]] == keys[order[index - 1]] { order.remove(at: index - 1) }
            index -= 1
        }
        return order
    }
}
