import FolioCore
import FolioTestSupport
import XCTest

@testable import FolioImport

/// GIFT text with places marked by `1️⃣`, `2️⃣`, ... (as swift-format's tests mark
/// theirs), so that a test states a line and column by pointing at it. The markers are
/// removed; each stands for the place of the character that follows it.
struct MarkedGIFT {
    static let markers = MarkedText.markers
    static let file = "quiz.gift"

    let text: String
    private let places: [String: SourceLocation]

    init(_ marked: String) {
        let marked = MarkedText(marked)
        text = marked.text
        places = marked.places.mapValues { SourceLocation(file: Self.file, line: $0.line, column: $0.column) }
    }

    /// The place marked by `marker`.
    subscript(_ marker: String, file: StaticString = #filePath, line: UInt = #line) -> SourceLocation {
        guard let place = places[marker] else {
            XCTFail("no marker \(marker) in the text", file: file, line: line)
            return .startOf(Self.file)
        }
        return place
    }

    /// The text read by ``GIFTReader``.
    func read() -> (GIFTDocument, [Diagnostic]) {
        var diagnostics = DiagnosticList()
        let document = GIFTReader.read(SourceFile(path: Self.file, text: text), diagnostics: &diagnostics)
        return (document, diagnostics.all)
    }

    /// The text read and mapped to a Folio quiz.
    func quiz() -> (ImportedQuiz, [Diagnostic]) {
        var diagnostics = DiagnosticList()
        let document = GIFTReader.read(SourceFile(path: Self.file, text: text), diagnostics: &diagnostics)
        let quiz = GIFTQuizMapper.quiz(document, id: "quiz", title: "Quiz", source: Self.file, diagnostics: &diagnostics)
        return (quiz, diagnostics.all)
    }
}

/// A diagnostic as tests compare it: code, severity and place (not the prose).
struct Reported: Equatable, CustomStringConvertible {
    var code: DiagnosticCode
    var severity: Severity
    var location: SourceLocation

    init(_ code: DiagnosticCode, _ severity: Severity? = nil, at location: SourceLocation) {
        self.code = code
        self.severity = severity ?? code.defaultSeverity
        self.location = location
    }

    init(_ diagnostic: Diagnostic) {
        self.init(diagnostic.code, diagnostic.severity, at: diagnostic.location)
    }

    var description: String { "\(severity) \(code.rawValue) \(location.line):\(location.column)" }
}

extension Array where Element == Diagnostic {
    var reported: [Reported] { map(Reported.init) }
}
