import FolioCore
import FolioSyntax

/// Reads the YAML of a content file into a node tree, reporting syntax problems.
enum YAMLFile {
    static func root(of file: SourceFile, diagnostics: inout DiagnosticList) -> YAMLNode? {
        root(file.text, file: file.path, lineOffset: 0, diagnostics: &diagnostics)
    }

    static func root(_ text: String, file: String, lineOffset: Int, diagnostics: inout DiagnosticList) -> YAMLNode? {
        let result = YAMLReader().read(text, file: file, lineOffset: lineOffset)
        diagnostics.append(contentsOf: result.diagnostics)
        guard let root = result.root else {
            if result.diagnostics.isEmpty {
                diagnostics.error(
                    .fileEmpty, at: SourceLocation(file: file, line: lineOffset + 1, column: 1), "this file is empty",
                    help: emptyFileHelp(file))
            }
            return nil
        }
        return root
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
