import FolioCore
import FolioModel

/// The text of one paragraph as Markdown left it: its text runs, a line feed for each
/// line break, and ``code`` for each code span (whose text is meant as written). A
/// paragraph's text shows what Markdown did not read as markup: a `•` bullet, a heading
/// without its space, a picture whose address has a space.
struct WrittenParagraph {
    /// Stands for a code span, which no habit is looked for in.
    static let code: UInt8 = 0x1A
    /// Where the paragraph starts.
    var location: SourceLocation
    var bytes: [UInt8] = []

    /// Whether a habit could be in these bytes at all: each needs a `]` somewhere, or a
    /// line that starts (after spaces) with `#` or the first byte of a bullet (`•` and its
    /// kind start with 0xE2, `·` with 0xC2). Every paragraph of every chapter is asked.
    var mayHoldAHabit: Bool {
        var atLineStart = true
        return bytes.withUnsafeBufferPointer { Self.mayHoldAHabit($0, atLineStart: &atLineStart) }
    }

    /// ``mayHoldAHabit`` for `text` that continues a paragraph's, told whether it starts a
    /// line, for text that arrives a run at a time; `atLineStart` is left as the text's end
    /// leaves it. The `]` and the line breaks are looked for eight bytes at a time, and only
    /// the lines' first bytes are looked at.
    static func mayHoldAHabit(_ text: UnsafeBufferPointer<UInt8>, atLineStart: inout Bool) -> Bool {
        if ByteScan.next(in: text, from: 0, marks: { ByteScan.byte(UInt8(ascii: "]"), in: $0) }) < text.count { return true }
        var index = 0
        while index < text.count {
            if atLineStart {
                while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") { index += 1 }
                guard index < text.count else { return false }
                if text[index] == UInt8(ascii: "#") || text[index] == 0xE2 || text[index] == 0xC2 { return true }
                atLineStart = false
            }
            let newline = ByteScan.next(in: text, from: index, marks: { ByteScan.byte(UInt8(ascii: "\n"), in: $0) })
            guard newline < text.count else { return false }
            index = newline + 1
            atLineStart = true
        }
        return false
    }
}

/// Habits of word processors, of YAML and of notes to self that Markdown reads otherwise
/// than the author meant, each warned of with the Markdown that was meant. They are
/// warnings: a program that has them still builds, as it did before they were reported.
enum WritingHabitRules {
    /// Characters word processors put before list items, which Markdown shows as text.
    static let bullets: Set<Unicode.Scalar> = ["•", "●", "○", "◦", "▪", "■", "‣", "⁃", "·"]

    /// A heading made with one `#`: the largest there is, a second title under the one the
    /// chapter's `title:` gives; and the way a note to self is written in YAML, which
    /// learners would see here.
    static func heading(level: Int, text: String, at location: SourceLocation, diagnostics: inout DiagnosticList) {
        guard level == 1 else { return }
        let shown = text.count > 60 ? String(text.prefix(57)) + "..." : text
        diagnostics.warning(
            .headingLevelOne, at: location,
            "learners see this line as a large heading, like a second title: a line that starts with one `#` is a heading in a chapter's text",
            help:
                "for a note to yourself that learners never see, write `<!-- \(shown) -->`; for a heading, use two number signs: `## \(shown)` (the page's title comes from `title:`)"
        )
    }

