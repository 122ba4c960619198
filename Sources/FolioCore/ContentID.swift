import Foundation

/// Folio ids (of chapters, quizzes, decks, questions, rights): lower-case letters, digits
/// and single hyphens, because they key URLs, bundle files and saved progress. Also makes
/// them from names written for people (titles, file names).
public enum ContentID {
    /// Longest id made from a name; longer names are cut at a hyphen.
    public static let maxLength = 60

    /// Whether `id` is a valid Folio id.
    public static func isValid(_ id: String) -> Bool {
        // By bytes: every id of every question and choice is asked, and `contains("--")`
        // went through Foundation's search for each.
        let hyphen = UInt8(ascii: "-")
        var previous = hyphen
        for byte in id.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case hyphen where previous != hyphen: break
            default: return false
            }
            previous = byte
        }
        return previous != hyphen
    }

    /// The id for `name`: accents dropped (`Élan` -> `elan`), apostrophes dropped
    /// (`Grant's` -> `grants`), every other run of characters that are not letters or
    /// digits made one hyphen. Nil when nothing is left (`???`, a title in Chinese).
    public static func make(from name: String) -> String? { make(from: name, rule: .id) }

    /// How a name is made an id.
    public enum Rule: Sendable {
        /// Ids of content and headings: accents and apostrophes dropped, at most
        /// ``maxLength`` characters.
        case id
        /// The site's key for a program's saved progress, as version 1 made it from the
        /// title (`Go Grrrls` -> `go-grrrls`): every character other than an ASCII letter
        /// or digit is a break, accents and apostrophes too. Kept as it was, so that
        /// learners' progress saved under it is still found.
        case version1Key
    }

    /// The id for `name` by `rule`; nil when nothing is left.
    public static func make(from name: String, rule: Rule) -> String? {
        // Folding is slow, and leaves ASCII as it is but for case: most names skip it
        // (docs/development.md, "Measured choices").
        let folded =
            rule == .id && !name.utf8.allSatisfy({ $0 < 0x80 })
            ? name.folding(options: [.diacriticInsensitive, .caseInsensitive, .widthInsensitive], locale: nil).lowercased() : name.lowercased()
        var id = ""
        var pendingHyphen = false
        for scalar in folded.unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                if pendingHyphen, !id.isEmpty { id += "-" }
                pendingHyphen = false
                id.unicodeScalars.append(scalar)
            } else if rule == .version1Key || (scalar != "'" && scalar != "\u{2019}") {
                pendingHyphen = true
            }
        }
        if rule == .id, id.count > maxLength {
            id = String(id.prefix(maxLength))
            if let hyphen = id.lastIndex(of: "-"), id.distance(from: id.startIndex, to: hyphen) >= maxLength / 2 {
                id = String(id[..<hyphen])
            }
            while id.hasSuffix("-") { id.removeLast() }
        }
        return id.isEmpty ? nil : id
    }

    /// The id a file gets when it does not state one, and the number its name starts
    /// with: its name without extension and without a leading number and hyphen
    /// (`01-who-am-i.md` -> `who-am-i`, 1).
    public static func fromFileName(_ name: String) -> (id: String, number: Int?) {
        var base = name
        if let dot = base.lastIndex(of: ".") { base = String(base[..<dot]) }
        let digits = base.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, base.dropFirst(digits.count).first == "-" {
            return (String(base.dropFirst(digits.count + 1)), Int(digits))
        }
        return (base, nil)
    }

    /// Whether a file is one an author did not mean as content, which Folio skips:
    /// hidden files, editor backups and swap files, and the files some systems leave.
    public static func isIgnoredFileName(_ name: String) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || name.hasPrefix("#") || name.hasSuffix(".bak")
            || name.hasSuffix(".swp") || name.hasSuffix(".tmp") || name == "Thumbs.db" || name == "desktop.ini"
    }
}
