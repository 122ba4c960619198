/// One HTML tag found in a text, read just well enough to convert the simple ones.
///
/// Reading is bounded: a tag longer than ``maxLength`` characters, or one that another
/// `<` interrupts, is not a tag, so no text makes the reader scan far ahead again and
/// again.
struct HTMLTag {
    /// The name in lower case (`b`, `img`), or `!--` for a comment.
    var name: String
    /// A closing tag (`</b>`).
    var closing: Bool
    /// Attribute values by lower-case name.
    var attributes: [String: String]
    /// The index just after the tag's `>`.
    var end: Int

    /// The longest tag read, attributes included.
    static let maxLength = 256

    /// The tag starting at `scalars[start]` (a `<`), or nil when none does.
    static func read(_ scalars: [Unicode.Scalar], at start: Int) -> HTMLTag? {
        var index = start + 1
        if hasPrefix("!--", scalars, at: index) {
            var end = index + 3
            while end + 2 < scalars.count {
                if scalars[end] == "-", scalars[end + 1] == "-", scalars[end + 2] == ">" {
                    return HTMLTag(name: "!--", closing: false, attributes: [:], end: end + 3)
                }
                end += 1
            }
            // An unclosed comment runs to the end, as in HTML.
            return HTMLTag(name: "!--", closing: false, attributes: [:], end: scalars.count)
        }
        let limit = min(scalars.count, start + maxLength)
        let closing = index < limit && scalars[index] == "/"
        if closing { index += 1 }
        var name = ""
        while index < limit, scalars[index].isASCII, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic else { return nil }
        var attributes: [String: String] = [:]
        while index < limit {
            let scalar = scalars[index]
            if scalar == ">" { return HTMLTag(name: name.lowercased(), closing: closing, attributes: attributes, end: index + 1) }
            if scalar == "<" { return nil }
            if scalar.properties.isAlphabetic {
                var key = ""
                while index < limit, scalars[index].properties.isAlphabetic || scalars[index] == "-" || scalars[index] == ":" {
                    key.unicodeScalars.append(scalars[index])
                    index += 1
                }
                var value = ""
                if index < limit, scalars[index] == "=" {
                    index += 1
                    let quote = index < limit && (scalars[index] == "\"" || scalars[index] == "'") ? scalars[index] : nil
                    if quote != nil { index += 1 }
                    while index < limit, quote.map({ scalars[index] != $0 }) ?? (scalars[index] != " " && scalars[index] != ">") {
                        value.unicodeScalars.append(scalars[index])
                        index += 1
                    }
                    if quote != nil { index += 1 }
                }
                attributes[key.lowercased()] = value
                continue
            }
            index += 1
        }
        return nil
    }

    /// The index just after the `</name>` that ends an element whose content is not
    /// text (`script`, `style`), or the end of the text.
    static func end(of name: String, in scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count {
            if scalars[index] == "<", let tag = read(scalars, at: index), tag.closing, tag.name == name { return tag.end }
            index += 1
        }
        return scalars.count
    }

    /// The character an entity at `scalars[start]` (a `&`) stands for, and the index
    /// after its `;`; nil when it is not an entity this reader knows. The character is
    /// nil when the entity is dropped: DEL, and the numbers 0x80 to 0x9F that name no
    /// character in the HTML standard's table (the others are read as that table
    /// says, `&#150;` an en dash, as browsers do), so that no control character that
    /// `folio check` refuses is written.
    static func entity(_ scalars: [Unicode.Scalar], at start: Int) -> (Unicode.Scalar?, Int)? {
        var index = start + 1
        var name = ""
        while index < scalars.count, index - start <= 10, scalars[index] != ";" {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";" else { return nil }
        // Control characters are not text, whatever number names them.
        func character(_ value: UInt32?) -> (Unicode.Scalar?, Int)? {
            guard let value, value >= 0x20 || value == 0x09 || value == 0x0A else { return nil }
            if value == 0x7F { return (nil, index + 1) }
            if (0x80...0x9F).contains(value) {
                let mapped = windows1252[Int(value - 0x80)]
                return (mapped == 0 ? nil : Unicode.Scalar(mapped), index + 1)
            }
            return Unicode.Scalar(value).map { ($0, index + 1) }
        }
        let named: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}"]
        if let scalar = named[name] { return (scalar, index + 1) }
        if name.hasPrefix("#x") || name.hasPrefix("#X") { return character(UInt32(name.dropFirst(2), radix: 16)) }
        if name.hasPrefix("#") { return character(UInt32(name.dropFirst())) }
        return nil
    }

    /// What the numbers 0x80 to 0x9F of a character reference stand for, in the HTML
    /// standard's table ("Numeric character reference end state"); 0 for the five it
    /// leaves as control characters.
    static let windows1252: [UInt32] = [
        0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,
        0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
    ]

    private static func hasPrefix(_ prefix: String, _ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var at = index
        for scalar in prefix.unicodeScalars {
            guard at < scalars.count, scalars[at] == scalar else { return false }
            at += 1
        }
        return true
    }
}
