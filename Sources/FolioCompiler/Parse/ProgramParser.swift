import FolioCore
import FolioModel

/// The program as its files say it, each file read on its own: the second stage of the
/// pipeline (after loading). Nothing here is checked against another file.
struct ParsedProgram {
    /// What was loaded: the files, and which could not be read.
    var content: LoadedContent
    var settings: ProgramSettings?
    /// Every chapter that could be read, drafts included, in file order.
    var chapters: [ParsedChapter]
    /// Every quiz that could be read, built from what its file says by the rules within
    /// one quiz (``QuizSettingRules``), in file order.
    var quizzes: [CheckedQuiz]
    var decks: [ParsedDeck]
    var billOfRights: BillOfRights?
    /// Whether each right of the bill of rights states its id.
    var billOfRightsStated: [Bool] = []
    /// The welcome page's front matter and text, when it could be read.
    var welcome: ParsedWelcome?
    /// Every translation that could be read, chapters first, then quizzes, then the rest,
    /// each in file order.
    var translations: [ParsedTranslation] = []
}

/// `welcome.md`, read: an optional title and the Markdown.
struct ParsedWelcome {
    var file: SourceFile
    var title: String?
    /// Part of the file's text, not a copy.
    var body: Substring
    var bodyLineOffset: Int
}

