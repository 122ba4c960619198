import FolioInterface
import Foundation

/// The runners' words in the learner's language: messages from an
/// ``InterfaceCatalogue``, and numbers, percentages, durations and dates written as the
/// language writes them.
public struct TerminalWords: Sendable {
    /// The catalogue the messages come from.
    public let catalogue: InterfaceCatalogue
    /// The locale numbers and dates are written in, the catalogue's language.
    public let locale: Locale

    /// The words of `catalogue`'s language.
    public init(_ catalogue: InterfaceCatalogue) {
        self.catalogue = catalogue
        locale = Locale(identifier: catalogue.language)
    }

    /// English, the words of a runner given no catalogue.
    public static var english: TerminalWords { TerminalWords(.english) }

    /// The message `key` with its placeholders filled.
    public func callAsFunction(_ key: String, _ values: [String: String] = [:]) -> String { catalogue.text(key, values) }

    /// The plural message `key` for `count`.
    public func callAsFunction(_ key: String, count: Int, _ values: [String: String] = [:]) -> String {
        catalogue.text(key, count: count, values)
    }

    /// The plural message `key` whose form is chosen by `amount`, a number that may have
    /// a fraction (points); the message shows it through its own placeholders.
    public func callAsFunction(_ key: String, amount: Double, _ values: [String: String]) -> String {
        guard let message = catalogue.messages[key] ?? InterfaceCatalogue.english.messages[key] else { return key }
        var filled = values
        filled["count"] = String(amount)
        let rules = catalogue.messages[key] == nil ? InterfaceCatalogue.english.pluralRules : catalogue.pluralRules
        return message.text(filled, rules: rules)
    }

    /// `3`, `2.5` (`2,5` in Spanish): a number with at most two decimals, none when whole.
    public func number(_ value: Double) -> String {
        value.formatted(.number.locale(locale).precision(.fractionLength(0...2)))
    }

    /// `80%` (`80 %` in Spanish), from a percentage between 0 and 100.
    public func percent(_ value: Double) -> String {
        (value / 100).formatted(.percent.locale(locale).precision(.fractionLength(0...2)))
    }

    /// `a, b and c` (`a, b y c`): items listed as the language lists them.
    public func list(_ items: [String]) -> String { items.formatted(.list(type: .and).locale(locale)) }

    /// `45 s`, `2 min 5 s`, `1 h 3 min`: the units the catalogue writes, largest first.
    public func duration(_ seconds: Double) -> String {
        let total = Int(seconds.rounded())
        guard total > 0 else { return self("terminal.duration.seconds", count: 0) }
        var parts: [String] = []
        if total >= 3600 { parts.append(self("terminal.duration.hours", count: total / 3600)) }
        if total % 3600 >= 60 { parts.append(self("terminal.duration.minutes", count: total % 3600 / 60)) }
        if total % 60 > 0 { parts.append(self("terminal.duration.seconds", count: total % 60)) }
        return parts.joined(separator: " ")
    }

    /// A day kept as `2026-11-25`, written with numbers only as the language orders them
    /// (`11/25/2026`, `25/11/2026`); the text as it was when it is not such a day.
    public func day(_ text: String) -> String {
        guard let date = Self.date(of: text) else { return text }
        return date.formatted(Date.FormatStyle(date: .numeric, time: .omitted, locale: locale, timeZone: Self.utc))
    }

    /// A day's month and day only (`11/25`, `25/11`), for a calendar's rows.
    public func monthAndDay(_ text: String) -> String {
        guard let date = Self.date(of: text) else { return text }
        var style = Date.FormatStyle(locale: locale, timeZone: Self.utc)
        style = style.month(.twoDigits).day(.twoDigits)
        return date.formatted(style)
    }

    /// Whether `line` is one of the words of `key` (`terminal.words.quit`): the
    /// language's words or English's, compared without case or accents.
    public func accepts(_ line: String, _ key: String) -> Bool {
        let typed = Self.folded(line)
        guard !typed.isEmpty else { return false }
        return words(key).contains(typed)
    }

    /// The words of `key` in the language and in English, without case or accents.
    public func words(_ key: String) -> Set<String> {
        var words = Set(Self.list(catalogue.text(key)))
        words.formUnion(Self.list(InterfaceCatalogue.english.text(key)))
        return words
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { folded(String($0)) }.filter { !$0.isEmpty }
    }

    static func folded(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespaces).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static let utc = TimeZone(identifier: "UTC")!

    /// The noon of a day written `2026-11-25`, in UTC as the day is written.
    private static func date(of day: String) -> Date? {
        let parts = day.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = utc
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2], hour: 12))
    }
}
