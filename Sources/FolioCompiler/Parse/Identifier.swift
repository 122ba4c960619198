import FolioCore

/// Ids of chapters, quizzes, decks, questions and rights: lower-case letters, digits and
/// single hyphens, because they key URLs, bundle files and saved progress.
enum Identifier {
    static func isValid(_ id: String) -> Bool { ContentID.isValid(id) }

    /// The id a file gets when it does not state one: its name without extension and
    /// without a leading number and hyphen (`01-who-am-i.md` -> `who-am-i`).
    static func fromFileName(_ name: String) -> (id: String, number: Int?) { ContentID.fromFileName(name) }

    /// A suggestion for turning an invalid id into a valid one: the id made from it as
    /// ``ContentID`` makes ids from names.
    static func suggestion(for id: String) -> String { ContentID.make(from: id) ?? "my-id" }

    /// The id among `ids` an author most likely meant by `written`: a close spelling, or
    /// the id of a file named by its path or file name (`quizzes/01-who-am-i.yaml`), or
    /// written with capitals and spaces (`Who Am I`).
    static func nearest(_ written: String, among ids: [String]) -> String? {
        nearest(written, among: NearestName.Candidates(ids), ids: Set(ids))
    }

    /// The same among ids prepared once, for a caller with many ids to look up.
    static func nearest(_ written: String, among candidates: NearestName.Candidates, ids: Set<String>) -> String? {
        if let near = NearestName.find(written, among: candidates) { return near }
        let name = String(written.split(separator: "/").last ?? Substring(written))
        for candidate in [fromFileName(name).id, suggestion(for: fromFileName(name).id)] where ids.contains(candidate) {
            return candidate
        }
        return nil
    }

    /// Reports `id` at `location` when it is not valid.
    static func check(_ id: String, kind: String, at location: SourceLocation, diagnostics: inout DiagnosticList) -> Bool {
        if isValid(id) { return true }
        diagnostics.error(
            .invalidID, at: location, "`\(id)` cannot be used as a \(kind) id: ids use only lower-case letters, digits and single hyphens",
            help: "use `\(suggestion(for: id))`")
        return false
    }
}

extension DiagnosticCode {
    public static let invalidID = DiagnosticCode("invalid-id", .error, .fields)
}
