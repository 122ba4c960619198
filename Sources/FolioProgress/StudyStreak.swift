import FolioCore
import Foundation

/// The current streak of days studied, from the set of local days with some study.
public struct StudyStreak: Sendable, Equatable {
    /// Days in a row ending today, or ending yesterday when today has no study yet.
    public let current: Int

    /// `days` and `today` are `YYYY-MM-DD`; days that do not parse are ignored.
    public init(days: Set<String>, today: String) {
        guard let todayNumber = CalendarDay.number(today) else {
            current = 0
            return
        }
        let numbers = Set(days.compactMap(CalendarDay.number))
        var day = numbers.contains(todayNumber) ? todayNumber : todayNumber - 1
        var count = 0
        while numbers.contains(day) {
            count += 1
            day -= 1
        }
        current = count
    }

    /// The local calendar day of `date`, `YYYY-MM-DD`.
    public static func day(of date: Date, in timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}

/// The last weeks of study as a calendar: weeks from Monday to Sunday, the last one
/// holding today, each day marked studied or not. `folio progress` and the site's
/// progress page draw the same weeks from the same days as the streak.
public struct StudyCalendar: Sendable, Equatable {
    /// One day of the calendar.
    public struct Day: Sendable, Equatable {
        /// `YYYY-MM-DD`.
        public var day: String
        /// Whether the learner did a quiz or studied a deck that day.
        public var studied: Bool
        /// After today: drawn empty.
        public var future: Bool
    }

    /// Oldest first; each seven days from Monday.
    public let weeks: [[Day]]

    /// `weeks` weeks ending with the week of `today` (`YYYY-MM-DD`); none when today does not parse.
    public init(days: Set<String>, today: String, weeks count: Int = 4) {
        guard let todayNumber = CalendarDay.number(today), count > 0 else {
            weeks = []
            return
        }
        let studied = Set(days.compactMap(CalendarDay.number))
        // Day 0 (1970-01-01) was a Thursday: Monday is 0 in this count.
        let weekday = ((todayNumber + 3) % 7 + 7) % 7
        let firstMonday = todayNumber - weekday - 7 * (count - 1)
        weeks = (0..<count).map { week in
            (0..<7).map { offset in
                let number = firstMonday + week * 7 + offset
                return Day(day: CalendarDay.string(number), studied: studied.contains(number), future: number > todayNumber)
            }
        }
    }

    /// Days studied among the calendar's days.
    public var studiedDays: Int { weeks.joined().filter(\.studied).count }
}
