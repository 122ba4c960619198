import FolioCore

/// Codes for these tests, as the compiler declares them: the diagnostics machinery is
/// tested on its own, without the compiler.
extension DiagnosticCode {
    static let unknownField = DiagnosticCode("unknown-field", .error, .fields)
    static let invalidID = DiagnosticCode("invalid-id", .error, .fields)
    static let quizNoHint = DiagnosticCode("quiz-no-hint", .warning, .quizzes)
    static let quizSingleCorrectCount = DiagnosticCode("quiz-single-correct-count", .error, .quizzes)
}
