import FolioCore
import FolioSyntax

/// Reads the YAML of a content file into a node tree, reporting syntax problems.
enum YAMLFile {
    static func root(of file: SourceFile, diagnostics: inout DiagnosticList) -> YAMLNode? {
        root(file.text, file: file.path, lineOffset: 0, diagnostics: &diagnostics)
    }

    /// What `read` makes of the tree of `file`. For a file whose syntax is wrong, `read`
    /// is also given the file as mended (``laterSyntaxProblems(after:in:file:lineOffset:diagnostics:)``),
    /// when it reads so: its unknown fields on the lines the mending left as written are
    /// reported in the same run (a misspelt `hnit:` beside a tab), since the mending
    /// cannot have made them. Nothing else is: a missing field could be one on a line
    /// left blank.
    static func read<Value>(_ file: SourceFile, diagnostics: inout DiagnosticList, _ read: (YAMLNode, inout DiagnosticList) -> Value?) -> Value? {
        let tree = root(file.text, file: file.path, lineOffset: 0, diagnostics: &diagnostics) { mended in
            var found = DiagnosticList()
            _ = read(mended, &found)
            return found.all
        }
        return tree.flatMap { read($0, &diagnostics) }
    }

    /// `fieldsOfMended` reads the fields of the mended tree, as ``read(_:diagnostics:_:)``
    /// says.
    static func root(
        _ text: String, file: String, lineOffset: Int, diagnostics: inout DiagnosticList,
        fieldsOfMended: (YAMLNode) -> [Diagnostic] = { _ in [] }
    ) -> YAMLNode? {
        let result = YAMLReader().read(text, file: file, lineOffset: lineOffset)
        diagnostics.append(contentsOf: result.diagnostics)
        guard let root = result.root else {
            if let mended = laterSyntaxProblems(after: result.diagnostics, in: text, file: file, lineOffset: lineOffset, diagnostics: &diagnostics) {
                diagnostics.append(
                    contentsOf: fieldsOfMended(mended.root).filter { $0.code == .unknownField && !mended.touched.contains($0.location.line - lineOffset) })
            }
            if result.diagnostics.isEmpty {
                diagnostics.error(
                    .fileEmpty, at: SourceLocation(file: file, line: lineOffset + 1, column: 1), "this file is empty",
                    help: emptyFileHelp(file))
            }
            return nil
        }
        return root
    }

    /// The syntax codes after which the rest of a file is looked through for more.
    static let syntaxCodes: Set<DiagnosticCode> = [.yamlSyntax, .yamlTab, .yamlUnclosedQuote, .yamlUnknownAlias, .yamlComplexKey]
    /// The most syntax problems reported in one file.
    static let syntaxProblemsPerFile = 10

    /// libyaml stops at the first syntax error. To report the others of the same file in
    /// the same run, the text is read again with the line of each problem (and the lines
    /// indented under it, which belong to it) left blank, and a problem found further down
    /// is reported too. Of what the file says, only unknown fields on lines left as written
    /// are reported with them (``read(_:diagnostics:_:)``): a file mended here is not the
    /// one the author wrote. Returns the tree of the mended text, and the lines mended,
    /// when it reads.
    static func laterSyntaxProblems(
        after first: [Diagnostic], in text: String, file: String, lineOffset: Int, diagnostics: inout DiagnosticList
    ) -> (root: YAMLNode, touched: Set<Int>)? {
        guard let problem = first.last, syntaxCodes.contains(problem.code) else { return nil }
        var touched = Set<Int>()
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func read() -> YAMLReader.Result { YAMLReader().read(lines.joined(separator: "\n"), file: file, lineOffset: lineOffset) }
        func indent(_ line: String) -> Int { line.prefix { $0 == " " }.count }
        var next = problem
        for _ in 1..<syntaxProblemsPerFile {
            let line = next.location.line - lineOffset
            guard line >= 1, line <= lines.count else { return nil }
            touched.insert(line)
            var last = line
            var again: YAMLReader.Result?
            if next.code == .yamlTab {
                // A tab's line is wrong only in its indentation: it is given, in spaces, the
                // indentation of one of the lines near it, whichever reads furthest.
                let written = lines[line - 1].drop { $0 == " " || $0 == "\t" }
                let near = lines[max(0, line - 5)..<min(lines.count, line + 4)].filter { !$0.allSatisfy(\.isWhitespace) && !$0.hasPrefix("\t") }
                var furthest = (reached: line, text: lines[line - 1])
                for width in Set(near.map(indent)).sorted() {
                    lines[line - 1] = String(repeating: " ", count: width) + written
                    let tried = read()
                    let reached = tried.root != nil ? Int.max : (tried.diagnostics.last.map { $0.location.line - lineOffset } ?? 0)
                    if reached > furthest.reached {
                        furthest = (reached, lines[line - 1])
                        again = tried
                    }
                }
                lines[line - 1] = furthest.text
            }
            if again == nil {
                let width = indent(lines[line - 1])
                lines[line - 1] = ""
                // Lines indented under it continue it: its value, its list.
                while last < lines.count, !lines[last].allSatisfy({ $0 == " " }), indent(lines[last]) > width {
                    lines[last] = ""
                    last += 1
                    touched.insert(last)
                }
                again = read()
            }
            guard let again else { return nil }
            if let root = again.root { return (root, touched) }
            guard let found = again.diagnostics.last, syntaxCodes.contains(found.code), found.location.line - lineOffset > last else { return nil }
            diagnostics.append(found)
            next = found
        }
        return nil
    }

    /// What an empty file of this kind should start with.
    static func emptyFileHelp(_ path: String) -> String {
        switch path.split(separator: "/").first.map(String.init) ?? path {
        case "folio.yaml": return "write at least a line `title: <the program's name>`"
        case "bill-of-rights.yaml": return "write `title: <its title>`, then `rights:` with `- text: I have the right to ...` for each right"
        case "quizzes": return "write `title: <the quiz's title>`, then `questions:` with `- prompt: ...` for each question"
        case "decks": return "write `title: <the deck's title>`, then `cards:` with `- front: ...` and `back: ...` for each card"
        case "welcome.md": return "write `title: <the page's title>` between the two `---` lines, or remove both lines"
        case "chapters": return "write the front matter between two `---` lines, with at least `title: <the chapter's title>`"
        default: return "write the fields this file holds, one `name: value` per line"
        }
    }
}

extension DiagnosticCode {
    /// A YAML file, or a front matter, with nothing in it (reported as `missing-field`
    /// before Folio 1.1).
    public static let fileEmpty = DiagnosticCode("file-empty", .error, .files)
}
