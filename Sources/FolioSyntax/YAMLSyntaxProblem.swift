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
                .yamlTab, at: tab, "this line uses a tab character; YAML only allows spaces for indentation",
                help: "replace the tab with spaces (two spaces per level)")
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
        if problem.contains("did not find expected key"), let closing = closingMarkBefore() {
            return textAfterClosing(closing)
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
