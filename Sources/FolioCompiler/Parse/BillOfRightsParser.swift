import FolioCore
import FolioModel
import FolioSyntax

/// Reads `bill-of-rights.yaml`.
enum BillOfRightsParser {
    static let fields = ["title", "intro", "rights"]
    static let rightFields = ["id", "text", "detail"]

    static func parse(_ file: SourceFile, diagnostics: inout DiagnosticList) -> BillOfRights? {
        parseLocated(file, diagnostics: &diagnostics)?.bill
    }

    /// The bill of rights with where each right is written (its `id`, when it states one,
    /// else its first line), and whether it states its id.
    static func parseLocated(_ file: SourceFile, diagnostics: inout DiagnosticList) -> (
        bill: BillOfRights, places: [SourceLocation], stated: [Bool]
    )? {
        var places: [SourceLocation] = []
        var stated: [Bool] = []
        guard let root = YAMLFile.root(of: file, diagnostics: &diagnostics),
            let fields = FieldReader(root, what: "the bill of rights", allowed: Self.fields, elsewhere: [("a right", rightFields)], diagnostics: &diagnostics)
        else { return nil }
        FormattedTextRules.check(root, fields: FormattedTextRules.billOfRightsFields, in: file, diagnostics: &diagnostics)
        let title = fields.string("title", required: true, diagnostics: &diagnostics, help: "add `title: Girl Bill of Rights`")
        let intro = fields.string("intro", diagnostics: &diagnostics).map { RichText(markdown: $0, html: InlineMarkdown.blockHTML($0)) }
        var rights: [BillOfRights.Right] = []
        var seen: [String: SourceLocation] = [:]
        for (index, item) in (fields.list("rights", diagnostics: &diagnostics) ?? []).enumerated() {
            guard
                let right = FieldReader(
                    item, what: "a right", allowed: rightFields, elsewhere: [("the bill of rights", Self.fields)], diagnostics: &diagnostics)
            else { continue }
            var id = "right-\(index + 1)"
            var idLocation = item.location
            if let stated = right.string("id", diagnostics: &diagnostics) {
                idLocation = right.location(of: "id")!
                if Identifier.check(stated, kind: "right", at: idLocation, diagnostics: &diagnostics) { id = stated }
            }
            if let first = seen[id] {
                diagnostics.error(
                    .duplicateID, at: idLocation, "two rights have the id `\(id)`", help: "give each right its own id",
                    notes: [.init(location: first, message: "the other right with this id")])
            }
            seen[id] = idLocation
            guard let text = right.string("text", required: true, diagnostics: &diagnostics, help: "add `text: I have the right to ...`") else { continue }
            let detail = right.string("detail", diagnostics: &diagnostics).map { RichText(markdown: $0, html: InlineMarkdown.blockHTML($0)) }
            rights.append(.init(id: id, text: RichText(markdown: text, html: InlineMarkdown.html(text)), detail: detail))
            places.append(idLocation)
            stated.append(right.has("id"))
        }
        if fields.isEmpty("rights"), let at = fields.keyLocation(of: "rights") {
            diagnostics.error(
                .missingField, at: at, "`rights:` has nothing under it, so the bill of rights has no rights",
                help: "write each right under `rights:`, indented, as `- text: I have the right to ...`")
        } else if !fields.has("rights"), !fields.misspelt.contains("rights") {
            diagnostics.error(
                .missingField, at: root.location, "the bill of rights needs `rights`",
                help: "add `rights:` with `- text: I have the right to ...` for each right")
        }
        guard let title else { return nil }
        return (BillOfRights(title: title, intro: intro, rights: rights), places, stated)
    }
}
