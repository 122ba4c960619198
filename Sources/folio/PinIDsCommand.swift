import ArgumentParser
import FolioAuthoring
import FolioCompiler
import FolioContent
import FolioCore
import FolioModel
import FolioProgram
import Foundation

/// `folio pin-ids`: writes into the content files the ids items have now.
struct PinIDsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pin-ids",
        abstract: "Write the ids that questions, choices and cards have now into their files.",
        discussion: """
            A question, choice or card without an `id:` is known by an id made from its
            words, so learners' progress stays with it when items are moved, but not
            when its words are edited. This command writes each such id into its file,
            as `id: ...` before the item's first field, so that the words can then be
            edited freely; the program's id too, when folio.yaml has none. Nothing
            changes for learners: every id is the one the item already had, and the
            files are checked to build with exactly the same ids before they are
            written. Comments, blank lines and quotes stay as they are.

            Exit codes: 0 written (or nothing to write), 1 the content has errors,
            which must be fixed first, 2 a usage or file problem.

            Examples:
              folio pin-ids                  pin the ids of ./Content
              folio pin-ids --dry-run        say what would be written, write nothing
            """)

    @OptionGroup var options: ContentOptions

    @Flag(help: "Say what would be written, and write nothing.")
    var dryRun = false

    func run() throws {
        let reporter = try Reporter(options: options, example: "folio pin-ids MyProgram")
        let result = try reporter.compile()
        guard !result.diagnostics.hasErrors, let program = result.program else {
            reporter.report(result)
            reporter.printError("the ids are taken from the program as it builds: fix the errors above first, then run `folio pin-ids` again")
            throw ExitStatus.contentErrors
        }
        let folder = ContentFolder(reporter.folder.path)
        let source = ContentFolderSource(root: folder.url)
        let files = try source.list().files.filter { $0 == "folio.yaml" || (($0.hasPrefix("quizzes/") || $0.hasPrefix("decks/")) && $0.hasSuffix(".yaml")) }
        var bytes: [String: [UInt8]] = [:]
        for path in files { bytes[path] = source.read(path).map { [UInt8]($0) } }
        let (change, pinned, skipped) = IDPinning.plan(Self.ids(of: program), files: bytes)
        // A file left as it is is named, with its reason, whatever else is written.
        let left = skipped.map { "  \(folder.display($0.path)): \($0.reason)" }
        let leftReport = left.isEmpty ? [] : ["Left as they are, without their ids:"] + left
        guard !pinned.isEmpty else {
            let nothing = skipped.isEmpty ? "Every question, choice and card already states its id; nothing to write." : "Nothing was written."
            FileHandle.standardError.write(Data(((leftReport + [nothing]).joined(separator: "\n") + "\n").utf8))
            return
        }
        // What is written must build with the very same ids.
        let edited = Dictionary(change.edits.map { ($0.path, Data($0.text.utf8)) }, uniquingKeysWith: { first, _ in first })
        let check = try Compiler(content: OverlaySource(base: source, files: edited), options: .init(includeDrafts: options.drafts)).compile()
        guard !check.diagnostics.hasErrors, let after = check.program, Self.sameIDs(program, after) else {
            throw CommandFailure(
                "writing the ids would change what the program builds, so nothing was written; please report this with the files named below: "
                    + pinned.map(\.path).joined(separator: ", "))
        }
        var lines: [String] = []
        for file in pinned {
            var parts: [String] = []
            if file.program { parts.append("the program") }
            if file.questions > 0 { parts.append(file.questions == 1 ? "1 question" : "\(file.questions) questions") }
            if file.reflections > 0 { parts.append(file.reflections == 1 ? "1 reflection question" : "\(file.reflections) reflection questions") }
            if file.choices > 0 { parts.append(file.choices == 1 ? "1 choice" : "\(file.choices) choices") }
            if file.cards > 0 { parts.append(file.cards == 1 ? "1 card" : "\(file.cards) cards") }
            lines.append("  \(folder.display(file.path)): \(parts.joined(separator: ", "))")
        }
        if dryRun {
            let report: [String] = ["Would write ids for:"] + lines + leftReport + ["Nothing was written (--dry-run)."]
            FileHandle.standardError.write(Data((report.joined(separator: "\n") + "\n").utf8))
            return
        }
        do {
            _ = try ContentWriter(folder: folder).apply(change)
        } catch {
            throw CommandFailure(error.description)
        }
        let done =
            ["Wrote ids for:"] + lines + leftReport + [
                "Nothing changes for learners: each id is the one the item already had. Keep them when you edit the words."
            ]
        FileHandle.standardError.write(Data((done.joined(separator: "\n") + "\n").utf8))
    }

    /// The ids `program` gives its items. A quiz made from a deck has no items of its own.
    static func ids(of program: CompiledProgram) -> IDPinning.Ids {
        IDPinning.Ids(
            program: program.settings.idStated ? nil : program.settings.id,
            quizzes: Dictionary(
                program.quizzes.filter { $0.fromDeck == nil }.map { ($0.id, $0.questions.map { ($0.id, $0.choices.map(\.id)) }) },
                uniquingKeysWith: { first, _ in first }),
            reflections: Dictionary(
                program.quizzes.filter { $0.fromDeck == nil }.map { ($0.id, ($0.reflections ?? []).map(\.id)) }, uniquingKeysWith: { first, _ in first }),
            decks: Dictionary(program.decks.map { ($0.id, $0.cards.map(\.id)) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Whether two builds give every item the same id.
    static func sameIDs(_ a: CompiledProgram, _ b: CompiledProgram) -> Bool {
        func ids(_ program: CompiledProgram) -> [String] {
            var all: [String] = [program.settings.id]
            for quiz in program.quizzes {
                all.append(quiz.id)
                for question in quiz.questions {
                    all.append(question.id)
                    all += question.choices.map(\.id)
                }
                all += (quiz.reflections ?? []).map(\.id)
            }
            for deck in program.decks {
                all.append(deck.id)
                all += deck.cards.map(\.id)
            }
            return all
        }
        return ids(a) == ids(b)
    }
}

/// A content folder with some files replaced, for checking edits before they are written.
struct OverlaySource: ContentSource {
    let base: any ContentSource
    let files: [String: Data]
    func list() throws -> ContentListing { try base.list() }
    func read(_ path: String) -> Data? { files[path] ?? base.read(path) }
    func absolutePath(_ path: String) -> String? { base.absolutePath(path) }
}
