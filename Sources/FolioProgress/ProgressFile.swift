import Foundation

/// The progress file the site saves ("Save my progress to a file"), checked record by
/// record by the rules of `progress-file.schema.json` (this module's resource), as the
/// site's `progress-file.js` checks it before adding it: for an app that adds a file a
/// learner saved in her browser. A file whose top level breaks them is refused; a record
/// that breaks them is left out, with where it stands and why, and the others kept.
public enum ProgressFile {
    /// The schema's bytes, as shipped with this version.
    public static var schema: Data {
        guard let url = Bundle.module.url(forResource: "progress-file.schema", withExtension: "json"), let data = try? Data(contentsOf: url) else {
            preconditionFailure("FolioProgress's resource progress-file.schema.json is missing: the package is incomplete")
        }
        return data
    }

    /// A record or entry left out: where (`attempts[3]`, `cards.feelings`) and why.
    public struct Refusal: Sendable, Equatable {
        /// Where in the file the refused record or entry is, as a path (`attempts[3]`,
        /// `cards.feelings`).
        public var place: String
        /// Why it was refused, in words for the learner.
        public var reason: String

        /// A refusal of the record at `place`, for `reason`.
        public init(place: String, reason: String) {
            self.place = place
            self.reason = reason
        }
    }

    /// What the check found.
    public struct Check: Sendable, Equatable {
        /// Why the whole file is refused; nil when its top level is sound.
        public var problem: String?
        /// The records of the file that pass, by list: `attempts`, `sessions`, `thoughts`.
        public var kept: [String: Int] = [:]
        /// Each record or entry left out.
        public var refused: [Refusal] = []
        /// Whether the file follows the schema in full.
        public var isValid: Bool { problem == nil && refused.isEmpty }
    }

    /// The limits the schema states, by the names of its `$defs`.
    public enum Limits {
        /// Quiz results, flashcard sessions or thoughts in one file, of each.
        public static let records = 500
        /// Characters of a key or an id.
        public static let keyLength = 200
        /// The latest time, in milliseconds since 1970: the last day JavaScript's dates reach.
        public static let time = 8_640_000_000_000_000.0
        /// Time spent on one quiz or round of cards, in seconds: a week.
        public static let seconds = 604_800.0
        /// A score or a total, in points.
        public static let points = 100_000.0
        /// A number of cards or questions.
        public static let count = 100_000.0
        /// Characters of a reflection question's words kept with a thought.
        public static let promptLength = 2000
        /// Characters of a thought.
        public static let textLength = 20000
        /// Decks with card marks.
        public static let decks = 1000
        /// Card marks of one deck.
        public static let cardsPerDeck = 5000
        /// Chapters read.
        public static let chapters = 5000
    }

    /// Checks the bytes of a file.
    public static func check(_ data: Data) -> Check {
        guard let file = try? JSONDecoder().decode(JSONValue.self, from: data) else { return Check(problem: "it is not JSON") }
        return check(file)
    }

    static func check(_ file: JSONValue) -> Check {
        guard case .object(let top) = file else { return Check(problem: "it is not a progress file") }
        if let key = top.keys.first(where: { !isKey($0) }) { return Check(problem: "it has the key `\(key)`, which no progress file has") }
        guard top["format"] == .string("folio-progress"), top["version"] == .number(1) else { return Check(problem: "it is not a progress file") }
        guard case .string(let program) = top["program"], isID(program) else { return Check(problem: "its program is not an id") }
        if let saved = top["saved"], !isDay(saved) { return Check(problem: "the day it was saved is not a day") }
        guard case .object(let progress) = top["progress"] else { return Check(problem: "it holds no progress") }
        if let key = progress.keys.first(where: { !isKey($0) }) { return Check(problem: "it has the key `\(key)`, which no progress file has") }
        var check = Check()
        for (list, rule) in [("attempts", attempt), ("sessions", session), ("thoughts", thought)] as [(String, ([String: JSONValue]) -> String?)] {
            guard let value = progress[list] else { continue }
            guard case .array(let records) = value, records.count <= Limits.records else {
                return Check(problem: "its \(list) are not a list of at most \(Limits.records)")
            }
            var kept = 0
            for (index, record) in records.enumerated() {
                let reason: String?
                if case .object(let fields) = record { reason = rule(fields) } else { reason = "it is not a record" }
                if let reason { check.refused.append(Refusal(place: "\(list)[\(index)]", reason: reason)) } else { kept += 1 }
            }
            check.kept[list] = kept
        }
        if let cards = progress["cards"] {
            guard case .object(let decks) = cards, decks.count <= Limits.decks else { return Check(problem: "its card marks are not by deck") }
            for (deck, marks) in decks.sorted(by: { $0.key < $1.key }) {
                guard isKey(deck), isID(deck), case .object(let byCard) = marks, byCard.count <= Limits.cardsPerDeck,
                    byCard.allSatisfy({ isKey($0.key) && isID($0.key) && $0.value.isBool })
                else {
                    check.refused.append(Refusal(place: "cards.\(deck)", reason: "its marks are not card ids, each true or false"))
                    continue
                }
            }
        }
        if let read = progress["read"] {
            guard case .object(let chapters) = read, chapters.count <= Limits.chapters else { return Check(problem: "its chapters read are not by chapter") }
            for (chapter, day) in chapters.sorted(by: { $0.key < $1.key }) where !(isKey(chapter) && isID(chapter) && isDay(day)) {
                check.refused.append(Refusal(place: "read.\(chapter)", reason: "it is not a chapter id with the day it was read"))
            }
        }
        return check
    }

