import FolioContent
import FolioCore
import FolioSyntax
import Foundation

/// Imports a Moodle GIFT file as a Folio quiz: decode, read, map, write. Pure: the
/// caller reads the file and writes the result.
public enum GIFTImporter {
    /// What an import made and reported.
    public struct Result: Sendable {
        /// The quiz, when at least one question could be imported.
        public var quiz: ImportedQuiz?
        /// The quiz file's text, when there is a quiz.
        public var yaml: String?
        /// Everything reported, at its place in the source file.
        public var diagnostics: DiagnosticList
        /// The source file, for quoting its lines in messages.
        public var sources: SourceStore
        /// How many questions were imported.
        public var imported: Int { quiz?.questions.count ?? 0 }
        /// The questions left out, in the order of the file.
        public var skippedQuestions: [SkippedQuestion]
        /// How many questions were left out.
        public var skipped: Int { skippedQuestions.count }
        /// Whether a mistake in the GIFT file kept some question out: the import is
        /// then incomplete, however many questions were written.
        public var leftOutBecauseOfErrors: Bool { skippedQuestions.contains(where: \.becauseOfError) }
    }

    /// Imports `data`, the bytes of the GIFT file shown in messages as `path`, as the
    /// quiz `id` titled `title`.
    public static func run(_ data: Data, path: String, id: String, title: String) -> Result {
        var diagnostics = DiagnosticList()
        var sources = SourceStore()
        let decoded = SourceDecoder.decode(data, path: path)
        if let quotable = decoded.quotable ?? decoded.file { sources.add(quotable) }
        guard let file = decoded.file else {
            diagnostics.append(contentsOf: decoded.diagnostics)
            return Result(diagnostics: diagnostics, sources: sources, skippedQuestions: [])
        }
        let document = GIFTReader.read(file, diagnostics: &diagnostics)
        let source = ContentPath.lastComponent(path)
        let quiz = GIFTQuizMapper.quiz(document, id: id, title: title, source: source, diagnostics: &diagnostics)
        guard !quiz.questions.isEmpty else {
            diagnostics.error(
                .giftNoQuestions, at: .startOf(path),
                quiz.skipped.isEmpty ? "this file has no questions" : "none of the \(quiz.skipped.count) questions of this file could be imported",
                help: quiz.skipped.isEmpty
                    ? "a GIFT question is text followed by its answers in `{...}`, such as `Grant is buried in Grant's tomb. {F}`"
                    : "the other messages say why each was left out")
            return Result(diagnostics: diagnostics, sources: sources, skippedQuestions: quiz.skipped)
        }
        let yaml = QuizYAMLWriter.yaml(quiz)
        guard fitsInAQuizFile(yaml, path: path, questions: quiz.questions.count, diagnostics: &diagnostics) else {
            return Result(diagnostics: diagnostics, sources: sources, skippedQuestions: quiz.skipped)
        }
        return Result(quiz: quiz, yaml: yaml, diagnostics: diagnostics, sources: sources, skippedQuestions: quiz.skipped)
    }

    /// Whether the quiz file passes the limits `folio check` reads quiz files by (its
    /// size and how many YAML values it holds), read back the way `folio check` reads
    /// it: an import must never write a quiz that the check then refuses.
    static func fitsInAQuizFile(_ yaml: String, path: String, questions: Int, diagnostics: inout DiagnosticList) -> Bool {
        let help = "split the GIFT file into smaller ones (by topic, say) and import each as a quiz of its own"
        let size = yaml.utf8.count
        if size > SourceDecoder.maxFileSize {
            diagnostics.error(
                .fileTooLarge, at: .startOf(path),
                "the quiz made from this file's \(questions.withThousandsSeparators) questions would be \((size / 1024).withThousandsSeparators) KB; "
                    + "Folio reads quiz files of at most \(SourceDecoder.maxFileSize / 1024 / 1024) MB",
                help: help)
            return false
        }
        let limits = YAMLLimits.standard
        let readBack = YAMLReader(limits: limits).read(yaml, file: "quizzes/imported.yaml")
        if readBack.diagnostics.contains(where: { $0.code == .yamlAliasLimit || $0.code == .yamlNestingLimit }) {
            diagnostics.error(
                .fileTooLarge, at: .startOf(path),
                "the quiz made from this file's \(questions.withThousandsSeparators) questions would hold more than "
                    + "\(limits.maxNodes.withThousandsSeparators) values, more than Folio reads in one quiz file",
                help: help)
            return false
        }
        return true
    }
}

extension DiagnosticCode {
    /// The GIFT text is malformed (an unclosed `{`, a stray `}`, a bad number); the
    /// question is skipped.
    public static let giftSyntax = DiagnosticCode("gift-syntax", .error, .gift)
    /// A GIFT construct Folio has no equivalent for (matching, essay, description); the
    /// question is skipped.
    public static let giftUnsupported = DiagnosticCode("gift-unsupported", .warning, .gift)
    /// The question is imported, but something in it could not be kept as written
    /// (partial credit, extra answers, HTML markup).
    public static let giftChanged = DiagnosticCode("gift-changed", .warning, .gift)
    /// A GIFT line that means nothing in a Folio quiz (`$CATEGORY:`); it is left out.
    public static let giftIgnored = DiagnosticCode("gift-ignored", .warning, .gift)
    /// The GIFT file has no question that could be imported.
    public static let giftNoQuestions = DiagnosticCode("gift-no-questions", .error, .gift)
}

extension DiagnosticCode {
    /// The codes this module declares, for the check that every code is explained.
    public static let giftCodes: [DiagnosticCode] = [.giftSyntax, .giftUnsupported, .giftChanged, .giftIgnored, .giftNoQuestions]
}
