import FolioContent
import FolioCore
import FolioModel
import FolioProgram
import FolioTestSupport
import Foundation
import XCTest

@testable import FolioCompiler

/// The compiler's view of the shared fixtures (``TestFixtures``, ``BrokenCase``):
/// programs compiled in memory.
enum Fixtures {
    static let specExamples = TestFixtures.specExamples
    static let sampleContent = TestFixtures.sampleContent

    static func copy(_ folder: URL, in test: XCTestCase) throws -> URL { try TestFixtures.copy(folder, in: test) }

    /// A copy of the sample in its default language alone (``TestFixtures/sampleInOneLanguage(in:)``).
    static func sampleInOneLanguage(in test: XCTestCase) throws -> URL { try TestFixtures.sampleInOneLanguage(in: test) }

    /// The spec examples with the chapter's text (after a front matter of its title and
    /// quiz) replaced, and `folio.yaml` too when `settings` is given, compiled in memory.
    static func compile(chapterText: String, settings: String? = nil, in test: XCTestCase) throws -> Compiler.Result {
        var files = TestFixtures.snapshot(specExamples)
        files["chapters/01-who-am-i.md"] = Data(("---\ntitle: Who Am I?\nquiz: who-am-i\n---\n\n" + chapterText).utf8)
        if let settings { files["folio.yaml"] = Data(settings.utf8) }
        return try Compiler(content: ContentInMemory(files: files)).compile()
    }

    /// A broken case, compiled in memory.
    static func compile(_ broken: BrokenCase) throws -> Compiler.Result {
        try Compiler(content: ContentInMemory(files: try broken.files())).compile()
    }
}

extension BrokenCase.Problem {
    /// What the compiler reported, in the form of `expected.txt`.
    init(_ d: Diagnostic) {
        self.init(
            severity: d.severity.rawValue, code: d.code.rawValue, file: d.location.file, line: d.location.line, column: d.location.column,
            messagePart: d.message)
    }
}

/// Where the shared external test material is.
enum TestPaths {
    static let external = TestFixtures.external
}

extension CompiledChapter {
    /// The chapter's text as the bundle carries it.
    var html: String { BodyHTML.bundle(body) }
}
