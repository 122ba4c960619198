import FolioCore
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
            diagnostics.append(contentsOf: decoded.diagnostic.map { [$0] } ?? [])
            return Result(diagnostics: diagnostics, sources: sources, skippedQuestions: [])
        }
        let document = GIFTReader.read(file, diagnostics: &diagnostics)
        let source = (path as NSString).lastPathComponent
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
        return Result(quiz: quiz, yaml: QuizYAMLWriter.yaml(quiz), diagnostics: diagnostics, sources: sources, skippedQuestions: quiz.skipped)
    }
}
