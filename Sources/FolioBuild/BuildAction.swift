import FolioBundle
import FolioCompiler
import FolioContent
import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import FolioSystem
import Foundation

/// What the person or program running a build decides about it: how the content is
/// compiled (drafts, strictness) and how its messages are shown. `folio build` is one;
/// a test is another.
///
/// Known to the package only: it hands the compiler the build's scratch shelf, which
/// is the build's own.
package protocol BuildHost {
    /// Compiles the content, read through `content` when given, against `published`, the
    /// identities of the bundle being replaced, keeping the baseline of chapters' texts
    /// for the next build's short way and their texts on `shelf`.
    func compile(against published: PublishedIdentities?, content: (any ContentSource)?, shelf: (any TextShelf)?) throws -> Compiler.Result
    /// Shows the messages of `result` now, if they are shown before the output is
    /// written, and returns what is shown of them (each stream's text), to be shown again
    /// by a later build of the same inputs.
    func compiled(_ result: Compiler.Result) -> BuildMessages
    /// The line that says what was built, shown last (empty when none is shown).
    func builtLine(chapters: Int, quizzes: Int, decks: Int, bundleHash: String) -> String
}

/// What a build prints, on each stream.
public struct BuildMessages: Sendable, Equatable {
    public var standardOutput: String
    public var standardError: String
    public init(standardOutput: String = "", standardError: String = "") {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }
}

/// One build of a content folder into an output folder: the decision of which way it
/// goes, and the going.
///
/// - **The same inputs** as the build that wrote the output (the same tool, options,
///   renderers' options and content files, and the output as that build left it): nothing
///   is written, and what that build said is said again.
/// - **Chapters' texts changed, and nothing else**: only those chapters are compiled
///   again, against what the last build kept of its compilation
///   (``ChapterTextBaseline``), and the outline of the program its bundle tells
///   (``BundleOutline``) goes to the renderers as a change (``ProgramChange``).
/// - **Quizzes or decks changed, and nothing else**: the program is compiled whole, and
///   goes to the renderers as a change: a renderer that reads neither keeps its files.
/// - **Anything else, or no record**: the whole way, every renderer writing all its files.
///
/// Every way runs through the same list of renderers and ``BuildDriver``, and gives the
/// output and messages of a build from scratch, byte for byte.
public struct BuildAction {
    /// The content folder, standardized.
    public var content: URL
    /// The output folder.
    public var output: URL
    /// What, besides the content and the renderers' own options, decides the bytes a
    /// build writes and what it prints (`drafts=true`, `format=text`).
    public var options: [String]
    public var renderers: [any OutputRenderer]
    /// Build the whole way, whatever the record says.
    public var rebuild = false
    /// Whether a build may take a short way after an edit.
    public var mayTakeShortWay = true
    public var progress: (any BuildProgress)?

    public init(content: URL, output: URL, options: [String], renderers: [any OutputRenderer]) {
        self.content = content.standardizedFileURL
        self.output = output
        self.options = options
        self.renderers = renderers
    }

    /// The way a build went.
    public enum Way: String, Sendable, Equatable {
        /// Nothing was written: the output was already the one these inputs give.
        case unchanged
        /// Only the edited chapters were compiled, and the renderers updated.
        case chapterTexts
        /// The program was compiled whole, and the renderers updated for the quizzes and
        /// decks that changed.
        case quizzesAndDecks
        /// The program was compiled whole and every renderer wrote all its files.
        case whole
    }

    /// What a build did.
    public struct Outcome {
        public var way: Way
        /// What it printed about the content (the last build's, when it compiled nothing).
        public var messages: BuildMessages
        /// What it left alone beside the output, and why.
        public var notes: [String] = []
        /// The line saying what it built, as ``BuildHost/builtLine(chapters:quizzes:decks:bundleHash:)``
        /// made it; empty when it built nothing new.
        public var built: String = ""
        /// The compilation, when the content was compiled whole.
        public var result: Compiler.Result?
        /// What the driver had each renderer do, by its folder.
        public var renderers: [String: BuildDriver.RendererWay] = [:]
    }

    /// A build that stopped at the content's errors: nothing was written.
    public struct ContentErrors: Error {
        public var result: Compiler.Result
        public var messages: BuildMessages
    }

    /// The options recorded with the build: the build's and every renderer's.
    var recordedOptions: [String] { options + BuildDriver(renderers: renderers).options }

