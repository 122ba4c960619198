// guide:start
import FolioClient
import FolioModel
import FolioProgress
import FolioQuiz
import Foundation
import XCTest

/// An app's whole loop: bring the bundle up to date, show a chapter, grade its quiz,
/// save the result.
func updateAndTakeTheFirstQuiz(
    from transport: any BundleTransport, into folder: URL, trusting publicKey: String, progress: any LearnerProgressStore
) async throws -> AttemptResult? {
    // Install or update: only changed files are fetched, each checked against the signed
    // manifest; the version in use switches only once the new one is whole.
    let installation = BundleInstallation(folder: folder)
    let trust = BundleTrust.signed(by: [try BundlePublicKey(base64: publicKey)])
    let bundle = try await installation.update(from: transport, trust: trust).reader

    // A chapter: HTML with video placeholders, its videos, pictures with sizes, headings.
    guard let summary = bundle.manifest.chapters.first, let quizID = summary.quiz else { return nil }
    let chapter = try bundle.chapter(summary.id)
    print(chapter.title, chapter.images ?? [], chapter.headings.map(\.text))

    // Its quiz, graded by the same engine as the terminal runner and the site.
    let quiz = try bundle.quiz(quizID)
    var attempt = QuizAttempt(quiz: quiz, seed: 7)
    for question in attempt.questions {
        let response: Response =
            switch question.type {
            case .single, .multiple: .choices([question.choices[0].id])
            case .trueFalse: .trueFalse(true)
            case .text: .text("me")
            case .number: .number(0)
            }
        let shown = try attempt.answer(question.id, response)
        if !shown.correct { print("hint:", shown.hints.first ?? "") }
    }
    let result = attempt.result()

    // Saved under the program's and the items' stable ids.
    let (record, questions) = ProgressRecording.attempt(
        result, quiz: quiz, program: bundle.manifest.program.id, chapter: summary.id, deck: nil, seed: 7, finishedAt: Date())
    try progress.record(record, questions: questions)
    return result
}
// guide:end