    static func attempt(_ fields: [String: JSONValue]) -> String? {
        if let key = fields.keys.first(where: { !isKey($0) }) { return "it has the key `\(key)`" }
        guard let quiz = fields["quiz"], isID(quiz) else { return "its quiz is not an id" }
        if let chapter = fields["chapter"], chapter != .null, !isID(chapter) { return "its chapter is not an id" }
        if let deck = fields["deck"], !isID(deck) { return "its deck is not an id" }
        if let problem = when(fields) { return problem }
        if let seconds = fields["seconds"], !isNumber(seconds, max: Limits.seconds) { return "its time spent is not a number of seconds from 0 to a week" }
        for name in ["score", "total"] where fields[name].map({ !isNumber($0, max: Limits.points) }) ?? false {
            return "its \(name) is not a number of points from 0 to \(Int(Limits.points))"
        }
        guard let percent = fields["percent"], isNumber(percent, max: 100) else { return "its percent is not a number from 0 to 100" }
        guard fields["passed"]?.isBool == true else { return "whether it passed is not true or false" }
        return nil
    }

    static func session(_ fields: [String: JSONValue]) -> String? {
        if let key = fields.keys.first(where: { !isKey($0) }) { return "it has the key `\(key)`" }
        guard let deck = fields["deck"], isID(deck) else { return "its deck is not an id" }
        if let problem = when(fields) { return problem }
        if let seconds = fields["seconds"], !isNumber(seconds, max: Limits.seconds) { return "its time spent is not a number of seconds from 0 to a week" }
        for name in ["known", "notYet"] where fields[name].map({ !isNumber($0, max: Limits.count, whole: true) }) ?? false {
            return "its \(name) is not a whole number of cards"
        }
        return nil
    }

    static func thought(_ fields: [String: JSONValue]) -> String? {
        if let key = fields.keys.first(where: { !isKey($0) }) { return "it has the key `\(key)`" }
        guard let quiz = fields["quiz"], isID(quiz) else { return "its quiz is not an id" }
        if let chapter = fields["chapter"], chapter != .null, !isID(chapter) { return "its chapter is not an id" }
        guard let reflection = fields["reflection"], isID(reflection) else { return "its question is not an id" }
        if let prompt = fields["prompt"], !isText(prompt, max: Limits.promptLength) { return "its question's words are not text" }
        guard let text = fields["text"], isText(text, max: Limits.textLength), text != .string("") else {
            return "its words are not text of 1 to \(Limits.textLength) characters"
        }
        return when(fields)
    }

    /// The day and the time every record has.
    static func when(_ fields: [String: JSONValue]) -> String? {
        guard let day = fields["day"], isDay(day) else { return "its day is not a day of the calendar" }
        guard let at = fields["at"], isNumber(at, max: Limits.time, whole: true) else { return "its time is not a time" }
        return nil
    }

    /// A key no script's object takes for its prototype, of at most 200 characters.
    public static func isKey(_ key: String) -> Bool {
        key != "__proto__" && key != "constructor" && key != "prototype" && key.unicodeScalars.count <= Limits.keyLength
    }

    static func isID(_ value: JSONValue) -> Bool {
        guard case .string(let text) = value else { return false }
        return isID(text)
    }

    /// An id as Folio makes them: lower-case letters and digits in runs joined by single
    /// hyphens, at most 200 characters.
    public static func isID(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty, bytes.count <= Limits.keyLength, bytes.first != UInt8(ascii: "-"), bytes.last != UInt8(ascii: "-") else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            let letter = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            guard letter || (byte == UInt8(ascii: "-") && previous != UInt8(ascii: "-")) else { return false }
            previous = byte
        }
        return true
    }

    static func isDay(_ value: JSONValue) -> Bool {
        guard case .string(let text) = value else { return false }
        return isDay(text)
    }

    /// A day of the calendar written YYYY-MM-DD that exists.
    public static func isDay(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = Int(text.prefix(4)), let month = Int(text.dropFirst(5).prefix(2)), let day = Int(text.suffix(2)),
            bytes.enumerated().allSatisfy({ $0.offset == 4 || $0.offset == 7 || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0.element) })
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return (1...12).contains(month) && (1...days[month - 1]).contains(day)
    }

    static func isNumber(_ value: JSONValue, max: Double, whole: Bool = false) -> Bool {
        guard case .number(let number) = value else { return false }
        return isAmount(number, max: max) && (!whole || number.rounded() == number)
    }

    /// A number that is finite, not negative and at most `max`.
    public static func isAmount(_ number: Double, max: Double) -> Bool { number.isFinite && number >= 0 && number <= max }

    static func isText(_ value: JSONValue, max: Int) -> Bool {
        guard case .string(let text) = value else { return false }
        return text.unicodeScalars.count <= max
    }
}

/// A JSON value as it was written: a number is never read as true or false, nor the
/// other way round.
enum JSONValue: Decodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    var isBool: Bool {
        if case .bool = self { return true }
        return false
    }
}
