import FolioCore

/// When each card of a deck comes back, by Leitner boxes: a rule simple enough to explain
/// to the learner herself.
///
/// - There are five boxes. A card in box 1 comes back the same day; in box 2 a day later;
///   in box 3 three days later; in box 4 seven; in box 5 fourteen
///   (``intervals``), counted in local calendar days.
/// - A card never marked is due.
/// - "I knew it" on a due card moves it up a box (box 5 stays box 5); its next day is the
///   day of the mark plus the new box's interval.
/// - "I knew it" on a card that is not due yet changes nothing: it has to wait for its day,
///   so a deck studied three times in one afternoon does not jump to box 4.
/// - "Not yet" puts the card back in box 1, due again the same day.
/// - A card is due when today is its due day or later.
///
/// Days are `YYYY-MM-DD`. A value type with no I/O; the site's `scheduler.js` follows the
/// same rule, held together by `Tests/Conformance/scheduling-vectors.json`.
public struct LeitnerSchedule: Sendable, Equatable {
    /// Days before a card in box 1, 2, 3, 4 or 5 is due again.
    public static let intervals = [0, 1, 3, 7, 14]
    /// How many boxes there are: a card's box runs from 1 to this.
    public static var boxCount: Int { intervals.count }

    /// Where a card is: its box (1 to 5) and the day it is due.
    public struct Card: Sendable, Equatable, Codable {
        /// The card's box, from 1 (comes back the same day) to ``LeitnerSchedule/boxCount``.
        public var box: Int
        /// The day the card is due again, as `YYYY-MM-DD` in local calendar days.
        public var due: String

        /// A card in `box`, due on the day `due` (`YYYY-MM-DD`).
        public init(box: Int, due: String) {
            self.box = box
            self.due = due
        }
    }

    /// The cards marked at least once, by id.
    public private(set) var cards: [String: Card]

    /// A schedule from the cards already marked, by id, as an app saved them; empty for a
    /// deck not studied yet.
    public init(cards: [String: Card] = [:]) {
        self.cards = cards
    }

    /// Her mark for `card` on `day`. A day that is not `YYYY-MM-DD` changes nothing.
    public mutating func mark(_ card: String, known: Bool, on day: String) {
        guard let today = CalendarDay.number(day) else { return }
        let current = cards[card]
        if known, let current, !isDue(current, today: today) { return }
        let box = known ? min((current?.box ?? 1) + 1, Self.boxCount) : 1
        cards[card] = Card(box: box, due: CalendarDay.string(today + Self.intervals[box - 1]))
    }

    /// Whether `card` is due on `today`: never marked, or its day has come.
    public func isDue(_ card: String, today: String) -> Bool {
        guard let state = cards[card] else { return true }
        guard let number = CalendarDay.number(today) else { return false }
        return isDue(state, today: number)
    }

    /// The cards of `ids` due on `today`, in the order given.
    public func due(_ ids: [String], today: String) -> [String] {
        ids.filter { isDue($0, today: today) }
    }

    private func isDue(_ state: Card, today: Int) -> Bool {
        // A due day that does not parse (a record edited by hand) makes the card due.
        guard let due = CalendarDay.number(state.due) else { return true }
        return today >= due
    }
}
