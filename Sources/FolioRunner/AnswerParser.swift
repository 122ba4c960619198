import FolioModel
import FolioQuiz
import Foundation

/// Turns what the learner typed into a ``Response`` to a question, or says in plain
/// words what to type instead. Choices are numbered from 1 in the order shown.
public enum AnswerParser {
    /// What a typed line meant.
    public enum Parsed: Equatable, Sendable {
        case response(Response)
        /// Not an answer to this question: the text tells what to type.
        case invalid(String)
    }

    /// What `line` answers to `question`, its advice in the words of `words`' language,
    /// whose words for true and false it takes besides English's.
    public static func parse(_ line: String, for question: Question, words: TerminalWords = .english) -> Parsed {
        let text = line.trimmingCharacters(in: .whitespaces)
        switch question.type {
        case .single:
            guard let numbers = choiceNumbers(text, count: question.choices.count, and: words.words("terminal.words.and")) else {
                return .invalid(words("terminal.answer.single", count: question.choices.count))
            }
            guard numbers.count == 1 else { return .invalid(words("terminal.answer.just-one")) }
            return .response(.choices([question.choices[numbers[0] - 1].id]))
        case .multiple:
            guard let numbers = choiceNumbers(text, count: question.choices.count, and: words.words("terminal.words.and")) else {
                return .invalid(words("terminal.answer.multiple", count: question.choices.count))
            }
            return .response(.choices(numbers.map { question.choices[$0 - 1].id }))
        case .trueFalse:
            if words.accepts(text, "terminal.words.true") { return .response(.trueFalse(true)) }
            if words.accepts(text, "terminal.words.false") { return .response(.trueFalse(false)) }
            return .invalid(words("terminal.answer.true-false"))
        case .text:
            guard !text.isEmpty else { return .invalid(words("terminal.answer.text")) }
            return .response(.text(text))
        case .number:
            guard let value = number(text) else { return .invalid(words("terminal.answer.number")) }
            return .response(.number(value))
        }
    }

    /// Choice numbers from `1` to `count`, separated by spaces, commas or one of the
    /// words for "and" (`and`, `y`); nil when something else is there. With fewer than 10
    /// choices, "13" means 1 and 3.
    static func choiceNumbers(_ text: String, count: Int, and conjunctions: Set<String> = ["and"]) -> [Int]? {
        let tokens = text.lowercased().split { $0 == " " || $0 == "," || $0 == ";" || $0 == "+" || $0 == "&" }
            .filter { !conjunctions.contains(String($0)) }
        guard !tokens.isEmpty else { return nil }
        var numbers: [Int] = []
        for token in tokens {
            guard token.allSatisfy(\.isASCIIDigitCharacter) else { return nil }
            if let number = Int(token), (1...count).contains(number) {
                numbers.append(number)
            } else if count < 10, token.count > 1 {
                for digit in token {
                    guard let number = digit.wholeNumberValue, (1...count).contains(number) else { return nil }
                    numbers.append(number)
                }
            } else {
                return nil
            }
        }
        var seen = Set<Int>()
        return numbers.filter { seen.insert($0).inserted }
    }

    /// A number as people type it: `9`, `-2`, `2.5`, `2,5` (a decimal comma), `1,000`
    /// and `1 000` (thousands). A comma followed by exactly three digits is read as
    /// thousands, as English speakers write them; `½` and words are not numbers.
    static func number(_ text: String) -> Double? {
        var compact = text.filter { $0 != " " && $0 != "\u{00A0}" && $0 != "_" }
        guard !compact.isEmpty, compact.count <= 40 else { return nil }
        if compact.contains(","), !compact.contains(".") {
            let groups = compact.split(separator: ",", omittingEmptySubsequences: false)
            if groups.count > 1, groups.dropFirst().allSatisfy({ $0.count == 3 }) {
                compact = groups.joined()
            } else if groups.count == 2 {
                compact = groups.joined(separator: ".")
            } else {
                return nil
            }
        } else if compact.contains(","), compact.contains(".") {
            // 1,234.5: commas group thousands before the point.
            guard let point = compact.firstIndex(of: "."), !compact[point...].contains(",") else { return nil }
            compact.removeAll { $0 == "," }
        }
        var body = Substring(compact)
        if body.first == "+" || body.first == "-" { body = body.dropFirst() }
        let parts = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigitCharacter) }),
            !(parts[0].isEmpty && (parts.count == 1 || parts[1].isEmpty))
        else { return nil }
        guard let value = Double(compact.hasPrefix("+") ? String(compact.dropFirst()) : compact), value.isFinite else {
            return nil
        }
        return value
    }
}

extension Character {
    fileprivate var isASCIIDigitCharacter: Bool { isASCII && isNumber }
}
