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
                    .missingField, at: SourceLocation(file: file, line: lineOffset + 1, column: 1), "this file is empty",
                    help: "see the authoring format for what this file holds")
            }
            return nil
        }
        return root
    }
}
