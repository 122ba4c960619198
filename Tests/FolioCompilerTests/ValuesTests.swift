import FolioCore
import XCTest

@testable import FolioCompiler

/// The small readers behind ids, suggestions and quiz settings.
final class ValuesTests: XCTestCase {
    func testIDsFromFileNamesDropTheNumberAndExtension() {
        XCTAssertEqual(Identifier.fromFileName("01-who-am-i.md").id, "who-am-i")
        XCTAssertEqual(Identifier.fromFileName("01-who-am-i.md").number, 1)
        XCTAssertEqual(Identifier.fromFileName("feelings.yaml").id, "feelings")
        XCTAssertNil(Identifier.fromFileName("feelings.yaml").number)
        XCTAssertEqual(Identifier.fromFileName("2024.md").id, "2024", "a name that is only a number keeps it")
    }

    /// A required text that is only white space is as good as missing: known by its first
    /// byte when that is a letter, as reading it as characters would say.
    func testABlankTextIsKnownAsReadingItByCharactersKnowsIt() {
        let texts = ["", " ", "\t\n", "\u{A0}", "\u{2003} ", "\u{85}", "a", " a", "é", "\u{A0}b", "\u{301}", "word  ", "\r\n\u{0B}\u{0C}"]
        for text in texts { XCTAssertEqual(FieldReader.isBlank(text), text.allSatisfy(\.isWhitespace), text.debugDescription) }
    }

    func testIDRules() {
        for valid in ["who-am-i", "a", "chapter-10", "3d"] { XCTAssertTrue(Identifier.isValid(valid), valid) }
        for invalid in ["", "Who", "who--am", "-who", "who-", "who_am", "qui-é", "who am"] { XCTAssertFalse(Identifier.isValid(invalid), invalid) }
        XCTAssertEqual(Identifier.suggestion(for: "More_Friends!"), "more-friends")
    }

    func testNearestNameSuggestsPlausibleTyposOnly() {
        let fields = ["text", "correct", "hint", "feedback"]
        XCTAssertEqual(NearestName.find("hnit", among: fields), "hint")
        XCTAssertEqual(NearestName.find("corect", among: fields), "correct")
        XCTAssertEqual(NearestName.find("Feedbak", among: fields), "feedback")
        XCTAssertNil(NearestName.find("colour", among: fields))
        XCTAssertEqual(NearestName.editDistance("hint", "hnit"), 1, "a swap is one mistake")
    }

    /// The search stops working out a distance once it passes what could be suggested,
    /// and passes over names with too many letters the other lacks; it must still pick
    /// what comparing every name in full picks. Checked on random names against the full
    /// Damerau-Levenshtein table.
    func testNearestNameFindsWhatAFullComparisonFinds() {
        func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
            if a.isEmpty { return b.count }
            if b.isEmpty { return a.count }
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in 0...a.count { table[i][0] = i }
            for j in 0...b.count { table[0][j] = j }
            for i in 1...a.count {
                for j in 1...b.count {
                    table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1) }
                }
            }
            return table[a.count][b.count]
        }
        func fullFind(_ name: String, among candidates: [String]) -> String? {
            let lowered = name.lowercased()
            var best: (name: String, distance: Int)?
            for candidate in candidates {
                let distance = fullDistance(Array(lowered.unicodeScalars), Array(candidate.lowercased().unicodeScalars))
                if best == nil || distance < best!.distance { best = (candidate, distance) }
            }
            guard let best else { return nil }
            return best.distance <= max(1, min(3, max(lowered.count, best.name.count) / 3)) ? best.name : nil
        }
        var random = SystemRandomNumberGenerator()
        let letters = Array("abcdeé-.Aß")
        func word() -> String { String((0..<Int.random(in: 0...12, using: &random)).map { _ in letters.randomElement(using: &random)! }) }
        var suggested = 0
        for _ in 0..<3_000 {
            let candidates = (0..<Int.random(in: 0...8, using: &random)).map { _ in word() }
            var name = candidates.randomElement(using: &random) ?? word()
            // A few mistakes in a known name, or a name of its own.
            for _ in 0..<Int.random(in: 0...4, using: &random) where !name.isEmpty {
                var scalars = Array(name)
                scalars[Int.random(in: 0..<scalars.count, using: &random)] = letters.randomElement(using: &random)!
                name = String(scalars)
            }
            let expected = fullFind(name, among: candidates)
            XCTAssertEqual(NearestName.find(name, among: candidates), expected, "\(name) among \(candidates)")
            if expected != nil { suggested += 1 }
            let (a, b) = (word(), word())
            XCTAssertEqual(NearestName.editDistance(a, b), fullDistance(Array(a.unicodeScalars), Array(b.unicodeScalars)), "\(a) to \(b)")
        }
        XCTAssertGreaterThan(suggested, 500, "names close enough to suggest are among those tried")
    }

    func testDurationsAndPercentages() {
        XCTAssertEqual(QuizValues.seconds("10m"), 600)
        XCTAssertEqual(QuizValues.seconds("1h 30m"), 5400)
        XCTAssertEqual(QuizValues.seconds("90s"), 90)
        XCTAssertNil(QuizValues.seconds("10"), "a bare number is ambiguous for a time limit")
        XCTAssertEqual(QuizValues.seconds("10", plainSeconds: true), 10)
        XCTAssertNil(QuizValues.seconds("m"))
        XCTAssertNil(QuizValues.seconds("ten minutes"))
    }
}