    /// Builds; throws ``ContentErrors`` when the content has errors, a ``ToolFailure``
    /// when a file cannot be read or written.
    package func run(host: some BuildHost) throws -> Outcome {
        let record = BuildRecord.load(for: output)
        // With a record to compare with, the inputs are read first, mostly by their
        // status. Without one (or with `rebuild`), nothing is compared, so the build
        // records what its compiler reads, as it reads it: the content is read once.
        let recorder = rebuild || record == nil ? RecordingContentSource(root: content) : nil
        // What the short way reads of the last build besides its record is read on the other
        // core while this one reads the content's status: the baseline and the bundle's
        // manifest are tens of megabytes in a large program (docs/development.md).
        let lastBuild =
            rebuild || !mayTakeShortWay
            ? nil
            : record.map { record in
                MadeBeside { [output] in
                    ShortWayStart(baseline: ChapterTextBaseline(lines: record.baseline), bundle: BundleOutline(bundle: output.appendingPathComponent("bundle")))
                }
            }
        var inputs = recorder != nil ? nil : try? BuildInputs.read(folder: content, options: recordedOptions, previous: record?.inputs)
        PhaseTimer.shared.mark("inputs")
        if !rebuild, let inputs, let record, inputs.sameBuild(as: record.inputs), record.outputsAreIntact(in: output) {
            return Outcome(way: .unchanged, messages: BuildMessages(standardOutput: record.standardOutput, standardError: record.standardError))
        }
        // The short ways start from the output as the record says it is: its files' status
        // is read once, and only when every file that changed is one a short way takes.
        var changed: [String]?
        if !rebuild, mayTakeShortWay, let inputs, let record, let paths = inputs.changedFiles(since: record.inputs),
            paths.allSatisfy(Self.mayTakeAShortWay(otherLanguages: Self.otherLanguages(of: content))), record.outputsAreIntact(in: output)
        {
            changed = paths
        }
        if let changed, let inputs, let record, let start = lastBuild?.value,
            let outcome = try chapterTexts(changed, inputs: inputs, record: record, start: start, host: host)
        {
            return outcome
        }
        return try compiledWhole(inputs: &inputs, recorder: recorder, record: record, changed: changed, host: host)
    }

    /// More chapters changed at once than this take the whole way: each one's entry of the
    /// search page is found in the page on its own, and a change across the program (a
    /// word replaced in every chapter) costs a whole build anyway.
    static let maximumChapters = 64

    /// The languages besides the default that the content's `folio.yaml` lists.
    static func otherLanguages(of content: URL) -> [String] {
        guard let text = try? String(contentsOf: content.appendingPathComponent("folio.yaml"), encoding: .utf8) else { return [] }
        return TranslationRecord.otherLanguages(inSettings: text)
    }

    /// Whether an edit of the file at a path alone may take a short way: a chapter's, a
    /// quiz's or a deck's. In a program with `otherLanguages`, a translated chapter's
    /// alone: an edit of an original can leave its translations outdated, and with them
    /// what every language shows and says.
    static func mayTakeAShortWay(otherLanguages: [String]) -> (String) -> Bool {
        { path in
            switch ContentKind(path: path, otherLanguages: otherLanguages) {
            case .chapter, .quiz, .deck: return otherLanguages.isEmpty
            case .translation(.chapter, _, _): return true
            default: return false
            }
        }
    }

