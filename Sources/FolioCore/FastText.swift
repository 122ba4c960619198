import Foundation

/// Text operations on UTF-8 bytes, for hot paths where Foundation's `NSString`-based
/// versions (`trimmingCharacters`, `split`) cost more than the parsing.
extension String {
    /// The string without leading and trailing ASCII spaces, tabs and line breaks.
    public var trimmedASCIIWhitespace: String {
        let kept = utf8.rangeTrimmingASCIIWhitespace
        // Most text has nothing to trim: then it is this string, not a copy of it, so a
        // program that keeps both holds one (every quiz's text passes through here).
        if kept == utf8.startIndex..<utf8.endIndex { return self }
        return String(self[kept])
    }

    /// The string as `trimmingCharacters(in: .whitespaces)` gives it (without spaces, tabs and
    /// Unicode's other spaces at its ends), and this very string when both its ends are ASCII
    /// but for a space or a tab, as almost every text's are: Foundation's bridges the whole
    /// string to look, which showed in resolving a chapter (docs/development.md, "Measured
    /// choices").
    public var trimmedSpaces: String {
        guard let first = utf8.first, let last = utf8.last else { return self }
        func keeps(_ byte: UInt8) -> Bool { byte < 0x80 && byte != 0x20 && byte != 0x09 }
        if keeps(first), keeps(last) { return self }
        return trimmingCharacters(in: .whitespaces)
    }

    static func isASCIIWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
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

extension Substring {
    /// The text without the spaces and tabs at its end, found by bytes: trimming a
    /// Character at a time is slow enough on a line of many thousand spaces to stall
    /// a check.
    public var withoutTrailingSpacesAndTabs: Substring {
        let bytes = utf8
        var end = bytes.endIndex
        while end > bytes.startIndex {
            let before = bytes.index(before: end)
            guard bytes[before] == 0x20 || bytes[before] == 0x09 else { break }
            end = before
        }
        return self[startIndex..<end]
    }
}

extension Int {
    /// `200000` as `200,000`, as messages and the README write counts and limits.
    public var withThousandsSeparators: String {
        let digits = Array(String(magnitude))
        var out = self < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return out
    }
}

extension BidirectionalCollection where Element == UInt8 {
    /// Where the UTF-8 bytes are once leading and trailing ASCII spaces, tabs and line
    /// breaks are left out (`String.trimmedASCIIWhitespace`); an empty range at the
    /// end when they are all such.
    package var rangeTrimmingASCIIWhitespace: Range<Index> {
        guard let first = firstIndex(where: { !String.isASCIIWhitespace($0) }) else { return endIndex..<endIndex }
        let last = lastIndex(where: { !String.isASCIIWhitespace($0) })!
        return first..<index(after: last)
    }
}
