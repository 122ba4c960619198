import ArgumentParser
import FolioAuthoring
import FolioCompiler
import FolioContent
import FolioCore
import FolioModel
import FolioProgram
import Foundation

/// `folio translate`: the record of what each translation was made from, and how far
/// each language is translated.
struct TranslateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "translate",
        abstract: "Mark translations current, see how far each language is translated, and exchange PO files with translators' tools.",
        discussion: """
            A translation sits beside its original, named with its language before the
            ending (`chapters/01-who-am-i.es.md`), for a language `languages:` in
            folio.yaml lists. `mark-current` records what each translation was made
            from, in `translations/<language>.yaml`; when the original changes later,
            `folio check` warns that the translation is outdated. `export` writes the
            program's texts and the interface's words as PO files, for translators'
            tools, and `import` writes them back. See docs/translations.md.

            Examples:
              folio translate status                 how far each language is translated
              folio translate mark-current es        mark every Spanish translation current
              folio translate export es --format po  PO files for translators' tools
            """,
        subcommands: [MarkCurrent.self, Status.self, Export.self, Import.self])

    /// `folio translate mark-current LANG [FILE...]`.
    struct MarkCurrent: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "mark-current",
            abstract: "Record that translations are translated from their originals as they are now.",
            discussion: """
                Writes `translations/<language>.yaml` in the content folder: for each
                translation named (every translation into the language when none is
                named), the words of each item of its original as they are now. Run it
                once a translation is brought up to date with its original. Only a
                translation that matches its original (the same items, answers, settings
                and media) is marked; one that does not is reported, and nothing is
                written when it was named.

                Exit codes: 0 written, 1 a named translation does not match its original,
                2 a usage or file problem.

                Examples:
                  folio translate mark-current es        every Spanish translation
                  folio translate mark-current es chapters/01-who-am-i.es.md
                """)

        @Argument(help: "The language, as `languages:` in folio.yaml lists it (`es`).")
        var language: String

        @Argument(help: "The translations to mark, by their paths in the content folder; without any, every translation into the language.")
        var files: [String] = []

        @Option(help: "The content folder; without it, ./Content, or this folder if it holds folio.yaml.")
        var content: String = ProgramFolder.defaultName

        func run() throws {
            let folder = try ProgramFolder.find(content, example: "folio translate mark-current \(language) --content MyProgram")
            var options = Compiler.Options(includeDrafts: true)
            options.keepsTranslationRecords = true
            let root = URL(fileURLWithPath: folder.path)
            let result = try Compiler(contentFolder: root, options: options).compile()
            let listed = Set((try? ContentFolderSource(root: root).list().files) ?? [])
            let current = result.translationRecords[language] ?? TranslationRecord()
            let translations = listed.filter { path in
                guard case .translation(_, let language, _) = ContentKind(path: path, otherLanguages: [self.language]) else { return false }
                return language == self.language
            }
            guard Self.languages(in: root).contains(language) else {
                throw CommandFailure(
                    "`\(language)` is not one of the program's other languages: add it to `languages:` in folio.yaml (such as `languages: [en, \(language)]`)")
            }
            let display = ContentFolderDisplay(folder: folder.path)
            let named = files.map { display.relative($0) }
            for path in named where !translations.contains(path) {
                throw CommandFailure(
                    "`\(path)` is not a translation into \(language) in \(folder.path): a translation is named `<name>.\(language).<ending>` beside its original"
                )
            }
            let chosen = named.isEmpty ? translations.sorted() : named
            let failing = chosen.filter { current.files[$0] == nil }
            if !failing.isEmpty {
                let renderer = DiagnosticRenderer(contentFolderDisplay: folder.path, useColor: Terminal.colorOnStandardError)
                var errors = DiagnosticList()
                // An original whose structure changed since its translation was marked makes
                // the translation outdated, a warning that says what to bring up to date.
                for diagnostic in result.diagnostics.all
                where (diagnostic.severity == .error || diagnostic.code == .translationOutdated) && failing.contains(diagnostic.location.file) {
                    errors.append(diagnostic)
                }
                FileHandle.standardError.write(Data(renderer.text(errors, sources: result.sources, summary: false).utf8))
                let list = failing.map { "`\($0)`" }.joined(separator: ", ")
                if !named.isEmpty {
                    printError(
                        "\(list) \(failing.count == 1 ? "does" : "do") not match \(failing.count == 1 ? "its original" : "their originals"), so nothing was written: fix what is shown above, then mark again"
                    )
                    throw ExitStatus.contentErrors
                }
                FileHandle.standardError.write(
                    Data("warning: left unmarked, since they do not match their originals: \(list)\n".utf8))
            }
            let recordPath = "translations/\(language).yaml"
            let recordURL = root.appendingPathComponent(recordPath)
            let existing = FileManager.default.contents(atPath: recordURL.path).map { [UInt8]($0) }
            var record =
                existing.flatMap { TranslationRecord.read(text: String(decoding: $0, as: UTF8.self), path: recordPath) } ?? TranslationRecord()
            // Entries of translations that are gone go with them.
            record.files = record.files.filter { translations.contains($0.key) }
            let marked = chosen.filter { current.files[$0] != nil }
            for path in marked { record.files[path] = current.files[path] }
            // Written as `folio pin-ids` writes: a new file only where none is, an old one
            // replaced through a hidden file and a rename, and only if it is as it was read.
            let change =
                existing.map { ContentChange(edits: [.init(path: recordPath, original: $0, text: record.yaml)]) }
                ?? ContentChange(newFiles: [.init(path: recordPath, text: record.yaml)])
            do {
                _ = try ContentWriter(folder: ContentFolder(folder.path)).apply(change)
            } catch let failure {
                throw CommandFailure(failure.description)
            }
            let lines = marked.map { "  \(display.display($0))" }
            FileHandle.standardError.write(
                Data(
                    ((marked.isEmpty ? ["No translation into \(language) was marked."] : ["Marked as translated from the originals as they are now:"] + lines)
                        + ["Recorded in \(display.display(recordPath))."]).joined(separator: "\n").appending("\n").utf8))
        }

        /// The other languages `folio.yaml` lists.
        static func languages(in root: URL) -> [String] {
            guard let text = try? String(contentsOf: root.appendingPathComponent("folio.yaml"), encoding: .utf8) else { return [] }
            return TranslationRecord.otherLanguages(inSettings: text)
        }
    }

    /// `folio translate status [LANG]`.
    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "status",
            abstract: "Show how far each language is translated: parts translated, outdated, unmarked and missing.",
            discussion: """
                For each of the program's other languages (or the one named), counts the
                parts of each kind (the welcome page, the bill of rights, chapters,
                quizzes, decks) that are translated (and marked current), outdated (the
                original changed since: learners see the original), unmarked (translated,
                never marked current: learners see it) and missing; then names each part
                that is not translated.

                Exit codes: 0 shown, 1 with `--strict`, a language is not wholly
                translated and current, or the content has errors; 2 a usage or file
                problem.

                Examples:
                  folio translate status es --strict     fail unless Spanish is complete
                  folio translate status --format json   for programs
                """)

        @Argument(help: "The language to show; without it, every other language of the program.")
        var language: String?

        @Option(help: "The content folder; without it, ./Content, or this folder if it holds folio.yaml.")
        var content: String = ProgramFolder.defaultName

        @Flag(help: "Exit with 1 unless every part is translated and marked current.")
        var strict = false

        @Option(help: "`text` for people, `json` for programs.")
        var format: OutputFormat = .text

        func run() throws {
            let folder = try ProgramFolder.find(content, example: "folio translate status --content MyProgram")
            let result = try Compiler(contentFolder: URL(fileURLWithPath: folder.path)).compile()
            guard let program = result.program else {
                let renderer = DiagnosticRenderer(contentFolderDisplay: folder.path, useColor: Terminal.colorOnStandardError)
                FileHandle.standardError.write(Data(renderer.text(result.diagnostics, sources: result.sources, summary: true).utf8))
                printError("the program has errors, so how far it is translated cannot be told: fix them first")
                throw ExitStatus.contentErrors
            }
            if let language, !program.settings.otherLanguages.contains(language) {
                throw CommandFailure(
                    "`\(language)` is not one of the program's other languages"
                        + (program.settings.otherLanguages.isEmpty
                            ? ": folio.yaml lists none (`languages: [\(program.settings.language), \(language)]`)"
                            : " (\(program.settings.otherLanguages.joined(separator: ", ")))"))
            }
            let statuses = program.translations.filter { language == nil || $0.language == language }.map(TranslationStatus.init)
            switch format {
            case .json: print(MachineOutput.document(.translationStatus, TranslationStatus.Document(languages: statuses)), terminator: "")
            case .text: print(statuses.map(\.text).joined(separator: "\n"), terminator: "")
            }
            if strict, statuses.contains(where: { !$0.isComplete }) { throw ExitStatus.contentErrors }
        }
    }
}

