import FolioCore
import FolioInterface
import Foundation
import XCTest

@testable import FolioCompiler

/// A program's own interface catalogues, `interface/<language>.yaml`: read with the
/// program, their problems located like every content problem's.
final class ProgramInterfaceTests: XCTestCase {
    func compile(_ files: [String: String]) throws -> Compiler.Result {
        let content = try Fixtures.copy(Fixtures.specExamples, in: self)
        for (path, text) in files {
            let url = content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try Compiler(contentFolder: content).compile()
    }

    func testAProgramsCataloguesAreOnTheProgramAndGoOverFolios() throws {
        let result = try compile([
            "interface/fr.yaml": "language: fr\nmessages:\n  terminal.feedback.correct: Bravo !\n",
            "interface/es.yaml": "language: es\nmessages:\n  terminal.feedback.correct: ¡Genial!\n",
        ])
        XCTAssertEqual(result.diagnostics.all.map(\.message), [])
        let program = try XCTUnwrap(result.program)
        XCTAssertEqual(program.interfaceCatalogues.keys.sorted(), ["es", "fr"])
        let spanish = InterfaceCatalogue.forLanguage("es", adding: program.interfaceCatalogues["es"])
        XCTAssertEqual(spanish.text("terminal.feedback.correct"), "¡Genial!")
        XCTAssertEqual(spanish.text("terminal.feedback.not-quite"), "No exactamente.")
        let french = InterfaceCatalogue.forLanguage("fr", adding: program.interfaceCatalogues["fr"])
        XCTAssertEqual(french.text("terminal.feedback.correct"), "Bravo !")
        XCTAssertEqual(french.text("terminal.feedback.not-quite"), "Not quite.", "a message the catalogue lacks is English's")
    }

    func testAnUnknownKeyOtherPlaceholdersAndAMissingFormAreReportedWhereTheyAreWritten() throws {
        let result = try compile([
            "interface/es.yaml": """
            language: es
            messages:
              terminal.feedback.corect: ¡Genial!
              terminal.result.passed: "¡Aprobaste con {puntos}!"
              terminal.quiz.questions:
                one: "{count} pregunta"

            """
        ])
        let described = result.diagnostics.sorted.map {
            "\($0.code.rawValue) \($0.location.file):\($0.location.line):\($0.location.column) \($0.help ?? "")"
        }
        XCTAssertEqual(
            described,
            [
                "interface-message-unknown interface/es.yaml:3:3 did you mean `terminal.feedback.correct`?",
                "interface-message-placeholders interface/es.yaml:4:3 keep English's placeholders, in the order the language needs: `{percent}`",
                "interface-catalogue-invalid interface/es.yaml:6:5 add `other:`, the form for every count no other form covers",
            ])
        XCTAssertNil(result.program, "a catalogue that cannot be read stops the build, as any content file does")
        XCTAssertFalse(ProgramInterface.isCatalogue("interface/notes/es.yaml"))
        XCTAssertFalse(ProgramInterface.isCatalogue("interface/README.md"))
    }
}
