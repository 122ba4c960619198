import FolioCore
import GRDB

/// What progress is kept about: ids of saved items, as a runner or `folio progress`
/// compares them with the program as it is now.
public struct SavedItems: Sendable, Equatable {
    /// An item (a question, a card) inside its quiz or deck.
    public struct Item: Sendable, Hashable {
        /// The id of the quiz or deck the item is in.
        public var container: String
        /// Nil for a card mark that could not be carried over from version 1.
        public var item: String?
        /// For a question: asked in a quiz made from a deck (`container` is the deck).
        public var fromDeck: Bool
        /// An item of `container`; `fromDeck` for a question of a quiz made from a deck.
        public init(container: String, item: String?, fromDeck: Bool = false) {
            self.container = container
            self.item = item
            self.fromDeck = fromDeck
        }
    }
    /// Every question with a saved answer.
    public var questions: Set<Item> = []
    /// Every card with a saved mark.
    public var cards: Set<Item> = []
    /// Nothing saved yet.
    public init() {}
}

/// A program as it is now, as far as carrying saved progress over needs it: its id, its
/// title (which version 1 kept progress under), and the ids of its questions and cards
/// in order.
public struct ProgramIdentity: Sendable {
    /// A card of a deck as it is now: its id, and its front, which version 1's marks are
    /// matched by.
    public struct Card: Sendable {
        /// The card's id.
        public var id: String
        /// The card's front, as the bundle holds it.
        public var front: String
        /// A card with its id and front.
        public init(id: String, front: String) {
            self.id = id
            self.front = front
        }
    }
    /// The program's id, from the bundle: what progress is kept under from now on.
    public var id: String
    /// The program's title, which rows of version 1 are kept under.
    public var title: String
    /// Question ids of each quiz, in the order written.
    public var quizzes: [String: [String]]
    /// Cards of each deck, in order.
    public var decks: [String: [Card]]

    /// The program as its bundle gives it.
    public init(id: String, title: String, quizzes: [String: [String]], decks: [String: [Card]]) {
        self.id = id
        self.title = title
        self.quizzes = quizzes
        self.decks = decks
    }
}

/// What carrying over found.
public struct CarryOverReport: Sendable, Equatable {
    /// Attempts carried over to the program's id.
    public var attempts = 0
    /// Study sessions carried over to the program's id.
    public var sessions = 0
    /// Answers to questions that are no longer in their quiz (kept, shown as dropped).
    public var questionsDropped = 0
    /// Card marks whose card is no longer in its deck (kept, shown as dropped).
    public var cardsDropped = 0
    /// A report of nothing carried over yet.
    public init() {}
}

extension ProgressStore {
    /// Whether version 1 saved progress for the program with this id or title that is not
    /// carried over yet.
    public func needsCarryOver(programID: String, title: String) throws -> Bool {
        try !legacyNames(programID: programID, title: title).isEmpty
    }

    /// The names version 1 kept this program's progress under that still have rows: its
    /// title, whatever it was then, as long as the title now is the same or the program's
    /// id is the key version 1 made of that title (an id pinned as the warning suggests,
    /// then the title changed).
    private func legacyNames(programID: String, title: String) throws -> [String] {
        try read { db in
            try String.fetchAll(
                db, sql: "SELECT DISTINCT program FROM attempt WHERE idScheme = 1 UNION SELECT DISTINCT program FROM studySession WHERE idScheme = 1")
        }.filter { $0 == title || $0 == programID || ContentID.make(from: $0, rule: .version1Key) == programID }
    }

    /// Carries progress saved by version 1 for `program` over to the ids it has now, in
    /// one transaction, the first time a runner opens the file with the program; does
    /// nothing when there is none. Version 1 kept a program's progress under its title,
    /// questions that stated no id as `q1`, `q2`... by place, and cards by place with
    /// their front. So, as long as the program has not been edited since version 1 saved
    /// them:
    /// - a question id that the quiz still has is kept (the author wrote it); `qN` is the
    ///   N-th question's id now; any other is left as it is, which the summary reports as
    ///   dropped;
    /// - a card is found by its front (which survives reordering even if the program was
    ///   edited meanwhile), then, when several cards have that front, by its place; a card
    ///   whose front is no longer in the deck is dropped, never given to another card.
    @discardableResult
    public func carryOver(_ program: ProgramIdentity) throws -> CarryOverReport {
        let names = try legacyNames(programID: program.id, title: program.title)
        guard !names.isEmpty else { return CarryOverReport() }
        let placeholders = Array(repeating: "?", count: names.count).joined(separator: ", ")
        return try write { db in
            var report = CarryOverReport()
            let attempts = try Row.fetchAll(
                db, sql: "SELECT id, quiz, deck FROM attempt WHERE idScheme = 1 AND program IN (\(placeholders))", arguments: StatementArguments(names))
            for attempt in attempts {
                let id: Int64 = attempt["id"]
                let quiz: String = attempt["quiz"]
                let deck: String? = attempt["deck"]
                // A quiz made from a deck asked version 1's `card-N`, the N-th card.
                let current: [String] = deck.map { program.decks[$0]?.map(\.id) ?? [] } ?? program.quizzes[quiz] ?? []
                let prefix = deck == nil ? "q" : "card-"
                for row in try Row.fetchAll(db, sql: "SELECT position, question FROM attemptQuestion WHERE attemptId = ?", arguments: [id]) {
                    let old: String = row["question"]
                    var new = old
                    if !current.contains(old) {
                        if old.hasPrefix(prefix), let place = Int(old.dropFirst(prefix.count)), current.indices.contains(place - 1) {
                            new = current[place - 1]
                        } else {
                            report.questionsDropped += 1
                        }
                    }
                    if new != old {
                        try db.execute(
                            sql: "UPDATE attemptQuestion SET question = ? WHERE attemptId = ? AND position = ?",
                            arguments: [new, id, row["position"] as Int])
                    }
                }
                try db.execute(sql: "UPDATE attempt SET program = ?, idScheme = 2 WHERE id = ?", arguments: [program.id, id])
                report.attempts += 1
            }
            let sessions = try Row.fetchAll(
                db, sql: "SELECT id, deck FROM studySession WHERE idScheme = 1 AND program IN (\(placeholders))", arguments: StatementArguments(names))
            for session in sessions {
                let id: Int64 = session["id"]
                let cards = program.decks[session["deck"] as String] ?? []
                for row in try Row.fetchAll(db, sql: "SELECT position, card, front FROM cardReview WHERE sessionId = ?", arguments: [id]) {
                    let front: String = row["front"]
                    let place: Int = row["card"]
                    let sameFront = cards.indices.filter { cards[$0].front == front }
                    let found = sameFront.contains(place - 1) ? place - 1 : sameFront.first
                    if found == nil { report.cardsDropped += 1 }
                    try db.execute(
                        sql: "UPDATE cardReview SET cardId = ? WHERE sessionId = ? AND position = ?",
                        arguments: [found.map { cards[$0].id }, id, row["position"] as Int])
                }
                try db.execute(sql: "UPDATE studySession SET program = ?, idScheme = 2 WHERE id = ?", arguments: [program.id, id])
                report.sessions += 1
            }
            return report
        }
    }
}
