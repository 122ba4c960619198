import FolioCore
import FolioSyntax
import Foundation

/// Text an author may format outside a chapter (a quiz's prompts, choices, hints,
/// feedback, explanations and reflections, a card's front and back, the bill of rights)
/// is held to a chapter's rules: a link or picture whose address could run code or open
/// another program is an error (`link-unsafe`), and raw HTML, which such text never
/// keeps (with or without `allow_html`), is a warning (`raw-html-omitted`), but for a
/// passage in another language (``LangSpan``), which is kept. Each is placed
/// where it is written in the YAML or TXT file: the text's value is looked for from where
/// the value starts, since YAML's quotes, escapes and indentation stand between the text
/// and its bytes.
enum FormattedTextRules {
    /// The fields of a quiz file that hold formatted text, at any depth.
    static let quizFields: Set<String> = ["prompt", "text", "hint", "hints", "feedback", "explanation", "discussion"]
    /// The fields of a deck's cards.
    static let deckFields: Set<String> = ["front", "back"]
    /// The fields of the bill of rights.
    static let billOfRightsFields: Set<String> = ["intro", "text", "detail"]
    /// How many lines after a value's start its text is looked for.
    static let linesLookedAt = 200

    /// Checks the value of every field of `root` named in `fields` (each item of a list,
    /// such as `hints`), at any depth.
    static func check(_ root: YAMLNode, fields: Set<String>, in file: SourceFile, diagnostics: inout DiagnosticList) {
        guard file.isShelved || mayHoldMarkup(file.text) else { return }
        let before = diagnostics.all.count
        visit(root, formatted: false, fields: fields, in: file, stopAt: before + DiagnosticList.perFileLimit, diagnostics: &diagnostics)
    }

    /// One node and what it holds, in the file's order, until `stopAt` diagnostics (no more
    /// than a message shows of one file: each place is looked for in its line). Recursive
    /// rather than through a list of nodes to visit, whose copies of every node of every
    /// quiz were most of the rule's time.
    private static func visit(
        _ node: YAMLNode, formatted: Bool, fields: Set<String>, in file: SourceFile, stopAt limit: Int, diagnostics: inout DiagnosticList
    ) {
        guard diagnostics.all.count < limit else { return }
        switch node.kind {
        case .scalar(let text, let style):
            if formatted, !(style == .plain && YAMLScalar.isNull(text)) { check(text, at: node.location, in: file, diagnostics: &diagnostics) }
        case .sequence(let items):
            for item in items { visit(item, formatted: formatted, fields: fields, in: file, stopAt: limit, diagnostics: &diagnostics) }
        case .mapping(let pairs):
            for pair in pairs {
                visit(pair.value, formatted: fields.contains(pair.key), fields: fields, in: file, stopAt: limit, diagnostics: &diagnostics)
            }
        }
    }

    /// Checks one text, whose value starts at `location` of `file`.
    static func check(_ text: String, at location: SourceLocation, in file: SourceFile, diagnostics: inout DiagnosticList) {
        let parts = InlineMarkdown.parts(text)
        guard !parts.isEmpty else { return }
        // Each part is looked for after the one before, so that two alike are told apart.
        var from = location
        func place(_ needles: [String]) -> SourceLocation {
            for needle in needles where !needle.isEmpty {
                if let found = find(needle, from: from, in: file) {
                    from = SourceLocation(file: found.file, line: found.line, column: found.column + 1)
                    return found
                }
            }
            return location
        }
        for part in parts.prefix(DiagnosticList.perFileLimit) {
            switch part {
            case .address(let address):
                guard let scheme = scheme(of: address), !BodyResolver.safeSchemes.contains(scheme) else { continue }
                diagnostics.error(
                    .linkUnsafe, at: place([address, scheme + ":"]),
                    "links starting with `\(scheme):` are not allowed: they could run code or open other programs on a learner's device",
                    help: "use an `https://` address, a `mailto:` address, or a file in `media/` (`../media/…`)")
            case .langSpanUnclosed(let html):
                diagnostics.langSpan(.unclosed, html: html, at: place([html, "<span"]))
            case .langTagInvalid(let html, let value):
                diagnostics.langSpan(.invalid(value: value), html: html, at: place([html, "<span"]))
            case .html(let html):
                if WritingHabitRules.isNote(html) { continue }
                let shown = html.prefix(40).trimmingCharacters(in: .whitespacesAndNewlines)
                let firstLine = String(shown.prefix { $0 != "\n" })
                diagnostics.warning(
                    .rawHTMLOmitted, at: place([firstLine]), "raw HTML is left out of this text: `\(shown)`",
                    help: "write it in Markdown instead (`**bold**`, `*italic*`, `[words](https://…)`); "
                        + "quiz, deck and bill of rights text never keeps HTML, even with `allow_html: true`")
            }
        }
    }

    /// Whether a file's text may hold a link, a picture or raw HTML in one of its values:
    /// each needs a `[` or a `<` (an address is only ever in a link, a picture, an
    /// autolink or a reference, and a character reference never makes one), written, or
    /// escaped in a double-quoted YAML value (`\x3C`), which needs a backslash. Most quiz
    /// and deck files have none, and are not walked: walking every quiz again showed in a
    /// large program's first build (docs/development.md).
    static func mayHoldMarkup(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            return [UInt8(ascii: "["), UInt8(ascii: "<"), UInt8(ascii: "\\")].contains { memchr(base, Int32($0), bytes.count) != nil }
        }
    }

    /// The scheme of `address`, lower-cased, when it has one (`javascript`, `https`).
    static func scheme(of address: String) -> String? {
        let trimmed = address.drop { $0 == " " }
        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let scheme = trimmed[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
            scheme.unicodeScalars.allSatisfy({ $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "." })
        else { return nil }
        return scheme.lowercased()
    }

    /// Where `needle` is first written at or after `start` in `file`, any case, looked for
    /// on ``linesLookedAt`` lines.
    static func find(_ needle: String, from start: SourceLocation, in file: SourceFile) -> SourceLocation? {
        let last = min(file.lineCount, start.line + linesLookedAt)
        guard start.line <= last else { return nil }
        for number in start.line...last {
            guard let line = file.line(number) else { return nil }
            let scalars = line.unicodeScalars
            let skip = number == start.line ? min(start.column - 1, scalars.count) : 0
            let rest = Substring(scalars.dropFirst(skip))
            guard let found = rest.range(of: needle, options: .caseInsensitive) else { continue }
            let column = skip + rest.unicodeScalars.distance(from: rest.startIndex, to: found.lowerBound) + 1
            return SourceLocation(file: file.path, line: number, column: column)
        }
        return nil
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
