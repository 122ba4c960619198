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
