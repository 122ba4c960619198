import ArgumentParser
import FolioAuthoring
import FolioClient
import FolioCompiler
import FolioCore
import FolioInterface
import FolioModel
import FolioProgram
import FolioProgress
import FolioQuiz
import FolioRunner
import Foundation

/// Where the runners read a program from: the built bundle (what apps receive), or the
/// content folder compiled in memory when asked with `--content`.
struct ProgramOptions: ParsableArguments {
    @Option(help: "The built bundle to read quizzes and decks from (default: the bundle `folio build` writes when run here).")
    var bundle: String?

    @Option(help: "Build this content folder in memory and use it instead of the bundle.")
    var content: String?

    func load() throws -> ProgramSource {
        if let content { return try ProgramSource.compiling(content) }
        return try ProgramSource.reading(bundle: bundle ?? Self.defaultBundle)
    }

    /// Where `folio build`, run here with no folder, writes the bundle: `Output/bundle`,
    /// or `../Output/bundle` inside a program's own folder.
    static var defaultBundle: String {
        let folder = (try? ProgramFolder.find(ProgramFolder.defaultName, example: "")).map { ContentFolder($0.path) }
        return (folder?.defaultBuildOutput ?? "Output") + "/bundle"
    }
}

/// A program's chapters, quizzes and decks, wherever they came from.
struct ProgramSource {
    /// The program's id, which progress is kept under.
    let id: String
    let title: String
    let chapters: [Manifest.ChapterSummary]
    let quizIDs: [String]
    let decks: [Manifest.DeckSummary]
    /// The program's default language, `language:` in its `folio.yaml`.
    let language: String
    /// Nil when there is no such quiz or deck; throws when there is one that cannot be
    /// read (a damaged bundle).
    private let loadQuiz: (String) throws -> Quiz?
    private let loadDeck: (String) throws -> Deck?
    /// The program's own interface catalogues, by language: read from its content folder
    /// (a bundle does not carry them).
    var interfaceCatalogues: [String: InterfaceCatalogue] = [:]
    /// The program's languages, the default first.
    var languages: [String] = []
    /// The quizzes and decks shown in the default language because the language this
    /// source is in has no current translation of them (``inLanguage(_:)``).
    private(set) var fallbackQuizzes: Set<String> = []
    private(set) var fallbackDecks: Set<String> = []
    /// The same program in another of its languages.
    private var localize: (@Sendable (String) throws -> ProgramSource)? = nil
    /// Whether the program asks learners for anonymous reports, and how (`insights:`;
    /// in a bundle since format 1.7).
    var insights: InsightsSettings?

    /// The program as a learner reading `language` sees it: its quizzes, decks and
    /// chapter titles translated where they are, the default language's elsewhere (listed
    /// in ``fallbackQuizzes`` and ``fallbackDecks``). The source itself for its default
    /// language, or one the program has no translation into.
    func inLanguage(_ language: String) throws -> ProgramSource {
        guard language != self.language, languages.contains(language), let localize else { return self }
        var localized = try localize(language)
        localized.interfaceCatalogues = interfaceCatalogues
        localized.languages = languages
        localized.insights = insights
        return localized
    }

    /// Whether the quiz `id` is shown in the default language, untranslated.
    func fallsBack(quiz id: String) -> Bool { fallbackQuizzes.contains(id) }
    /// Whether the deck `id` is shown in the default language, untranslated.
    func fallsBack(deck id: String) -> Bool { fallbackDecks.contains(id) }

    /// Reads a bundle folder, or a folder `folio sync` installed into, through the
    /// library apps use: every file is checked against the manifest before it is used.
    static func reading(bundle folder: String) throws -> ProgramSource {
        let bundle: BundleReader
        do {
            bundle = try BundleReader(folder: URL(fileURLWithPath: folder))
        } catch BundleProblem.noBundle {
            // The program here, as `--content` takes it: `.` inside its own folder.
            let here = (try? ProgramFolder.find(ProgramFolder.defaultName, example: "")).map { ContentFolder($0.path).argument }
            throw CommandFailure(
                "there is no bundle at `\(folder)`: run `folio build` first, or read the program's files directly with `--content \(here ?? "FOLDER")`")
        } catch let problem as BundleProblem {
            throw CommandFailure("`\(folder)` cannot be read: \(problem); build or sync it again")
        }
        let manifest = bundle.manifest
        var source = ProgramSource(
            id: manifest.program.id, title: manifest.program.title, chapters: manifest.chapters, quizIDs: manifest.quizzes, decks: manifest.decks,
            language: manifest.program.language,
            loadQuiz: { id in manifest.quizzes.contains(id) ? try Self.checked { try bundle.quiz(id) } : nil },
            loadDeck: { id in manifest.decks.contains { $0.id == id } ? try Self.checked { try bundle.deck(id) } : nil })
        source.languages = bundle.languages
        source.insights = manifest.program.insights
        source.localize = { language in
            let parts = manifest.languages?.first { $0.language == language }?.parts ?? []
            var localized = ProgramSource(
                id: manifest.program.id, title: manifest.program.title, chapters: bundle.chapters(in: language).map(\.value),
                quizIDs: manifest.quizzes,
                decks: manifest.decks.map { deck in
                    var summary = deck
                    if let title = parts.first(where: { $0.kind == .deck && $0.id == deck.id })?.title { summary.title = title }
                    return summary
                }, language: language,
                loadQuiz: { id in manifest.quizzes.contains(id) ? try Self.checked { try bundle.quiz(id, in: language).value } : nil },
                loadDeck: { id in manifest.decks.contains { $0.id == id } ? try Self.checked { try bundle.deck(id, in: language).value } : nil })
            localized.fallbackQuizzes = Set(parts.filter { $0.kind == .quiz && !$0.isShownTranslated }.map(\.id))
            localized.fallbackDecks = Set(parts.filter { $0.kind == .deck && !$0.isShownTranslated }.map(\.id))
            return localized
        }
        return source
    }