/// Reads every content file into a ``ParsedProgram``, chapters and quizzes on all
/// cores, reusing what a ``CompileCache`` kept.
enum ProgramParser {
    /// A file whose text is on a shelf is read back from it to be parsed; a chapter's is
    /// left there again until its body is resolved.
    /// `published` is the bundle this build replaces, when there is one: of two questions
    /// that read the same, the one it knew keeps its id.
    static func parse(
        _ content: LoadedContent, cache: CompileCache?, published: PublishedIdentities? = nil, progress: (any BuildProgress)?,
        diagnostics: inout DiagnosticList
    ) -> ParsedProgram {
        let publishedQuizzes = Dictionary((published?.quizzes ?? []).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let translationsRead = content.translations.filter { $0.kind == .chapter || $0.kind == .quiz }.count
        progress?.begin(.parsing, total: content.chapters.count + content.quizzes.count + translationsRead)
        let settings = SettingsParser.parse(
            content.settings, misnamed: content.misnamed("folio.yaml"), isLink: content.links.contains("folio.yaml"),
            media: content.media.map(\.bundlePath), diagnostics: &diagnostics)
        // Translations of chapters and quizzes are read in the same passes as the
        // originals, on all cores; an original with a translation has the fingerprint of
        // its text taken while the text is in memory (``TranslationRecord``).
        let translationsByPath = Dictionary(content.translations.map { ($0.file.path, $0) }, uniquingKeysWith: { first, _ in first })
        let translatedOriginals = Set(content.translations.map(\.original))
        let chapterTranslations = content.translations.filter { $0.kind == .chapter }.map(\.file)
        let quizTranslations = content.translations.filter { $0.kind == .quiz }.map(\.file)
        var allChapters = inParallel(content.chapters + chapterTranslations, into: &diagnostics, progress: progress) { file, diagnostics in
            if let translation = translationsByPath[file.path] {
                return TranslationParser.chapter(translation, file: file, diagnostics: &diagnostics)
            }
            var parsed: ParsedChapter?
            if let cache {
                let found: [Diagnostic]
                (parsed, found) = cache.chapter(file) { ChapterParser.parse($0, diagnostics: &$1) }
                diagnostics.append(contentsOf: found)
            } else {
                parsed = ChapterParser.parseFrontMatter(of: file, diagnostics: &diagnostics)
            }
            if translatedOriginals.contains(file.path), let fingerprint = parsed?.bodyWordsFingerprint { parsed?.bodyFingerprint = fingerprint }
            return parsed
        }
        var chapters: [ParsedChapter] = []
        var translations: [ParsedTranslation] = []
        if content.translations.isEmpty {
            chapters = allChapters
        } else {
            chapters.reserveCapacity(content.chapters.count)
            translations.reserveCapacity(content.translations.count)
            allChapters.removeEach { chapter in
                if let source = translationsByPath[chapter.file.path] {
                    translations.append(ParsedTranslation(source: source, form: .chapter(chapter)))
                } else {
                    chapters.append(chapter)
                }
            }
        }
        // Each quiz is built as soon as its file is read: its written form, with the place
        // of every part, is several times the size of its text, and held for every quiz
        // at once it made the largest part of a large program's memory.
        var allQuizzes = inParallel(content.quizzes + quizTranslations, into: &diagnostics, progress: progress) { file, diagnostics -> ParsedQuizFile? in
            if let translation = translationsByPath[file.path] {
                return TranslationParser.quiz(translation, file: file, diagnostics: &diagnostics).map { .translation(translation, $0.0, $0.1) }
            }
            let written: WrittenQuiz?
            if let cache {
                let (parsed, found) = cache.quiz(file) { QuizParser.parse($0, diagnostics: &$1) }
                diagnostics.append(contentsOf: found)
                written = parsed
            } else {
                written = QuizParser.parse(file.inMemory, diagnostics: &diagnostics)
            }
            guard let written else { return nil }
            func build(_ quiz: WrittenQuiz) -> (CheckedQuiz, [Diagnostic]) {
                var local = DiagnosticList()
                let checked = QuizSettingRules.build(quiz, published: publishedQuizzes[quiz.id], diagnostics: &local)
                return (checked, local.all)
            }
            let (checked, found) = cache?.builtQuiz(written, build) ?? build(written)
            diagnostics.append(contentsOf: found)
            return .original(checked)
        }
        var quizzes: [CheckedQuiz] = []
        quizzes.reserveCapacity(content.quizzes.count)
        allQuizzes.removeEach { quiz in
            switch quiz {
            case .original(let checked): quizzes.append(checked)
            case .translation(let source, let written, let built): translations.append(ParsedTranslation(source: source, form: .quiz(written, built)))
            }
        }
        let decks = content.decks.compactMap { DeckParser.parse($0, diagnostics: &diagnostics) }
        translations += TranslationParser.others(
            content.translations.filter { $0.kind != .chapter && $0.kind != .quiz }, diagnostics: &diagnostics)
        let billOfRights = content.billOfRights.flatMap { BillOfRightsParser.parseLocated($0, diagnostics: &diagnostics) }
        let welcome = content.welcome.flatMap { file in
            ChapterParser.parseWelcome(file, diagnostics: &diagnostics).map {
                ParsedWelcome(file: file, title: $0.title, body: $0.body, bodyLineOffset: $0.bodyLineOffset)
            }
        }
        return ParsedProgram(
            content: content, settings: settings, chapters: chapters, quizzes: quizzes, decks: decks, billOfRights: billOfRights?.bill,
            billOfRightsStated: billOfRights?.stated ?? [], welcome: welcome, translations: translations)
    }

    /// A quiz file read: an original, built, or a translation, as written and as built;
    /// boxed, as ``ParsedTranslation/Form`` is.
    indirect enum ParsedQuizFile {
        case original(CheckedQuiz)
        case translation(TranslationSource, WrittenQuiz, CheckedQuiz)
    }

    /// Parses files on all cores, keeping their order and their diagnostics; `progress`
    /// advances once per file.
    static func inParallel<Parsed>(
        _ files: [SourceFile], into diagnostics: inout DiagnosticList, progress: (any BuildProgress)?,
        _ parse: (SourceFile, inout DiagnosticList) -> Parsed?
    ) -> [Parsed] {
        var results = ParallelMap.run(files) { file -> (Parsed?, [Diagnostic]) in
            defer { progress?.advance() }
            var local = DiagnosticList()
            let parsed = parse(file, &local)
            return (parsed, local.all)
        }
        var parsed: [Parsed] = []
        parsed.reserveCapacity(results.count)
        results.removeEach { result in
            diagnostics.append(contentsOf: result.1)
            if let one = result.0 { parsed.append(one) }
        }
        return parsed
    }
}
