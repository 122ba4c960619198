/// Text operations on UTF-8 bytes, for hot paths where Foundation's `NSString`-based
/// versions (`trimmingCharacters`, `replacingOccurrences`) cost more than the parsing.
extension String {
    /// The string without leading and trailing ASCII spaces, tabs and line breaks.
    public var trimmedASCIIWhitespace: String {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !Self.isASCIIWhitespace($0) }) else { return "" }
        let last = bytes.lastIndex(where: { !Self.isASCIIWhitespace($0) })!
        return String(self[first...last])
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Every occurrence of `target` replaced by `replacement`, matched on UTF-8 bytes.
    public func replacingAll(_ target: String, with replacement: String) -> String {
        let source = Array(utf8), pattern = Array(target.utf8)
        guard !pattern.isEmpty, source.count >= pattern.count else { return self }
        var out: [UInt8] = []
        out.reserveCapacity(source.count)
        var i = 0
        var found = false
        let last = source.count - pattern.count
        while i < source.count {
            if i <= last, source[i] == pattern[0], source[i..<(i + pattern.count)].elementsEqual(pattern) {
                out.append(contentsOf: replacement.utf8)
                i += pattern.count
                found = true
            } else {
                out.append(source[i])
                i += 1
            }
        }
        return found ? String(decoding: out, as: UTF8.self) : self
    }

    /// The lines of the string split on `\n` (without the line breaks), as substrings.
    public var linesByNewline: [Substring] {
        var lines: [Substring] = []
        var start = startIndex
        var index = utf8.startIndex
        while index != utf8.endIndex {
            if utf8[index] == 0x0A {
                lines.append(self[start..<index])
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        lines.append(self[start...])
        return lines
    }
}
