/// One character of a GIFT question as the reader sees it, escapes resolved.
///
/// GIFT's symbols (`{ } = ~ # :`) lose their meaning after a backslash, so every search
/// for a symbol asks ``isSymbol(_:)`` instead of comparing scalars: `\{` is a brace
/// that opens nothing, and the text keeps a plain `{`.
struct GIFTCharacter {
    /// The character, after its escape.
    var scalar: Unicode.Scalar
    /// Written with a backslash (or made by one, like `\n`): never a GIFT symbol.
    var escaped: Bool
    /// Where it was written (its backslash, when escaped).
    var position: GIFTPosition

    /// Whether this is GIFT's `symbol`, not text.
    func isSymbol(_ symbol: Unicode.Scalar) -> Bool { !escaped && scalar == symbol }

    /// An unescaped space, tab or line break: what GIFT trims around its parts.
    var isSpace: Bool { !escaped && (scalar == " " || scalar == "\t" || scalar == "\n") }

    /// The characters of one line, with GIFT's escapes resolved: `\~ \= \# \{ \} \:`
    /// and `\\` stand for the character itself, `\n` for a line break. Any other
    /// backslash is kept as written, as Moodle does.
    static func line(_ text: Substring, number: Int) -> [GIFTCharacter] {
        let scalars = Array(text.unicodeScalars)
        var out: [GIFTCharacter] = []
        out.reserveCapacity(scalars.count)
        var index = 0
        while index < scalars.count {
            let position = GIFTPosition(line: number, column: index + 1)
            let scalar = scalars[index]
            if scalar == "\\", index + 1 < scalars.count {
                let next = scalars[index + 1]
                if "~=#{}:\\".unicodeScalars.contains(next) {
                    out.append(GIFTCharacter(scalar: next, escaped: true, position: position))
                    index += 2
                    continue
                }
                if next == "n" {
                    out.append(GIFTCharacter(scalar: "\n", escaped: true, position: position))
                    index += 2
                    continue
                }
            }
            out.append(GIFTCharacter(scalar: scalar, escaped: scalar == "\\", position: position))
            index += 1
        }
        return out
    }
}

extension ArraySlice where Element == GIFTCharacter {
    /// Without leading and trailing unescaped spaces, tabs and line breaks.
    var trimmed: ArraySlice<GIFTCharacter> {
        guard let first = firstIndex(where: { !$0.isSpace }), let last = lastIndex(where: { !$0.isSpace }) else {
            return self[endIndex..<endIndex]
        }
        return self[first...last]
    }

    /// The scalars as a string.
    var string: String {
        var out = String.UnicodeScalarView()
        out.append(contentsOf: map(\.scalar))
        return String(out)
    }

    /// Index of the first unescaped `symbol`.
    func firstSymbol(_ symbol: Unicode.Scalar) -> Int? {
        firstIndex { $0.isSymbol(symbol) }
    }

    /// Whether the unescaped characters of `symbols` stand at `index`.
    func hasSymbols(_ symbols: String, at index: Int) -> Bool {
        var at = index
        for scalar in symbols.unicodeScalars {
            guard at < endIndex, self[at].isSymbol(scalar) else { return false }
            at += 1
        }
        return true
    }

    /// Index of the first place where the unescaped `symbols` stand, from `start`.
    func firstSymbols(_ symbols: String, from start: Int? = nil) -> Int? {
        var index = start ?? startIndex
        while index < endIndex {
            if hasSymbols(symbols, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Index of the last place where the unescaped `symbols` stand.
    func lastSymbols(_ symbols: String) -> Int? {
        let length = symbols.unicodeScalars.count
        var index = endIndex - length
        while index >= startIndex {
            if hasSymbols(symbols, at: index) { return index }
            index -= 1
        }
        return nil
    }

    /// The parts before and after each unescaped `markers` character: the text before
    /// the first marker, then each marker with the text up to the next one.
    func split(beforeAny markers: String) -> (leading: ArraySlice<GIFTCharacter>, parts: [(marker: GIFTCharacter, body: ArraySlice<GIFTCharacter>)]) {
        let set = Set(markers.unicodeScalars)
        let isMarker = { (character: GIFTCharacter) in !character.escaped && set.contains(character.scalar) }
        guard let first = firstIndex(where: isMarker) else { return (self, []) }
        var parts: [(GIFTCharacter, ArraySlice<GIFTCharacter>)] = []
        var start = first
        while start < endIndex {
            let next = self[(start + 1)...].firstIndex(where: isMarker) ?? endIndex
            parts.append((self[start], self[(start + 1)..<next]))
            start = next
        }
        return (self[startIndex..<first], parts)
    }
}