/// How far one language is translated, as `folio translate status` shows it.
struct TranslationStatus: Encodable {
    struct Document: Encodable {
        var languages: [TranslationStatus]
    }

    /// The counts of one kind of part, by state.
    struct Counts: Encodable {
        var translated = 0
        var outdated = 0
        var unmarked = 0
        var missing = 0
    }

    /// A part that is not translated, and why.
    struct Part: Encodable {
        var kind: String
        var id: String
        var state: TranslationState
    }

    var language: String
    /// By kind of part (`welcome`, `bill-of-rights`, `chapter`, `quiz`, `deck`), each
    /// present in the program.
    var kinds: [String: Counts]
    var total: Counts
    /// Every part not translated and current, by kind, then id.
    var notTranslated: [Part]

    init(_ translation: CompiledTranslation) {
        language = translation.language
        kinds = [:]
        total = Counts()
        notTranslated = []
        for (part, state) in translation.states.sorted(by: { $0.key < $1.key }) {
            var counts = kinds[part.kind.rawValue] ?? Counts()
            switch state {
            case .translated:
                counts.translated += 1
                total.translated += 1
            case .outdated:
                counts.outdated += 1
                total.outdated += 1
            case .unmarked:
                counts.unmarked += 1
                total.unmarked += 1
            case .missing:
                counts.missing += 1
                total.missing += 1
            }
            kinds[part.kind.rawValue] = counts
            if state != .translated { notTranslated.append(Part(kind: part.kind.rawValue, id: part.id, state: state)) }
        }
    }