    /// The habits a paragraph's text can show. `source` gives the columns: the paragraph's
    /// text no longer has the markup of its lines.
    static func paragraph(_ paragraph: WrittenParagraph, source: SourceFile, diagnostics: inout DiagnosticList) {
        guard paragraph.mayHoldAHabit else { return }
        let text = String(decoding: paragraph.bytes, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var reportedBullet = false
        for (index, line) in lines.enumerated() {
            let written = line.drop { $0 == " " || $0 == "\t" }
            let lineNumber = paragraph.location.line + index
            if !reportedBullet, let first = written.unicodeScalars.first, bullets.contains(first) {
                reportedBullet = true
                let item = written.unicodeScalars.dropFirst().drop { $0 == " " || $0 == "\t" }
                diagnostics.warning(
                    .bulletNotMarkdown, at: place(of: String(first), onLine: lineNumber, paragraph, source),
                    "a line starting with `\(first)` is shown as written, not as a list: Markdown's list items start with a dash",
                    help: "start each item with a dash and a space, after a blank line: `- \(String(item))`")
            }
            if let heading = headingWithoutSpace(written) {
                diagnostics.warning(
                    .headingWithoutSpace, at: place(of: String(written.prefix(heading.level)), onLine: lineNumber, paragraph, source),
                    "`\(written.prefix(heading.level + 12))` is shown as text, not as a heading: a heading needs a space after its `\(String(repeating: "#", count: heading.level))`",
                    help: "write `\(String(repeating: "#", count: heading.level)) \(heading.text)` on a line of its own")
            }
            for address in addressesWithSpaces(in: line) {
                report(address, onLine: lineNumber, paragraph, source, diagnostics: &diagnostics)
            }
        }
    }

    /// `##Heading`: two to six `#` and no space before the text. One `#` is left alone:
    /// a line may well start with a hashtag.
    static func headingWithoutSpace(_ line: Substring) -> (level: Int, text: String)? {
        let level = line.prefix { $0 == "#" }.count
        guard (2...6).contains(level) else { return nil }
        let rest = line.dropFirst(level)
        guard let next = rest.first, next != " ", next != "\t", next != "#" else { return nil }
        return (level, String(rest).trimmedSpaces)
    }

    /// A link or picture written `[text](address)` whose address has a space, which
    /// Markdown shows as the text it is (file names from phones and Windows have spaces).
    struct AddressWithSpace: Equatable {
        var isPicture: Bool
        var text: String
        var address: String
        /// What was written, from `[` (or `!`) to `)`.
        var written: String
    }

    static func addressesWithSpaces(in line: Substring) -> [AddressWithSpace] {
        var found: [AddressWithSpace] = []
        var rest = line[...]
        while let middle = rest.range(of: "](") {
            defer { rest = rest[middle.upperBound...] }
            guard let open = line[..<middle.lowerBound].lastIndex(of: "["),
                let close = line[middle.upperBound...].firstIndex(of: ")")
            else { continue }
            let address = line[middle.upperBound..<close]
            guard address.contains(" "), !address.hasPrefix("<"), !address.contains(UnicodeScalar(WrittenParagraph.code).description)
            else { continue }
            let isPicture = open > line.startIndex && line[line.index(before: open)] == "!"
            let start = isPicture ? line.index(before: open) : open
            found.append(
                AddressWithSpace(
                    isPicture: isPicture, text: String(line[line.index(after: open)..<middle.lowerBound]),
                    address: String(address).trimmedSpaces, written: String(line[start...close])))
        }
        return found
    }

    private static func report(
        _ found: AddressWithSpace, onLine line: Int, _ paragraph: WrittenParagraph, _ source: SourceFile, diagnostics: inout DiagnosticList
    ) {
        let at = place(of: found.written, onLine: line, paragraph, source)
        let what = found.isPicture ? "picture" : "link"
        let bang = found.isPicture ? "!" : ""
        let isWebAddress = found.address.lowercased().hasPrefix("http")
        let lastPart = ContentPath.lastComponent(found.address)
        let renamed = lastPart.replacingOccurrences(of: " ", with: "-")
        let fix =
            isWebAddress
            ? "write each space as `%20`: `\(bang)[\(found.text)](\(found.address.replacingOccurrences(of: " ", with: "%20")))`"
            : "rename the file `\(lastPart)` to `\(renamed)` and write `\(bang)[\(found.text)](\(found.address.dropLast(lastPart.count))\(renamed))`, or keep the name and put the address between `<` and `>`: `\(bang)[\(found.text)](<\(found.address)>)`"
        diagnostics.warning(
            .addressHasSpace, at: at,
            "this \(what)'s address `\(found.address)` has a space, so learners see the text `\(found.written.count > 50 ? String(found.written.prefix(47)) + "..." : found.written)` instead of the \(what)",
            help: fix)
    }

    /// Where `written` starts on line `line` of the file, as an editor counts columns; the
    /// paragraph's own place when the line does not have it as written (markup inside it).
    private static func place(of written: String, onLine line: Int, _ paragraph: WrittenParagraph, _ source: SourceFile) -> SourceLocation {
        guard let text = source.line(line), let range = text.range(of: written) else {
            return line == paragraph.location.line ? paragraph.location : SourceLocation(file: paragraph.location.file, line: line, column: 1)
        }
        return SourceLocation(file: paragraph.location.file, line: line, column: text[..<range.lowerBound].unicodeScalars.count + 1)
    }

    /// An HTML comment on its own, `<!-- ... -->`: how a chapter keeps a note for staff,
    /// which learners never see (not even in the page's HTML).
    static func isNote(_ html: String) -> Bool {
        let trimmed = html.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.hasPrefix("<!--"), trimmed.hasSuffix("-->") else { return false }
        // One comment, not a comment followed by markup and another comment.
        return trimmed.dropFirst(4).dropLast(3).range(of: "-->") == nil
    }
}

extension DiagnosticCode {
    /// A chapter heading made with one `#`, often a note to self written as YAML's are.
    public static let headingLevelOne = DiagnosticCode("heading-level-one", .warning, .markdown)
    /// `##Heading`, shown as text.
    public static let headingWithoutSpace = DiagnosticCode("heading-without-space", .warning, .markdown)
    /// `• item`, shown as text.
    public static let bulletNotMarkdown = DiagnosticCode("bullet-not-markdown", .warning, .markdown)
    /// `![...](../media/A name.png)`, shown as text.
    public static let addressHasSpace = DiagnosticCode("address-has-space", .warning, .markdown)
}
