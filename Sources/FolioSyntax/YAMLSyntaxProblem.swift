import FolioCore
import Foundation

/// A syntax problem libyaml reported, turned into a message an author understands.
///
/// libyaml names problems in the terms of the YAML specification ("did not find
/// expected key while parsing a block mapping"); this type recognises the mistakes
/// authors make behind them and says, in their words, what happened and how to fix it.
struct YAMLSyntaxProblem {
    /// libyaml's problem and the context it was found in.
    let problem: String
    let context: String
    /// Where the problem was found, and where its context started (0-based, as libyaml).
    let line: Int
    let column: Int
    let contextLine: Int
    let contextColumn: Int
    /// The text's lines, for looking at the characters around the problem.
    let lines: [Substring]
    let file: String
    let lineOffset: Int

    var at: SourceLocation { location(line, column) }
    var contextAt: SourceLocation { location(contextLine, contextColumn) }

    func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: file, line: line + 1 + lineOffset, column: column + 1)
    }

    var diagnostic: Diagnostic {
        if let tab = tabInIndentation() ?? (problem.contains("tab") || character(line, column) == "\t" ? at : nil) {
            return Diagnostic(
                .yamlTab, at: tab, "this line uses a tab character (shown as `→`); YAML only allows spaces for indentation",
                help: spacesInsteadOfTab(tab.line - 1 - lineOffset))
        }
        if problem.contains("unknown escape character") {
            return Diagnostic(
                .yamlSyntax, at: at, "inside double quotes a backslash `\\` starts a special character, and this one is not",
                help: "write the backslash twice (`\\\\`), or put the text in single quotes instead")
        }
        if context.contains("quoted scalar") {
            return Diagnostic(
                .yamlUnclosedQuote, at: contextAt, "this quoted text is never closed",
                help: "add the closing quote at the end of the text, or remove the opening one")
        }
        if context.contains("scanning an alias") {
            return Diagnostic(
                .yamlUnknownAlias, at: contextAt, "a value that starts with `*` is read by YAML as a reference, not as Markdown emphasis",
                help: "put the whole text in double quotes: `\(quotedValue(contextLine) ?? "\"*Who* decides?\"")`; a `*` later in a text needs no quotes")
        }
        if context.contains("scanning an anchor") || problem.contains("cannot start any token") {
            let first = context.contains("anchor") ? "&" : character(line, column).map(String.init) ?? "?"
            let start = context.contains("anchor") ? contextAt : at
            return Diagnostic(
                .yamlSyntax, at: start, "YAML does not let a value start with `\(first)`",
                help: "put the whole text in double quotes: `\(quotedValue(start.line - 1 - lineOffset) ?? "\"\(first)...\"")`")
        }
        if problem.contains("did not find expected ',' or ']'") || problem.contains("did not find expected ',' or '}'") {
            let (open, close) = problem.contains("]") ? ("[", "]") : ("{", "}")
            return Diagnostic(
                .yamlSyntax, at: contextAt, "this `\(open)` is never closed with `\(close)`",
                help: "add `\(close)` after the last item; if the text itself starts with `\(open)`, put the whole text in double quotes")
        }
        if problem.contains("block sequence entries are not allowed") {
            return Diagnostic(
                .yamlSyntax, at: at, "a list item (`- `) must start a line of its own",
                help: "move `- ...` to the next line, indented under its field")
        }
        if problem.contains("mapping values are not allowed"), isIndentedMoreThanLineAbove() {
            return Diagnostic(
                .yamlSyntax, at: location(line, 0),
                "this line is indented more than the field above it, so YAML reads it as part of that field's value",
                help: "line it up with the field above; only the contents of a list or group are indented further")
        }
        if problem.contains("mapping values are not allowed"), let curly = curlyQuote(line) {
            return Diagnostic(
                .yamlSyntax, at: curly, "this text is in curly quotes (“ ”), which YAML reads as ordinary letters, not as quotes",
                help: "type the quotes again as straight quotes `\"`, or turn off \"smart quotes\" in the editor that wrote them")
        }
        // A forgotten `:` makes a line plain text that runs into the next line's `:`, or,
        // on a file's first line, a whole document before the next field.
        if problem.contains("mapping values are not allowed") || problem.contains("expected <document start>"),
            let start = fieldWithoutColon(above: line)
        {
            let indent = lines[start].prefix { $0 == " " }.count
            var text = lines[start].dropFirst(indent)
            if let comment = text.range(of: " #") { text = text[..<comment.lowerBound] }
            let name = text.prefix { $0 != " " }
            let value = text.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
            return Diagnostic(
                .yamlSyntax, at: location(start, indent),
                "this line should be a field (`name: value`), but it has no `:`, so YAML reads on into the next line",
                help: "add `:` after the field name: `\(name): \(value)`",
                notes: [.init(location: at, message: "YAML stopped here, at the next `:`")])
        }
        if problem.contains("mapping values are not allowed") {
            return Diagnostic(
                .yamlSyntax, at: at, "a `:` here makes YAML read a new field in the middle of a value",
                help: "if the text itself contains `: `, put the whole text in quotes: `\"...\"`")
        }
        if problem.contains("could not find expected ':'") {
            return Diagnostic(
                .yamlSyntax, at: contextAt, "this line should be a field (`name: value`), but it has no `:`",
                help: "add `:` after the field name, or indent the line to continue the text above")
        }
        if problem.contains("did not find expected key"), closingMarkBefore() == "\"", let opening = openingQuoteOnAnEarlierLine() {
            return Diagnostic(
                .yamlUnclosedQuote, at: opening,
                "this quoted text is never closed on its line, so YAML reads on to the next `\"`, on line \(line + 1 + lineOffset)",
                help: "add the closing `\"` at the end of the text, or remove the opening one",
                notes: [.init(location: at, message: "YAML took the `\"` before this for the closing one, and stopped here")])
        }
        if problem.contains("did not find expected key"), let closing = closingMarkBefore() {
            return textAfterClosing(closing)
        }
        if problem.contains("did not find expected key") || problem.contains("did not find expected '-' indicator"),
            let dash = dashWithoutSpace(near: line)
        {
            let indent = lines[dash].prefix { $0 == " " }.count
            let rest = lines[dash].dropFirst(indent + 1)
            return Diagnostic(
                .yamlSyntax, at: location(dash, indent),
                "this line starts with `-` but no space after it, so YAML reads `-\(rest.prefix { $0 != ":" && $0 != " " })` as a word, not as a list item",
                help: "add a space after the dash: `- \(rest)`")
        }
        if problem.contains("did not find expected key") || problem.contains("did not find expected '-' indicator") {
            return Diagnostic(
                .yamlSyntax, at: at, "this line is not lined up with the lines around it",
                help: "fields of one group start in the same column; list items start with `- ` in the same column")
        }
        if problem.contains("control characters are not allowed") || problem.contains("invalid") && problem.contains("UTF-8") {
            return Diagnostic(
                .fileNotUTF8, at: at, "this file has a character YAML does not allow here",
                help: "save the file as UTF-8 text and remove invisible control characters (YAML said: \(problem))")
        }
        return Diagnostic(
            .yamlSyntax, at: at, "YAML cannot read this line",
            help: "check the indentation and the quotes on this line and the one above (YAML said: \(problem))")
    }

    /// The line, of the one YAML stopped at and the one above, that looks like a list item
    /// written without the space after its dash (`-text: Yes`); a negative number (`-3`)
    /// or a `---` line is not one.
    private func dashWithoutSpace(near line: Int) -> Int? {
        for candidate in [line, line - 1] where lines.indices.contains(candidate) {
            let text = lines[candidate].drop { $0 == " " }
            guard text.first == "-", let next = text.dropFirst().first, next.isLetter else { continue }
            return candidate
        }
        return nil
    }

    /// Text after a closing quote or bracket: `title: 'Don't stop'`, `title: "Who" am I`.
    private func textAfterClosing(_ closing: Character) -> Diagnostic {
        switch closing {
        case "'":
            return Diagnostic(
                .yamlSyntax, at: at, "the text in single quotes ends at the `'` before this, so YAML cannot read the rest",
                help:
                    "put the whole text in double quotes instead: `\(quotedValue(line) ?? "\"Don't stop\"")`; or write an apostrophe inside single quotes twice: `'Don''t'`"
            )
        case "\"":
            return Diagnostic(
                .yamlSyntax, at: at, "the text in double quotes ends at the `\"` before this, so YAML cannot read the rest",
                help: "put the whole value in quotes, and write `\\\"` for a quote inside it, or use single quotes around it")
        default:
            let open = closing == "]" ? "[" : "{"
            return Diagnostic(
                .yamlSyntax, at: at, "a value that starts with `\(open)` is read as a list, so YAML cannot read the text after its `\(closing)`",
                help: "put the whole text in double quotes: `\(quotedValue(line) ?? "\"\(open)...\(closing) ...\"")`")
        }
    }

    /// The value on a `name: value` or `- value` line, in double quotes, for a help that
    /// shows the fix; nil when it holds a double quote or a comment, which would need more.
    private func quotedValue(_ line: Int) -> String? {
        guard line >= 0, line < lines.count else { return nil }
        var text = Substring(lines[line].trimmingCharacters(in: .whitespaces))
        if text.hasPrefix("- ") { text = text.dropFirst(2) }
        if let colon = text.range(of: ": ") { text = text[colon.upperBound...] }
        text = Substring(text.trimmingCharacters(in: .whitespaces))
        if text.count >= 2, text.hasPrefix("'"), text.hasSuffix("'") { text = text.dropFirst().dropLast() }
        guard !text.isEmpty, !text.contains("\""), !text.contains(" #"), !text.contains("\\") else { return nil }
        return "\"\(text)\""
    }

    private func character(_ line: Int, _ column: Int) -> Character? {
        guard line < lines.count else { return nil }
        let scalars = Array(lines[line].unicodeScalars)
        return column < scalars.count ? Character(scalars[column]) : nil
    }

    /// The quote or bracket that ends a value just before the problem, on its line.
    private func closingMarkBefore() -> Character? {
        guard line < lines.count else { return nil }
        let scalars = Array(lines[line].unicodeScalars.prefix(column))
        guard let last = scalars.last(where: { $0 != " " }), column < lines[line].unicodeScalars.count else { return nil }
        let mark = Character(last)
        return ["'", "\"", "]", "}"].contains(mark) ? mark : nil
    }

    /// The help for a tab: how many spaces put the line in line with the one above,
    /// when that one says it (`  - prompt:` puts the question's next field at column 5).
    private func spacesInsteadOfTab(_ tabLine: Int) -> String {
        let general = "replace the tab with spaces, so that the line starts in the same column as the other fields of its group"
        guard tabLine > 0, tabLine < lines.count,
            let above = lines[..<tabLine].last(where: { !$0.allSatisfy { $0 == " " } && !$0.drop { $0 == " " }.hasPrefix("#") }),
            !above.contains("\t"), !above.trimmingCharacters(in: .whitespaces).hasSuffix(":")
        else { return general }
        var content = above.drop { $0 == " " }
        var column = above.count - content.count
        if content.hasPrefix("- ") {
            content = content.dropFirst(2)
            column += 2
        }
        guard let colon = content.firstIndex(of: ":") else { return general }
        let field = content[..<colon]
        return "replace the tab with \(column) spaces, so that the field starts under `\(field)` on the line above (if it belongs to the same group)"
    }

    /// The first curly quote on a line: a word processor's “smart quotes”.
    private func curlyQuote(_ line: Int) -> SourceLocation? {
        guard line < lines.count else { return nil }
        guard let offset = Array(lines[line].unicodeScalars).firstIndex(where: { "“”‘’„".unicodeScalars.contains($0) }) else { return nil }
        return location(line, offset)
    }

    /// The line just above `line`, at its indentation, when it is text with no `:`: a
    /// field whose colon was forgotten (`title Go Grrrls`), which YAML joins to the next
    /// line until that one's `:`.
    private func fieldWithoutColon(above line: Int) -> Int? {
        guard line > 0, line < lines.count else { return nil }
        func indent(_ text: Substring) -> Int { text.prefix { $0 == " " }.count }
        let previous = line - 1
        let text = lines[previous].trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, !text.hasPrefix("#"), !text.hasPrefix("-"), !text.contains(":"), !text.hasPrefix("\""), !text.hasPrefix("'"),
            indent(lines[previous]) == indent(lines[line]), text.contains(" ")
        else { return nil }
        return previous
    }

    /// Where a double-quoted text opened, when the `"` that closed it is the first on the
    /// problem's line: the text was left open on an earlier line.
    private func openingQuoteOnAnEarlierLine() -> SourceLocation? {
        func quotes(_ text: some Sequence<Unicode.Scalar>) -> [Int] {
            var found: [Int] = []
            var escaped = false
            for (offset, scalar) in text.enumerated() {
                if scalar == "\"" && !escaped { found.append(offset) }
                escaped = scalar == "\\" && !escaped
            }
            return found
        }
        guard line < lines.count, quotes(lines[line].unicodeScalars.prefix(column)).count % 2 == 1 else { return nil }
        for earlier in stride(from: line - 1, through: 0, by: -1) {
            let found = quotes(lines[earlier].unicodeScalars)
            if found.count % 2 == 1 { return location(earlier, found.last!) }
        }
        return nil
    }

    private func tabInIndentation() -> SourceLocation? {
        guard line < lines.count else { return nil }
        for (offset, scalar) in lines[line].unicodeScalars.enumerated() {
            if scalar == "\t" { return location(line, offset) }
            if scalar != " " && scalar != "-" { return nil }
        }
        return nil
    }

    private func isIndentedMoreThanLineAbove() -> Bool {
        func indent(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        guard line < lines.count, line > 0 else { return false }
        guard
            let above = lines[..<line].last(where: {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#")
            })
        else { return false }
        let aboveText = above.trimmingCharacters(in: .whitespaces)
        // A field whose value starts on the next lines (`questions:`) may be followed by
        // deeper lines; a field with its value on the same line may not.
        return indent(lines[line]) > indent(above) && !aboveText.hasSuffix(":") && !aboveText.hasPrefix("- ")
    }
}

extension DiagnosticCode {
    public static let yamlSyntax = DiagnosticCode("yaml-syntax", .error, .yaml)
    public static let yamlTab = DiagnosticCode("yaml-tab", .error, .yaml)
    public static let yamlUnclosedQuote = DiagnosticCode("yaml-unclosed-quote", .error, .yaml)
}
