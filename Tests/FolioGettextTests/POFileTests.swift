import FolioGettext
import Foundation
import XCTest

/// PO files as GNU gettext's own tools read them: what Folio writes, `msgfmt --check`
/// accepts, and what a translator's tool writes, Folio reads back.
final class POFileTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("po-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    static let header: [(name: String, value: String)] = [
        ("Project-Id-Version", "go-grrrls"), ("Language", "es"), ("MIME-Version", "1.0"),
        ("Content-Type", "text/plain; charset=UTF-8"), ("Content-Transfer-Encoding", "8bit"),
        ("Plural-Forms", "nplurals=2; plural=(n != 1);"),
    ]

    func testWhatFolioWritesMsgfmtAcceptsAndFolioReadsBackTheSame() throws {
        let entries = [
            POEntry(
                context: "quizzes/feelings-check.yaml#naming-a-feeling.prompt", source: "Why can naming a feeling help?",
                translation: "¿Por qué ayuda ponerle nombre a un sentimiento?", notes: "A quiz question", references: ["quizzes/feelings-check.yaml:6"]),
            POEntry(
                context: "chapters/03-feelings.md#body", source: "Line one with \"quotes\", a \\ and a\ttab.\n\nA second paragraph.\n",
                translation: "Línea uno con \"comillas\", una \\ y un\ttabulador.\n\nUn segundo párrafo.\n"),
            POEntry(
                context: "quizzes/feelings-check.yaml#bad-feelings.hint", source: "Read the first paragraph again.",
                translation: "Lee el primer párrafo.", isFuzzy: true, previousSource: "Read the first paragraph."),
            POEntry(context: "decks/feelings.yaml#proud.front", source: "Proud", translatorComments: "ask Ana"),
        ]
        let path = folder.appendingPathComponent("es.po").path
        try POFile(header: Self.header, entries: entries).write(path: path)

        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        check.arguments = ["--check", "-o", "/dev/null", path]
        let errors = Pipe()
        check.standardError = errors
        try check.run()
        check.waitUntilExit()
        XCTAssertEqual(check.terminationStatus, 0, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))

        let read = try POFile.read(path: path)
        XCTAssertEqual(read.headerField("Language"), "es")
        XCTAssertEqual(read.entries.map(\.context), entries.map(\.context))
        XCTAssertEqual(read.entries.map(\.source), entries.map(\.source))
        XCTAssertEqual(read.entries.map(\.translation), entries.map(\.translation))
        XCTAssertEqual(read.entries.map(\.isFuzzy), [false, false, true, false])
        XCTAssertEqual(read.entries[2].previousSource, "Read the first paragraph.")
        XCTAssertEqual(read.entries[0].references, ["quizzes/feelings-check.yaml:6"])
        XCTAssertEqual(read.entries[0].notes?.trimmingCharacters(in: .newlines), "A quiz question")
        XCTAssertEqual(read.entries[3].translatorComments?.trimmingCharacters(in: .whitespacesAndNewlines), "ask Ana")
    }

    func testAFileMsgfmtWouldRefuseIsRefusedWithItsLine() throws {
        let path = folder.appendingPathComponent("broken.po").path
        try """
        msgid ""
        msgstr "Content-Type: text/plain; charset=UTF-8\\n"

        msgctxt "a"
        msgid "One"
        msgstr "Uno

        """.write(toFile: path, atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try POFile.read(path: path)) { error in
            let problem = error as? POFileProblem
            // The line msgfmt names too ("b.po:7: end-of-line within string").
            XCTAssertEqual(problem?.line, 7)
            XCTAssertFalse(problem?.message.isEmpty ?? true)
        }
        XCTAssertThrowsError(try POFile.read(path: folder.appendingPathComponent("missing.po").path))
    }
}
