import Foundation

/// What a learner who shares insights sends after a chapter's quiz, and how her device
/// makes it say nothing certain about her: local differential privacy by randomized
/// response. A value type with no I/O; the site's `insights.js` follows the same rule
/// (held together by `Tests/Conformance/insights-vectors.json`).
///
/// One report per finished attempt. It names one question of the attempt, drawn at
/// random (so that the draw says nothing of her answers), and three bits about it, in
/// this order:
/// - `missed`: the question was not right on the first try;
/// - `workedOut`: it was missed on the first try and right in the end, after its hint;
/// - `passed`: the attempt passed the quiz (the chapter is finished, as the progress page
///   says "Passed").
///
/// Each bit, before it leaves the device, is replaced with probability `randomize` by a
/// fair coin. The draw of a 53-bit number below ``threshold`` decides the replacement, and
/// the top bit of the next number is the coin, so that Swift and the site's script give the
/// same report for the same seed.
public struct InsightsRule: Sendable, Equatable {
    /// The setting when `folio.yaml` states none: as wellbeing apps that randomize scores
    /// do, three times in ten.
    public static let defaultRandomize = 0.3
    /// The bits of a report, in the order they are randomized.
    public static let bitNames = ["missed", "workedOut", "passed"]

    /// The probability that a bit is replaced by a coin, as the setting states it.
    public let randomize: Double

    /// A rule for a setting strictly between 0 (no privacy) and 1 (no information); nil
    /// otherwise.
    public init?(randomize: Double) {
        guard randomize > 0, randomize < 1, randomize.isFinite else { return nil }
        self.randomize = randomize
    }

    /// A 53-bit draw below this replaces a bit: the setting, rounded up to the next
    /// multiple of 2⁻⁵³, is the exact probability of a replacement.
    public var threshold: UInt64 { UInt64((randomize * 0x1p53).rounded(.up)) }

    /// The exact probability that a bit is replaced by the coin.
    public var replacement: Double { Double(threshold) / 0x1p53 }

    /// The probability that a reported bit is the true one: kept, or replaced by a coin
    /// that happens to agree.
    public var truthful: Double { 1 - replacement / 2 }

    /// The privacy loss of one report: for any two learners' true bits, the probability of
    /// any report differs by at most a factor of e^ε. Each bit's factor is at most
    /// (1 − r/2) / (r/2), reached when the two learners differ in it; the bits are
    /// randomized independently, so the factors multiply: ε = 3 ln((2 − r) / r). At
    /// 0.3, ε ≈ 5.2 (each bit ≈ 1.73).
    public var epsilon: Double { Double(Self.bitNames.count) * Foundation.log((2 - replacement) / replacement) }

    /// The three true bits of a report, in ``bitNames`` order.
    public struct Bits: Sendable, Equatable, Hashable, Codable {
        /// The question was not right on the first try.
        public var missed: Bool
        /// It was missed on the first try and right in the end, after its hint.
        public var workedOut: Bool
        /// The attempt passed the quiz.
        public var passed: Bool

        /// The bits, named.
        public init(missed: Bool, workedOut: Bool, passed: Bool) {
            self.missed = missed
            self.workedOut = workedOut
            self.passed = passed
        }

        /// The bits in ``InsightsRule/bitNames`` order.
        public var list: [Bool] { [missed, workedOut, passed] }

        /// The bits from a list in ``InsightsRule/bitNames`` order.
        public init(_ list: [Bool]) {
            self.init(missed: list[0], workedOut: list[1], passed: list[2])
        }

        /// The truth about `question` of an attempt that ended with `result`.
        public init(_ question: AttemptResult.QuestionOutcome, of result: AttemptResult) {
            self.init(missed: !question.firstTry, workedOut: question.workedOut, passed: result.passesQuiz)
        }
    }

    /// The bits as sent: each kept, or with probability ``replacement`` replaced by a fair
    /// coin, in order.
    public func randomized<G: RandomNumberGenerator>(_ truth: Bits, using generator: inout G) -> Bits {
        Bits(
            truth.list.map { bit in
                guard generator.next() >> 11 < threshold else { return bit }
                return generator.next() >> 63 == 1
            })
    }

    /// The report an opted-in learner's device sends after an attempt that ended with
    /// `result`: one of its questions drawn at random, its bits randomized. Nil for an
    /// attempt that asked no question. `day` is the day only (YYYY-MM-DD): nothing finer.
    public func report<G: RandomNumberGenerator>(of result: AttemptResult, program: String, day: String, using generator: inout G)
        -> InsightsReport?
    {
        guard !result.questions.isEmpty else { return nil }
        let question = result.questions[Int((generator.next() >> 11) % UInt64(result.questions.count))]
        let sent = randomized(Bits(question, of: result), using: &generator)
        return InsightsReport(
            program: program, quiz: result.quiz, question: question.question, day: day, randomize: randomize, missed: sent.missed,
            workedOut: sent.workedOut, passed: sent.passed)
    }
}