    var isComplete: Bool { notTranslated.isEmpty }

    /// A table of the counts, then each part not translated.
    var text: String {
        let parts = total.translated + total.outdated + total.unmarked + total.missing
        var lines = ["\(language): \(total.translated) of \(parts) parts translated"]
        let header = ["", "translated", "outdated", "unmarked", "missing"]
        var rows = [header]
        for kind in TranslatedPart.Kind.allCases {
            guard let counts = kinds[kind.rawValue] else { continue }
            rows.append([kind.rawValue, "\(counts.translated)", "\(counts.outdated)", "\(counts.unmarked)", "\(counts.missing)"])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { column, cell in
                column == 0
                    ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }
            lines.append(("  " + cells.joined(separator: "  ")).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression))
        }
        for part in notTranslated { lines.append("  \(part.state.rawValue): \(part.kind) \(part.id)") }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// `error: message` on standard error, for a failure with the content's exit code.
private func printError(_ message: String) {
    let label = Terminal.colorOnStandardError ? "\u{1B}[1;31merror\u{1B}[0m" : "error"
    FileHandle.standardError.write(Data("\(label): \(message)\n".utf8))
}

/// Paths as the user gave them and as the messages show them.
struct ContentFolderDisplay {
    let folder: String

    /// A path in the content folder, from one given relative to it or to this folder.
    func relative(_ given: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        if given.hasPrefix(prefix) { return String(given.dropFirst(prefix.count)) }
        if given.hasPrefix("./") { return String(given.dropFirst(2)) }
        return given
    }

    /// A path in the content folder as it is shown.
    func display(_ path: String) -> String {
        folder.isEmpty || folder == "." ? path : (folder.hasSuffix("/") ? folder + path : folder + "/" + path)
    }
}