/// An app built on the library products only (FolioClient, FolioModel, FolioQuiz,
/// FolioProgress): it syncs version 1 and then version 2 of the sample program built by
/// `folio`, reads it, grades the conformance vectors through the public API, and keeps
/// progress. The code above is docs/library.md's example, word for word.
final class LibraryGuideTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The folio executable, to publish bundles as a program's pipeline does.
    static var folio: URL {
        if let path = ProcessInfo.processInfo.environment["FOLIO_EXECUTABLE"] { return URL(fileURLWithPath: path) }
        var folder = Bundle.main.bundleURL
        for _ in 0..<3 {
            if FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("folio").path) { return folder.appendingPathComponent("folio") }
            folder = folder.deletingLastPathComponent()
        }
        return repository.appendingPathComponent(".build/debug/folio")
    }

    @discardableResult
    func run(_ arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = Self.folio
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "folio \(arguments.joined(separator: " ")): \(text)")
        return text
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-library-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func testAnAppSyncsVersion1ThenVersion2AndTakesAQuiz() async throws {
        let program = try folder()
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Content"), to: program.appendingPathComponent("Content"))
        try run(["keygen", "keys/program.key"], in: program)
        // What the app's developers pin: the public key `folio keygen` printed and wrote.
        let publicKey = try String(contentsOf: program.appendingPathComponent("keys/program.key.pub"), encoding: .utf8)
        try run(["build", "--sign", "keys/program.key", "--quiet"], in: program)
        let published = FileTransport(folder: program.appendingPathComponent("Output/bundle"))
        let device = try folder()
        let progress = try ProgressStore(path: device.appendingPathComponent("progress.sqlite").path)

        let first = try await updateAndTakeTheFirstQuiz(
            from: published, into: device.appendingPathComponent("bundle"), trusting: publicKey, progress: progress)
        XCTAssertEqual(first?.quiz, "who-am-i")
        XCTAssertEqual(try progress.attempts(program: "go-grrrls").count, 1)

        // Version 2: the first chapter gains a paragraph.
        let chapter = program.appendingPathComponent("Content/chapters/01-who-am-i.md")
        try (try String(contentsOf: chapter, encoding: .utf8) + "\nWho you are is yours to find out.\n").write(to: chapter, atomically: true, encoding: .utf8)
        try run(["build", "--sign", "keys/program.key", "--quiet"], in: program)
        let update = try await BundleInstallation(folder: device.appendingPathComponent("bundle")).update(
            from: published, trust: .signed(by: [try BundlePublicKey(base64: publicKey)]))
        // And the Spanish search index: the chapter's Spanish translation is outdated now, so
        // Spanish learners read the English chapter.
        XCTAssertEqual(update.fetchedFiles, 3, "the chapter and the search index of each language: \(update.plan.fetch.map(\.path))")
        XCTAssertLessThan(update.plan.bytesToFetch * 4, update.plan.totalBytes)
        XCTAssertTrue(try update.reader.chapter("who-am-i").plainText.hasSuffix("Who you are is yours to find out."))
        try update.reader.verifyAll()

        // What else an app reads.
        let bundle = update.reader
        XCTAssertEqual(try bundle.welcome().title.isEmpty, false)
        XCTAssertEqual(try bundle.billOfRights()?.rights.isEmpty, false)
        let health = try bundle.chapter("body-and-health")
        XCTAssertEqual(
            health.images,
            [ChapterImage(source: "media/sunrise.png", alt: "A sunrise over green hills: a new day starts with good sleep", width: 320, height: 180)])
        XCTAssertTrue(health.html.contains(#"<img src="media/sunrise.png""#) && health.html.contains(#"width="320" height="180""#))
        XCTAssertEqual(bundle.manifest.entries.first { $0.path == "media/sunrise.png" }.map { [$0.width, $0.height] }, [320, 180])
        XCTAssertEqual(bundle.manifest.entries.filter { $0.kind == .media }.map(\.mimeType), ["text/plain", "image/png"])
        let card = try XCTUnwrap(try bundle.deck("body-words").cards.first { $0.front == "Puberty" })
        XCTAssertEqual(card.backText?.markdown, card.back, "the back as written, and as HTML")
        XCTAssertEqual(card.backText?.html, "The years when your body changes from a child’s into an adult’s.")
        let search = try XCTUnwrap(try bundle.searchIndex())
        XCTAssertEqual(search.search("Real friends").map(\.id).prefix(2), ["friendship", "friendship"], "the chapter, then its quiz")
        XCTAssertEqual(search.search("xylophone").first?.id, nil, "no word starts so, even with a typo or two")
        XCTAssertEqual(search.search("pubert").first?.id, "body-and-health", "words match from their start, folded")
        XCTAssertEqual(search.search("PUBERTÉ").first?.id, "body-and-health", "one typo away from `puberty`")
        XCTAssertEqual(search.search("frendship").map(\.id), search.search("friendship").map(\.id), "a letter left out finds what the word finds")
        XCTAssertTrue(search.search("frendship").contains { $0.id == "friendship" })
        var study = DeckStudy(deck: try bundle.deck("feelings"), seed: 1)
        while !study.isFinished { study.mark(known: true) }
        XCTAssertEqual(study.knownCount, try bundle.deck("feelings").cards.count)
    }

    /// `Tests/Conformance/grading-vectors.json` through the public API only.
    func testTheGradingVectorsPassThroughThePublicAPI() throws {
        struct Vectors: Decodable { var cases: [Case] }
        struct Case: Decodable {
            var name: String
            var quiz: Quiz
            var seed: UInt64
            var steps: [Step]
            var result: Expected
            var retry: [String]?
        }
        struct Step: Decodable {
            var question: String
            var response: Response?
            var reveal: Bool?
            var elapsed: Double?
        }
        struct Expected: Decodable {
            var score: Double
            var total: Double
            var percent: Double
            var passed: Bool?
            var outcomes: [String: String]
            var elapsed: Double?
        }
        let data = try Data(contentsOf: Self.repository.appendingPathComponent("Tests/Conformance/grading-vectors.json"))
        let vectors = try JSONDecoder().decode(Vectors.self, from: data)
        XCTAssertGreaterThanOrEqual(vectors.cases.count, 60)
        for vector in vectors.cases {
            var attempt = QuizAttempt(quiz: vector.retry.map { vector.quiz.retrying($0) } ?? vector.quiz, seed: vector.seed)
            for step in vector.steps {
                // Steps a case expects to be refused throw here, as the vectors say.
                if step.reveal == true {
                    _ = try? attempt.reveal(step.question)
                } else if let response = step.response {
                    _ = try? attempt.answer(step.question, response, elapsedSeconds: step.elapsed ?? 0)
                }
            }
            let result = attempt.result(elapsedSeconds: vector.result.elapsed ?? 0)
            XCTAssertEqual([result.score, result.total, result.percent], [vector.result.score, vector.result.total, vector.result.percent], vector.name)
            XCTAssertEqual(result.passed, vector.result.passed, vector.name)
            XCTAssertEqual(Dictionary(uniqueKeysWithValues: result.questions.map { ($0.question, $0.outcome.rawValue) }), vector.result.outcomes, vector.name)
        }
    }

    /// The example is an app's code: it imports the library products and nothing else.
    func testTheExampleImportsOnlyTheLibraryProducts() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let imports = Set(source.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { String($0.dropFirst(7)) })
        XCTAssertEqual(imports, ["FolioClient", "FolioModel", "FolioProgress", "FolioQuiz", "Foundation", "XCTest"])
    }

    /// The guide shows the code above exactly, so its example always compiles.
    func testTheGuideShowsThisCode() throws {
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let start = try XCTUnwrap(source.range(of: "// guide:start\n"))
        let end = try XCTUnwrap(source.range(of: "// guide:end"))
        let example = String(source[start.upperBound..<end.lowerBound])
        let guide = try String(contentsOf: Self.repository.appendingPathComponent("docs/library.md"), encoding: .utf8)
        XCTAssertTrue(guide.contains("```swift\n" + example + "```"), "docs/library.md must show the example of LibraryGuideTests.swift as it is")
    }
}
