import FolioGettext
import FolioInterface
import FolioTranslation
import Foundation
import XCTest

/// The interface's words go to a translator as a PO file gettext's tools accept, and
/// come back as the same catalogue.
final class InterfacePOTests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("interface-po-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    func testSpanishGoesOutAsAPOFileMsgfmtAcceptsAndComesBackUnchanged() throws {
        let spanish = try XCTUnwrap(InterfaceCatalogue.shippedCatalogue("es"))
        let path = folder.appendingPathComponent("interface.es.po").path
        try InterfacePO.file(language: "es", translated: spanish, project: "go-grrrls").write(path: path)
        try assertMsgfmtAccepts(path)

        let read = try POFile.read(path: path)
        // Every message is translated; only plural forms Spanish's catalogue leaves to its
        // `other` form (CLDR's `many`, for a million) are empty.
        XCTAssertEqual(
            read.entries.filter { $0.translation.isEmpty && !($0.context ?? "").hasSuffix("[many]") }.map(\.context), [])
        XCTAssertEqual(InterfacePO.messages(from: read), spanish.messages)
    }

    func testALanguageFolioDoesNotShipGetsEmptyEntriesWithItsOwnPluralForms() throws {
        let file = InterfacePO.file(language: "pl", translated: nil, project: "go-grrrls")
        XCTAssertTrue(file.entries.allSatisfy { $0.translation.isEmpty })
        let pluralKey = try XCTUnwrap(
            InterfaceCatalogue.english.messages.first { if case .plural = $0.value { return true } else { return false } }?.key)
        XCTAssertEqual(
            file.entries.compactMap(\.context).filter { $0.hasPrefix(pluralKey + "[") },
            ["one", "few", "many", "other"].map { "\(pluralKey)[\($0)]" })
        let path = folder.appendingPathComponent("interface.pl.po").path
        try file.write(path: path)
        try assertMsgfmtAccepts(path)
    }

    func testACatalogueWrittenAsYAMLReadsBackTheSame() throws {
        let spanish = try XCTUnwrap(InterfaceCatalogue.shippedCatalogue("es"))
        let read = InterfaceCatalogue.read(spanish.yaml, file: "interface/es.yaml")
        XCTAssertEqual(read.diagnostics.map(\.message), [])
        XCTAssertEqual(read.catalogue?.messages, spanish.messages)
    }

    func assertMsgfmtAccepts(_ path: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        check.arguments = ["--check", "-o", "/dev/null", path]
        let errors = Pipe()
        check.standardError = errors
        try check.run()
        check.waitUntilExit()
        XCTAssertEqual(
            check.terminationStatus, 0, String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), file: file, line: line)
    }
}