    private static func checked<T>(_ read: () throws -> T) throws -> T {
        do { return try read() } catch let problem as BundleProblem {
            throw CommandFailure("the bundle cannot be used: \(problem); build or sync it again")
        }
    }

    static func compiling(_ folder: String) throws -> ProgramSource {
        let options = ContentOptions.parseOrExit([folder])
        let reporter = try Reporter(options: options, example: "--content MyProgram")
        let result = try reporter.compile()
        if result.diagnostics.hasErrors {
            reporter.report(result)
            throw ExitStatus.contentErrors
        }
        guard let program = result.program else { throw ExitStatus.contentErrors }
        var source = Self.of(program)
        source.languages = program.settings.languages
        source.insights = program.settings.insights
        source.localize = { language in
            let localized = program.localized(to: language)
            var source = Self.of(localized.program)
            source.fallbackQuizzes = Set(localized.fallbacks.filter { $0.kind == .quiz }.map(\.id))
            source.fallbackDecks = Set(localized.fallbacks.filter { $0.kind == .deck }.map(\.id))
            return source
        }
        return source
    }

    /// A compiled program's parts; `language` is its settings'.
    private static func of(_ program: CompiledProgram) -> ProgramSource {
        ProgramSource(
            id: program.settings.id, title: program.settings.title,
            chapters: program.chapters.map { .init(id: $0.id, title: $0.title, summary: $0.summary, quiz: $0.quiz) },
            quizIDs: program.quizzes.map(\.id),
            decks: program.decks.map { .init(id: $0.id, title: $0.title, cardCount: $0.cards.count) }, language: program.settings.language,
            loadQuiz: { id in program.quiz(id) }, loadDeck: { id in program.decks.first { $0.id == id } },
            interfaceCatalogues: program.interfaceCatalogues)
    }

    /// The quiz `id`, or the quiz at the end of chapter `id`, with that chapter.
    func quiz(_ id: String) throws -> (Quiz, Manifest.ChapterSummary?) {
        let quizID = quizIDs.contains(id) ? id : chapters.first { $0.id == id }?.quiz
        guard let quizID, let quiz = try loadQuiz(quizID) else {
            let names = quizIDs + chapters.filter { $0.quiz != nil }.map(\.id)
            let suggestion = NearestName.find(id, among: names).map { " Did you mean `\($0)`?" } ?? ""
            throw CommandFailure("there is no quiz or chapter `\(id)`.\(suggestion) Run `folio quiz` to see them all")
        }
        return (quiz, chapters.first { $0.quiz == quizID })
    }

    func deck(_ id: String) throws -> Deck {
        guard let deck = try loadDeck(id) else {
            let suggestion = NearestName.find(id, among: decks.map(\.id)).map { " Did you mean `\($0)`?" } ?? ""
            throw CommandFailure("there is no deck `\(id)`.\(suggestion) Run `folio study` to see them all")
        }
        return deck
    }

    /// Every quiz and deck, read once for the outline and for carrying progress over,
    /// with each quiz's question ids, which both need.
    private func everything() -> (questionIDs: [String: [String]], decks: [Deck]) {
        let quizzes = quizIDs.compactMap { try? loadQuiz($0) }
        return (Dictionary(quizzes.map { ($0.id, $0.questions.map(\.id)) }, uniquingKeysWith: { first, _ in first }), decks.compactMap { try? loadDeck($0.id) })
    }

    var outline: ProgramOutline {
        let (questionIDs, decks) = everything()
        return ProgramOutline(
            id: id, title: title, chapters: chapters.map { .init(id: $0.id, title: $0.title, quiz: $0.quiz) },
            decks: decks.map { .init(id: $0.id, title: $0.title, cardIDs: $0.cards.map(\.id)) }, quizzes: questionIDs)
    }

