import FolioContent
import FolioCore
import FolioInterface
import FolioSyntax

/// A program's own interface catalogues, `interface/<language>.yaml`: a language Folio
/// does not ship, added without a new Folio, or a word of a shipped language changed.
/// Each is read as ``InterfaceCatalogue/read(_:file:)`` reads one, its problems located
/// like every content problem's, and held to English's catalogue: a key English does not
/// have is shown nowhere, and a message with other placeholders than English's would show
/// a `{name}` no one fills.
enum ProgramInterface {
    /// The folder of the catalogues, in the content folder.
    static let folder = "interface"

    /// Reads every catalogue in `paths` (the content folder's files) from `source`; the
    /// files are added to `sources`, so that messages can quote their lines. By language.
    static func load(
        from source: any ContentSource, paths: [String], sources: inout SourceStore, diagnostics: inout DiagnosticList
    ) -> [String: InterfaceCatalogue] {
        var catalogues: [String: InterfaceCatalogue] = [:]
        for path in paths where isCatalogue(path) {
            let decoded = source.decode(path)
            diagnostics.append(contentsOf: decoded.diagnostics)
            guard let file = decoded.file else { continue }
            sources.add(file)
            let read = InterfaceCatalogue.read(file.text, file: path)
            diagnostics.append(contentsOf: read.diagnostics)
            guard let catalogue = read.catalogue else { continue }
            check(catalogue, text: file.text, path: path, diagnostics: &diagnostics)
            catalogues[catalogue.language] = catalogues[catalogue.language].map { $0.adding(catalogue) } ?? catalogue
        }
        return catalogues
    }

    /// `interface/es.yaml`: a YAML file right in the folder.
    static func isCatalogue(_ path: String) -> Bool {
        // Asked of every path of the program: most are told by their first letters.
        guard path.utf8.starts(with: folder.utf8) else { return false }
        let parts = path.split(separator: "/")
        guard parts.count == 2, parts[0] == folder else { return false }
        let ext = ContentPath.fileExtension(String(parts[1])).lowercased()
        return ext == "yaml" || ext == "yml"
    }

    private static func check(_ catalogue: InterfaceCatalogue, text: String, path: String, diagnostics: inout DiagnosticList) {
        let english = InterfaceCatalogue.english.messages
        let englishKeys = english.keys.sorted()
        for (key, location) in keyLocations(text, path: path) {
            guard let message = catalogue.messages[key] else { continue }
            guard let original = english[key] else {
                let nearest = NearestName.find(key, among: englishKeys)
                diagnostics.warning(
                    .interfaceMessageUnknown, at: location, "the interface has no message `\(key)`, so this one is never shown",
                    help: nearest.map { "did you mean `\($0)`?" } ?? "the keys are English's, in Folio's own catalogue (docs/translations.md)")
                continue
            }
            guard message.placeholders != original.placeholders else { continue }
            diagnostics.warning(
                .interfaceMessagePlaceholders, at: location,
                "`\(key)` has the placeholders \(listed(message.placeholders)), but English's has \(listed(original.placeholders))",
                help: "keep English's placeholders, in the order the language needs: " + listed(original.placeholders))
        }
    }

    private static func listed(_ names: Set<String>) -> String {
        names.isEmpty ? "none" : names.sorted().map { "`{\($0)}`" }.joined(separator: ", ")
    }

    /// Each message's key and where it is written, in the file's order.
    private static func keyLocations(_ text: String, path: String) -> [(String, SourceLocation)] {
        guard let root = YAMLReader().read(text, file: path).root, case .mapping(let fields) = root.kind,
            let messages = fields.first(where: { $0.key == "messages" }), case .mapping(let entries) = messages.value.kind
        else { return [] }
        return entries.map { ($0.key, $0.keyLocation) }
    }
}

extension DiagnosticCode {
    /// A program's catalogue has a message English's does not: a misspelt key.
    public static let interfaceMessageUnknown = DiagnosticCode("interface-message-unknown", .warning, .translations)
    /// A program's message has other placeholders than English's.
    public static let interfaceMessagePlaceholders = DiagnosticCode("interface-message-placeholders", .warning, .translations)

    /// The codes of a program's interface catalogues, ``FolioInterface``'s own among them.
    public static let interfaceCodes: [DiagnosticCode] = [.interfaceCatalogueInvalid, .interfaceMessageUnknown, .interfaceMessagePlaceholders]
}
