import FolioCore

/// The files a program must have, under their names: `welcome.md` (`folio.yaml` is
/// reported where it is read), and a bill of rights saved under a near name.
enum LayoutRules {
    static func check(_ parsed: ParsedProgram, diagnostics: inout DiagnosticList) {
        let content = parsed.content
        if content.billOfRights == nil, let misnamed = content.misnamed("bill-of-rights.yaml") {
            diagnostics.warning(
                .unknownFileType, at: .startOf(misnamed),
                "`\(misnamed)` is not a file Folio reads, so the program has no bill of rights; did you mean `bill-of-rights.yaml`?",
                help: "rename it to `bill-of-rights.yaml`")
        }
        guard content.welcome == nil else { return }
        if content.links.contains("welcome.md") {
            diagnostics.error(
                .welcomeMissing, at: .startOf("welcome.md"),
                "`welcome.md` is a symbolic link, which Folio does not follow (a link could lead outside the content folder), so the program has no welcome page",
                help: "put the file itself here: copy the file the link points to over the link")
        } else if let misnamed = content.misnamed("welcome.md") {
            diagnostics.error(
                .welcomeMissing, at: .startOf(misnamed), "the content folder has no `welcome.md`; did you mean `\(misnamed)`?",
                help: "rename `\(misnamed)` to `welcome.md`: Folio reads the welcome page only from that name")
        } else {
            diagnostics.error(
                .welcomeMissing, at: .startOf("welcome.md"), "the content folder has no `welcome.md`",
                help: "create `welcome.md` with the text learners see first")
        }
    }
}

extension DiagnosticCode {
    public static let welcomeMissing = DiagnosticCode("welcome-missing", .error, .layout)
}