    /// The ids progress saved by version 1 is carried over to.
    var identity: ProgramIdentity {
        let (questionIDs, decks) = everything()
        return ProgramIdentity(
            id: id, title: title, quizzes: questionIDs,
            decks: Dictionary(decks.map { ($0.id, $0.cards.map { .init(id: $0.id, front: $0.front) }) }, uniquingKeysWith: { first, _ in first }))
    }
}

/// Where progress is saved, and whose it is.
struct ProgressOptions: ParsableArguments {
    @Option(help: "The progress file (default: $FOLIO_PROGRESS, else ~/.local/share/folio/progress.sqlite).")
    var progress: String?

    @Option(
        help: ArgumentHelp(
            "Whose progress, on a computer shared by several learners: a first name or nickname.",
            discussion: "Each learner's progress is a file of its own beside the progress file (progress-maya.sqlite)."))
    var learner: String?

    @Flag(help: "Start a new learner with the --learner name, even one letter from a learner already on this computer.")
    var newLearner = false

    /// The progress file without a learner's name; the learners' files are beside it.
    var learnerFiles: LearnerFiles { LearnerFiles(base: progress ?? ProgressStore.defaultPath()) }

    var path: String {
        guard let learner, let name = Self.fileName(for: learner) else { return learnerFiles.base }
        return learnerFiles.path(of: name)
    }

    /// The options that say whose progress this is, as typed after a command the runners
    /// suggest (` --learner Maya`), so that following the suggestion shows her progress.
    var followUpOptions: String { followUpOptions(learner: learner) }

    /// The same for another learner with the same progress file, or for none.
    func followUpOptions(learner: String?) -> String {
        var options = ""
        if let progress { options += " --progress " + LearnerName.shellWord(progress) }
        if let learner { options += " --learner " + LearnerName.shellWord(learner) }
        return options
    }

    /// A learner's name as it goes into her file's name: its words folded as answers are
    /// (`Zoë Smith` is `zoe-smith`); nil when nothing is left.
    static func fileName(for learner: String) -> String? {
        let words = TextAnswer.normalized(learner).split(separator: " ")
        let name = words.joined(separator: "-")
        return name.isEmpty || name.count > 40 ? nil : name
    }

    mutating func validate() throws {
        if let learner, Self.fileName(for: learner) == nil {
            throw ValidationError("`--learner` needs a first name or nickname of letters or digits, up to 40 (got `\(learner)`)")
        }
        if newLearner, learner == nil { throw ValidationError("`--new-learner` goes with `--learner NAME`") }
    }

    /// The learner already on this computer whose name is one letter from the one given,
    /// when the one given has no progress yet and was not said to be new: the name was
    /// most likely mistyped.
    var nearLearner: (typed: String, near: String)? {
        guard !newLearner, let learner, let name = Self.fileName(for: learner), !FileManager.default.fileExists(atPath: path),
            let near = learnerFiles.nearLearner(to: name)
        else { return nil }
        return (name, near)
    }

    /// Before a new learner's file is made: a name one letter from a learner already here
    /// is asked about at a terminal (`y` starts the new learner) and refused otherwise,
    /// with the near learner's name and how to start a new one on purpose. False when she
    /// said no, and nothing is to be done.
    func confirmNewLearner(console: Console, command: String, words: TerminalWords = .english) throws -> Bool {
        guard let (typed, near) = nearLearner else { return true }
        let nearCommand = command + followUpOptions(learner: near)
        guard console.isInteractive else {
            throw CommandFailure(
                "there is no learner `\(typed)` on this computer yet, but there is `\(near)`, one letter away. "
                    + "For \(near)'s progress: \(nearCommand); to start a new learner `\(typed)`, add --new-learner")
        }
        let layout = TextLayout(width: console.width, style: console.style)
        console.write(layout.wrap(words("terminal.learner.near", ["typed": typed, "near": near]), tone: .emphasis))
        while true {
            switch console.readLine(prompt: words("terminal.learner.start", ["typed": typed])) {
            case .line(let line):
                if words.accepts(line, "terminal.words.yes") { return true }
                guard words.accepts(line, "terminal.words.no") else { continue }
            case .interrupted: throw ExitCode(130)
            case .endOfInput, .timedOut: break
            }
            console.write(layout.wrap(words("terminal.learner.not-started", ["near": near, "command": nearCommand]), tone: .muted))
            return false
        }
    }

    /// Opens the file for `source`'s program; progress that version 1 saved for it is
    /// carried over to the ids it has now, the first time.
    func open(for source: ProgramSource) throws -> ProgressStore {
        do {
            let store = try ProgressStore(path: path)
            if try store.needsCarryOver(programID: source.id, title: source.title) { try store.carryOver(source.identity) }
            return store
        } catch let error as ProgressError {
            throw CommandFailure(error.description)
        }
    }
}
