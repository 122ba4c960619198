import Foundation

/// The current streak of days studied, from the set of local days with some study.
public struct StudyStreak: Sendable, Equatable {
    /// Days in a row ending today, or ending yesterday when today has no study yet.
    public let current: Int

    /// `days` and `today` are `YYYY-MM-DD`; days that do not parse are ignored.
    public init(days: Set<String>, today: String) {
        guard let todayNumber = Self.dayNumber(today) else {
            current = 0
            return
        }
        let numbers = Set(days.compactMap(Self.dayNumber))
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

    /// Days since 1970-01-01 of a `YYYY-MM-DD` day (proleptic Gregorian), so that
    /// consecutive days differ by one across months, years and leap days.
    static func dayNumber(_ day: String) -> Int? {
        let parts = day.split(separator: "-")
        guard parts.count == 3, let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
            (1...12).contains(m), (1...31).contains(d)
        else { return nil }
        // Howard Hinnant's days_from_civil.
        let year = m <= 2 ? y - 1 : y
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

/// The last weeks of study as a calendar: weeks from Monday to Sunday, the last one
/// holding today, each day marked studied or not. `folio progress` and the site's
/// progress page draw the same weeks from the same days as the streak.
public struct StudyCalendar: Sendable, Equatable {
    public struct Day: Sendable, Equatable {
        /// `YYYY-MM-DD`.
        public var day: String
        public var studied: Bool
        /// After today: drawn empty.
        public var future: Bool
    }

    /// Oldest first; each seven days from Monday.
    public let weeks: [[Day]]

    /// `weeks` weeks ending with the week of `today` (`YYYY-MM-DD`); none when today does not parse.
    public init(days: Set<String>, today: String, weeks count: Int = 4) {
        guard let todayNumber = StudyStreak.dayNumber(today), count > 0 else {
            weeks = []
            return
        }
        let studied = Set(days.compactMap(StudyStreak.dayNumber))
        // Day 0 (1970-01-01) was a Thursday: Monday is 0 in this count.
        let weekday = ((todayNumber + 3) % 7 + 7) % 7
        let firstMonday = todayNumber - weekday - 7 * (count - 1)
        weeks = (0..<count).map { week in
            (0..<7).map { offset in
                let number = firstMonday + week * 7 + offset
                return Day(day: StudyStreak.dayString(number), studied: studied.contains(number), future: number > todayNumber)
            }
        }
    }

    /// Days studied among the calendar's days.
    public var studiedDays: Int { weeks.joined().filter(\.studied).count }
}

extension StudyStreak {
    /// The `YYYY-MM-DD` of a day number (``dayNumber(_:)`` the other way; Hinnant's civil_from_days).
    static func dayString(_ number: Int) -> String {
        let z = number + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return String(format: "%04d-%02d-%02d", year, month, day)
    }
}