    /// The short way after chapters' texts changed, or nil having changed nothing.
    /// `changed` are the files that changed since the record, whose output is intact.
    func chapterTexts(_ changed: [String], inputs: BuildInputs, record: BuildRecord, start: ShortWayStart, host: some BuildHost) throws -> Outcome? {
        guard changed.count <= Self.maximumChapters, let baseline = start.baseline, let bundle = start.bundle else { return nil }
        let source = ContentFolderSource(root: content)
        let resolver = baseline.resolver(listed: inputs.files.map(\.path))
        var texts: [Int: ChapterText] = [:]
        var translated: [String: [Int: ChapterText]] = [:]
        for path in changed {
            if baseline.translations[path] != nil {
                guard let body = baseline.recompileTranslation(path, content: source, resolver: resolver) else { return nil }
                translated[body.language, default: [:]][body.position] = body.text
                continue
            }
            guard let body = baseline.recompile(path, content: source, resolver: resolver) else { return nil }
            texts[body.position] = texts[body.position] ?? body.text
        }
        PhaseTimer.shared.mark("recompile")
        let positions = texts.keys.sorted()
        let translatedPositions = translated.mapValues { $0.keys.sorted() }
        guard var outline = bundle.outline(editing: texts, translated: translated),
            (positions + translatedPositions.values.joined()).allSatisfy({ baseline.chapterIDs[baseline.chapters[$0].path] == outline.chapters[$0].id })
        else { return nil }
        if !baseline.languages.isEmpty { outline.settings.languages = baseline.languages }
        // The messages are the last build's: no file with a message changed, and no
        // changed text has one. Only the line naming the bundle changes.
        let replacedLine = host.builtLine(
            chapters: bundle.manifest.chapters.count, quizzes: bundle.manifest.quizzes.count, decks: bundle.manifest.decks.count,
            bundleHash: bundle.manifest.bundleHash)
        guard record.standardError.hasSuffix(replacedLine) else { return nil }
        var driver = BuildDriver(renderers: renderers, progress: progress)
        var manifest: Manifest?
        let update = try driver.update(
            outline,
            for: ProgramChange(
                parts: ProgramParts(positions.isEmpty ? [] : [.chapterTexts]).union(translated.isEmpty ? [] : .translatedChapterTexts), chapters: positions,
                translatedChapters: translatedPositions, isOutline: true, outlineManifest: bundle.manifest), into: output,
            previousFiles: record.outputs.map(\.path)
        ) { products in
            manifest = products.bundleManifests?.written
            return true
        }
        guard let update else { return nil }
        let messages = BuildMessages(standardOutput: record.standardOutput, standardError: String(record.standardError.dropLast(replacedLine.count)))
        let built = manifest.map {
            host.builtLine(chapters: $0.chapters.count, quizzes: $0.quizzes.count, decks: $0.decks.count, bundleHash: $0.bundleHash)
        }
        BuildRecord.write(
            inputs: inputs, output: output, standardOutput: messages.standardOutput, standardError: messages.standardError + (built ?? ""),
            baseline: record.baseline, changing: (record.outputs, update.changedFiles))
        PhaseTimer.shared.mark("record")
        return Outcome(way: .chapterTexts, messages: messages, notes: driver.notes, built: built ?? "", renderers: driver.ways)
    }

    /// The build that compiles the content whole: then writes every renderer's files, or,
    /// when only quizzes and decks are among `changed` (the files that changed since a
    /// record of the output as it is), updates the renderers for them.
    func compiledWhole(inputs: inout BuildInputs?, recorder: RecordingContentSource?, record: BuildRecord?, changed: [String]?, host: some BuildHost)
        throws -> Outcome
    {
        // What the last build published, to tell which saved progress this one would drop.
        var published = PublishedBundle.identities(at: output.appendingPathComponent("bundle"))
        let replacedManifest = published == nil ? nil : BundleOutline.readManifest(at: output.appendingPathComponent("bundle"))
        // The chapters' text waits for the outputs in a file beside them, not in memory.
        var shelf = ScratchShelf(in: output.standardizedFileURL.resolvingSymlinksInPath().deletingLastPathComponent())
        var result = try host.compile(against: published, content: recorder, shelf: shelf)
        // A text the shelf could not give back was read as empty: the messages about it
        // would be wrong, so the failure is said instead.
        try shelf?.checkEveryTextWasRead()
        if let recorder { inputs = recorder.inputs(options: recordedOptions) }
        // The text of every content file is needed from here on only to quote the lines
        // of messages: the rest is let go before the outputs are written.
        result.sources = result.sources.quoted(by: result.diagnostics.all)
        // Of what was published, only the decks are read after the check (the site's
        // version-1 card marks).
        published?.quizzes = []
        let messages = host.compiled(result)
        guard !result.diagnostics.hasErrors, let program = result.program else { throw ContentErrors(result: result, messages: messages) }
        // Held once, and let go as the outputs are written, before the record is made.
        result.program = nil
        let change = quizzesAndDecks(changed, program: program, replaced: replacedManifest)
        BuildRecord.remove(for: output)
        var driver = BuildDriver(renderers: renderers, progress: progress)
        driver.shelf = shelf
        driver.published = published
        var manifest: Manifest?
        let summaries: [RenderSummary]
        do {
            if let change, let record {
                summaries =
                    try driver.update(program, for: change, into: output, previousFiles: record.outputs.map(\.path)) { products in
                        manifest = products.bundleManifests?.written
                        return true
                    }?.summaries ?? []
            } else {
                summaries = try driver.build(program, into: output)
            }
        } catch {
            throw BuildFailure(underlying: error, notes: driver.notes, result: result)
        }
        let bundleHash = manifest?.bundleHash ?? summaries.first { $0.folder == "bundle" }?.fingerprint ?? ""
        let built = host.builtLine(chapters: program.chapters.count, quizzes: program.quizzes.count, decks: program.decks.count, bundleHash: bundleHash)
        // The scratch file goes with the program: freeing the pages of a large one took as
        // long as writing the record.
        driver.shelf = nil
        let released = LettingGo(consume program, with: shelf)
        shelf = nil
        // A build that warned about progress saved with the bundle it replaced is not
        // recorded: the next build compares with this build's bundle, and would not
        // say it again.
        if let inputs, !result.diagnostics.all.contains(where: { $0.code == .progressDropped }) {
            BuildRecord.write(
                inputs: inputs, output: output, standardOutput: messages.standardOutput, standardError: messages.standardError + built,
                baseline: result.textBaseline?.lines ?? [])
        }
        released.wait()
        PhaseTimer.shared.mark("record")
        return Outcome(
            way: change == nil ? .whole : .quizzesAndDecks, messages: messages, notes: driver.notes, built: built, result: result,
            renderers: driver.ways)
    }