/// One randomized report, as the device sends it and staff collect it: no name, no id
/// of the learner or her device, no time finer than the day, no text she wrote.
public struct InsightsReport: Sendable, Equatable, Hashable, Codable {
    /// The program's id (`id:` of `folio.yaml`).
    public var program: String
    /// The quiz's id.
    public var quiz: String
    /// The id of the question the report is about, drawn at random among those asked.
    public var question: String
    /// The day the quiz was finished, YYYY-MM-DD.
    public var day: String
    /// The setting the bits were randomized with.
    public var randomize: Double
    /// The bits, randomized (``InsightsRule``): missed on the first try, worked out after
    /// the hint, quiz passed.
    public var missed: Bool
    /// See ``missed``.
    public var workedOut: Bool
    /// See ``missed``.
    public var passed: Bool

    /// A report, field by field.
    public init(
        program: String, quiz: String, question: String, day: String, randomize: Double, missed: Bool, workedOut: Bool, passed: Bool
    ) {
        self.program = program
        self.quiz = quiz
        self.question = question
        self.day = day
        self.randomize = randomize
        self.missed = missed
        self.workedOut = workedOut
        self.passed = passed
    }

    /// The bits as sent.
    public var bits: InsightsRule.Bits { .init(missed: missed, workedOut: workedOut, passed: passed) }

    /// What is wrong with a report read from outside, if anything: an id that is not one,
    /// a day that is not YYYY-MM-DD, a setting out of range.
    public var problem: String? {
        for (name, value) in [("program", program), ("quiz", quiz), ("question", question)] where !Self.isID(value) {
            return "`\(name)` is not an id"
        }
        let digits = day.utf8.enumerated().allSatisfy { index, byte in index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (48...57).contains(byte) }
        if day.utf8.count != 10 || !digits { return "`day` is not a day (YYYY-MM-DD)" }
        if InsightsRule(randomize: randomize) == nil { return "`randomize` is not a number between 0 and 1" }
        return nil
    }

    /// An id as Folio makes them: ASCII letters, digits, `-`, `_` and `.`, at most 100.
    static func isID(_ text: String) -> Bool {
        (1...100).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                (97...122).contains(byte) || (65...90).contains(byte) || (48...57).contains(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                    || byte == UInt8(ascii: ".")
            }
    }
}

/// A file of reports, as the site saves it ("Share my anonymous report"), posts it to the
/// program's `insights.url`, and `folio insights` reads it:
/// `{"format": "folio-insights", "version": 1, "reports": [...]}`.
public struct InsightsReportFile: Sendable, Equatable, Codable {
    /// The file's `format`.
    public static let format = "folio-insights"
    /// The most bytes a file may have: a device's queue of reports, never more.
    public static let largest = 64 * 1024
    /// The most reports a file may hold.
    public static let mostReports = 200

    /// `folio-insights`.
    public var format: String
    /// 1.
    public var version: Int
    /// The reports, oldest first.
    public var reports: [InsightsReport]

    /// A file of `reports`.
    public init(reports: [InsightsReport]) {
        format = Self.format
        version = 1
        self.reports = reports
    }

    /// Why a file was refused, in words for staff.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        /// What is wrong with the file.
        public var description: String
    }

    /// Reads a file, refusing one that is too large, is not JSON of this shape, has a field
    /// besides the report's (a report carries nothing else), or a value out of range.
    public static func read(_ data: Data) throws -> [InsightsReport] {
        guard data.count <= largest else { throw Refusal(description: "it has \(data.count) bytes; a file of reports has at most \(largest)") }
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch { throw Refusal(description: "it is not JSON") }
        guard let top = object as? [String: Any], Set(top.keys) == ["format", "version", "reports"], top["format"] as? String == format,
            let items = top["reports"] as? [Any]
        else { throw Refusal(description: "it is not a file of Folio insights (`format: \(format)`, `version`, `reports`)") }
        guard items.count <= mostReports else { throw Refusal(description: "it holds \(items.count) reports; at most \(mostReports)") }
        for (index, item) in items.enumerated() {
            guard let report = item as? [String: Any], Set(report.keys) == fields else {
                throw Refusal(description: "report \(index + 1) does not have exactly the fields \(fields.sorted().joined(separator: ", "))")
            }
        }
        // Typed by the decoder, which takes no number for true or false.
        let file: InsightsReportFile
        do { file = try JSONDecoder().decode(InsightsReportFile.self, from: data) } catch {
            throw Refusal(description: "a value is not of its kind (ids and the day are text, the bits true or false, `randomize` a number)")
        }
        guard file.version == 1 else { throw Refusal(description: "it is of version \(file.version); this Folio reads version 1") }
        for (index, report) in file.reports.enumerated() {
            if let problem = report.problem { throw Refusal(description: "report \(index + 1): \(problem)") }
        }
        return file.reports
    }

    static let fields: Set<String> = ["program", "quiz", "question", "day", "randomize", "missed", "workedOut", "passed"]

    /// The file's bytes: sorted keys, so the same reports make the same bytes.
    public func data() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }
}
