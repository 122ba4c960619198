import ArgumentParser
import FolioAuthoring
import FolioCompiler
import FolioContent
import FolioCore
import FolioGettext
import FolioInterface
import FolioTranslation
import Foundation

extension TranslateCommand {
    /// `folio translate export LANG --format po`.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Write the program's texts and the interface's words as PO files, for translators' tools.",
            discussion: """
                Writes two PO files (GNU gettext's format, which Poedit, Lokalize,
                Weblate and msgmerge read) into the output folder, the current folder
                unless `--output` names another: `<language>.po`, one entry per text of
                the program (a chapter's title, summary and text; a quiz's prompts,
                choices, hints, explanations, feedback and accepted answers; cards; the
                bill of rights), with the translation beside each original as its
                translation, and `interface.<language>.po`, the interface's words. An
                entry whose original changed since its translation was marked current is
                fuzzy, with the words it was translated from. Bring them back with
                `folio translate import`. See docs/translations.md.

                Exit codes: 0 written, 2 a usage or file problem.

                Examples:
                  folio translate export es --format po
                  folio translate export es --format po --output po/
                """)

        /// The formats files are exported in.
        enum Format: String, ExpressibleByArgument, CaseIterable {
            case po
        }

        @Argument(help: "The language, as `languages:` in folio.yaml lists it (`es`).")
        var language: String

        @Option(help: "The format of the files: `po`.")
        var format: Format = .po

        @Option(help: "The folder the PO files are written in; without it, the current folder.")
        var output: String = "."

        @Option(help: "The content folder; without it, ./Content, or this folder if it holds folio.yaml.")
        var content: String = ProgramFolder.defaultName

        func run() throws {
            let folder = try ProgramFolder.find(content, example: "folio translate export \(language) --format po --content MyProgram")
            let root = URL(fileURLWithPath: folder.path)
            guard MarkCurrent.languages(in: root).contains(language) else {
                throw CommandFailure(
                    "`\(language)` is not one of the program's other languages: add it to `languages:` in folio.yaml (such as `languages: [en, \(language)]`)")
            }
            var options = Compiler.Options(includeDrafts: true)
            options.keepsTranslationRecords = true
            let result = try Compiler(contentFolder: root, options: options).compile()
            let files = ContentPO.Files(paths: (try? ContentFolderSource(root: root).list().files) ?? [], read: Self.reader(root))
            let recordPath = "translations/\(language).yaml"
            let recorded = files.read(recordPath).flatMap { TranslationRecord.read(text: $0, path: recordPath) }
            let project = result.program?.settings.id ?? root.lastPathComponent
            let texts = ContentPO.file(files, language: language, recorded: recorded, current: result.translationRecords[language], project: project)
            let programCatalogue = result.program?.interfaceCatalogues[language]
            let translated =
                InterfaceCatalogue.shippedCatalogue(language).map { shipped in programCatalogue.map(shipped.adding) ?? shipped } ?? programCatalogue
            let interface = InterfacePO.file(language: language, translated: translated, project: project)

            let outputFolder = URL(fileURLWithPath: output)
            try FileManager.default.createDirectory(at: outputFolder, withIntermediateDirectories: true)
            var written: [String] = []
            for (name, file) in [("\(language).po", texts), ("interface.\(language).po", interface)] {
                let path = outputFolder.appendingPathComponent(name).path
                do {
                    try file.write(path: path)
                } catch let problem {
                    throw CommandFailure("\(path) could not be written: \(problem.message)")
                }
                written.append("  \(output == "." ? name : outputFolder.appendingPathComponent(name).relativePath)")
            }
            let fuzzy = texts.entries.filter(\.isFuzzy).count
            let untranslated = texts.entries.filter { $0.translation.isEmpty }.count
            FileHandle.standardError.write(
                Data(
                    (["Wrote:"] + written + [
                        "\(texts.entries.count) texts of the program: \(texts.entries.count - untranslated - fuzzy) translated, \(fuzzy) fuzzy (the original changed), \(untranslated) untranslated."
                    ]).joined(separator: "\n").appending("\n").utf8))
        }

        /// Reads a content file's text.
        static func reader(_ root: URL) -> (String) -> String? {
            { path in FileManager.default.contents(atPath: root.appendingPathComponent(path).path).map { String(decoding: $0, as: UTF8.self) } }
        }
    }

    /// `folio translate import FILE.po...`.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Write translated PO files back into the translations beside their originals.",
            discussion: """
                Reads PO files that `folio translate export` wrote, once translated. Each
                translated entry of `<language>.po` is written into the translation beside
                its original (`quizzes/x.<language>.yaml`): an existing translation is
                changed only where its words change, its comments, ids, order and quoting
                kept; a missing one is made from its original, with its translated words.
                An untranslated entry leaves the translation as it is. An item whose every
                entry is translated, not fuzzy, from the original's words as they are
                now, is marked current in `translations/<language>.yaml`, as
                `folio translate mark-current` would. `interface.<language>.po` writes
                `interface/<language>.yaml` with the messages that differ from Folio's.

                Nothing is written unless every file can be: an entry that names no text
                of the program, a PO file msgfmt would refuse, or a translation that no
                longer matches its original is reported, with its file and line.

                Exit codes: 0 written (or nothing to write), 1 a problem in a PO file or
                in the translations it would make, 2 a usage or file problem.

                Examples:
                  folio translate import es.po interface.es.po
                """)

        @Argument(help: "The PO files to import; a file named `interface.<language>.po` holds the interface's words.")
        var files: [String]

        @Option(help: "The content folder; without it, ./Content, or this folder if it holds folio.yaml.")
        var content: String = ProgramFolder.defaultName

        func run() throws {
            let folder = try ProgramFolder.find(content, example: "folio translate import es.po --content MyProgram")
            let root = URL(fileURLWithPath: folder.path)
            let display = ContentFolderDisplay(folder: folder.path)
            let languages = MarkCurrent.languages(in: root)
            let source = ContentPO.Files(paths: (try? ContentFolderSource(root: root).list().files) ?? [], read: Export.reader(root))
            var plan = ContentPO.Import()
            var interface: [String: [String: InterfaceMessage]] = [:]
            for path in files {
                let po = try Self.read(path)
                guard let language = po.headerField("Language"), !language.isEmpty else {
                    throw Self.failure(file: path, line: 1, "the PO file's header names no `Language`: export it again with `folio translate export`")
                }
                if URL(fileURLWithPath: path).lastPathComponent.hasPrefix("interface.") {
                    interface[language, default: [:]].merge(InterfacePO.messages(from: po)) { _, new in new }
                    continue
                }
                guard languages.contains(language) else {
                    throw Self.failure(
                        file: path, line: 1,
                        "the PO file is in `\(language)`, which is not one of the program's other languages (\(languages.joined(separator: ", ")))")
                }
                let text = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
                if let problem = Self.plan(po, path: path, text: text, language: language, files: source, into: &plan) {
                    throw Self.failure(file: problem.file == path ? path : display.display(problem.file), line: problem.line, problem.message)
                }
            }
            for (language, messages) in interface.sorted(by: { $0.key < $1.key }) {
                let shipped = InterfaceCatalogue.shippedCatalogue(language)
                let differing = messages.filter { shipped?.messages[$0.key] != $0.value }
                guard !differing.isEmpty else { continue }
                let path = "interface/\(language).yaml"
                let yaml = InterfaceCatalogue(language: language, messages: differing).yaml
                if let existing = source.read(path) {
                    if existing != yaml { plan.edits[path] = (existing, yaml) }
                } else {
                    plan.newFiles[path] = yaml
                }
            }
            var change = ContentChange(
                newFiles: plan.newFiles.sorted { $0.key < $1.key }.map { ContentChange.NewFile(path: $0.key, text: $0.value) },
                edits: plan.edits.sorted { $0.key < $1.key }.map {
                    ContentChange.Edit(path: $0.key, original: Array($0.value.original.utf8), text: $0.value.text)
                })
            let marking = try records(plan, root: root, source: source, languages: languages, display: display)
            change.newFiles += marking.newFiles
            change.edits += marking.edits
            guard !change.newFiles.isEmpty || !change.edits.isEmpty else {
                FileHandle.standardError.write(Data("Nothing to change: the translations say what the PO files say.\n".utf8))
                return
            }
            let written: [String]
            do {
                written = try ContentWriter(folder: ContentFolder(folder.path)).apply(change)
            } catch let failure {
                throw CommandFailure(failure.description)
            }
            FileHandle.standardError.write(
                Data((["Wrote:"] + written.sorted().map { "  \(display.display($0))" }).joined(separator: "\n").appending("\n").utf8))
        }

        /// Checks the program as the import leaves it, and the records of the items it
        /// marks current, as edits.
        func records(_ plan: ContentPO.Import, root: URL, source: ContentPO.Files, languages: [String], display: ContentFolderDisplay) throws
            -> ContentChange
        {
            let changed = Set(plan.newFiles.keys).union(plan.edits.keys)
            guard !changed.isEmpty || !plan.current.isEmpty else { return ContentChange() }
            var files: [String: Data] = [:]
            for path in source.paths { files[path] = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) }
            for path in changed { files[path] = plan.text(path, read: source.read).map { Data($0.utf8) } }
            var options = Compiler.Options(includeDrafts: true)
            options.keepsTranslationRecords = true
            let result = try Compiler(content: ContentInMemory(files: files), options: options).compile()
            var errors = DiagnosticList()
            for diagnostic in result.diagnostics.all where diagnostic.severity == .error && changed.contains(diagnostic.location.file) {
                errors.append(diagnostic)
            }
            if !errors.all.isEmpty {
                let renderer = DiagnosticRenderer(contentFolderDisplay: display.folder, useColor: Terminal.colorOnStandardError)
                FileHandle.standardError.write(Data(renderer.text(errors, sources: result.sources, summary: false).utf8))
                throw Self.failure(
                    file: nil, line: 0,
                    "the translations would not match their originals as the PO files have them, so nothing was written: fix the entries above")
            }
            var marking = ContentChange()
            for language in languages {
                let marked = plan.current.filter { $0.key.hasSuffix(".\(language)." + ContentPath.fileExtension($0.key)) }
                guard !marked.isEmpty, let current = result.translationRecords[language] else { continue }
                let recordPath = "translations/\(language).yaml"
                let existing = source.read(recordPath)
                var record = existing.flatMap { TranslationRecord.read(text: $0, path: recordPath) } ?? TranslationRecord()
                for (path, items) in marked {
                    guard let now = current.files[path] else { continue }
                    let before = Dictionary((record.files[path] ?? []).map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
                    record.files[path] = now.compactMap { item in items.contains(item.key) ? item : before[item.key] }
                }
                let yaml = record.yaml
                if let existing {
                    if existing != yaml { marking.edits.append(.init(path: recordPath, original: Array(existing.utf8), text: yaml)) }
                } else {
                    marking.newFiles.append(.init(path: recordPath, text: yaml))
                }
            }
            return marking
        }

        /// The PO file at `path`; a file libgettextpo cannot read is an error at its line.
        static func read(_ path: String) throws -> POFile {
            do {
                return try POFile.read(path: path)
            } catch {
                throw failure(file: path, line: error.line, column: error.column, error.message)
            }
        }

        /// Plans the import of `po`; the problem that stops it, if one does.
        static func plan(_ po: POFile, path: String, text: String, language: String, files: ContentPO.Files, into plan: inout ContentPO.Import)
            -> ContentPOProblem?
        {
            do {
                try ContentPO.plan(po, poPath: path, poText: text, language: language, files: files, into: &plan)
                return nil
            } catch {
                return error
            }
        }

        /// A located error, and the exit code of a content problem.
        static func failure(file: String?, line: Int, column: Int = 0, _ message: String) -> Error {
            let place = file.map { $0 + (line > 0 ? ":\(line)" + (column > 0 ? ":\(column)" : "") : "") + ": " } ?? ""
            let label = Terminal.colorOnStandardError ? "\u{1B}[1;31merror\u{1B}[0m" : "error"
            FileHandle.standardError.write(Data("\(place)\(label): \(message)\n".utf8))
            return ExitStatus.contentErrors
        }
    }
}