    /// The change a whole compilation makes, when the files that changed are quizzes and
    /// decks alone and the program's outline is the replaced bundle's; nil otherwise
    /// (every renderer then writes all its files).
    func quizzesAndDecks(_ changed: [String]?, program: CompiledProgram, replaced: Manifest?) -> ProgramChange? {
        guard let changed, let replaced else { return nil }
        var parts: ProgramParts = []
        for path in changed {
            switch ContentKind(path: path) {
            case .quiz: parts.insert(.quizzes)
            case .deck: parts.insert(.decks)
            default: return nil
            }
        }
        // A quiz drawn from a deck changes with the deck.
        if parts.contains(.decks), program.quizzes.contains(where: { $0.fromDeck != nil }) { parts.insert(.quizzes) }
        let chapters = program.chapters.map { Manifest.ChapterSummary(id: $0.id, title: $0.title, summary: $0.summary, quiz: $0.quiz) }
        guard replaced.program == program.settings, replaced.chapters == chapters,
            replaced.entries.filter({ $0.kind == .media }).map(\.path).sorted() == program.media.map(\.bundlePath).sorted()
        else { return nil }
        return ProgramChange(parts: parts)
    }
}

/// A build that failed while writing its output, with what the driver noted before it did.
public struct BuildFailure: Error {
    public var underlying: any Error
    public var notes: [String]
    /// The compilation whose output was being written.
    public var result: Compiler.Result?
}

extension BuildInputs {
    /// The text files that changed since `before`, when nothing else did: the same tool,
    /// options, links and files, every media file untouched; nil otherwise.
    func changedFiles(since before: BuildInputs) -> [String]? {
        guard tool == before.tool, options == before.options, links == before.links, tooDeep == before.tooDeep, files.count == before.files.count
        else { return nil }
        var changed: [String] = []
        for (now, then) in zip(files, before.files) {
            guard now.path == then.path else { return nil }
            if now.sha256 == nil || then.sha256 == nil {
                guard now.sha256 == nil, then.sha256 == nil, now.stamp == then.stamp else { return nil }
            } else if now.sha256 != then.sha256 {
                changed.append(now.path)
            }
        }
        return changed.isEmpty ? nil : changed
    }
}

/// What the short way starts from besides the build record: the record's baseline, and
/// the outline of the bundle the last build wrote; either nil when it cannot be read.
struct ShortWayStart: Sendable {
    var baseline: ChapterTextBaseline?
    var bundle: BundleOutline?
}

/// A compiled program let go on another thread, with the scratch file its texts were
/// on: a large program is millions of values, and freeing them at the end of a build on
/// its one thread kept the other core idle (docs/development.md). ``wait()`` returns once
/// they are gone.
final class LettingGo: @unchecked Sendable {
    // Touched only by the thread that lets them go, once they have been handed over.
    private var program: CompiledProgram?
    private var shelf: ScratchShelf?
    private let gone = DispatchSemaphore(value: 0)

    init(_ program: consuming CompiledProgram, with shelf: ScratchShelf? = nil) {
        self.program = consume program
        self.shelf = shelf
        DispatchQueue.global().async {
            self.program = nil
            self.shelf = nil
            self.gone.signal()
        }
    }

    func wait() { gone.wait() }
}
