import FolioModel
import FolioQuiz

/// Quizzes made at random from a seed, every optional field now set and now left out,
/// every list now empty and now long, and text with what JSON must escape (quotes,
/// backslashes, control characters, slashes), letters outside ASCII and emoji: values no
/// program of the fixtures has, for comparing two ways of writing them.
struct RandomQuizzes {
    var generator: SeededGenerator

    init(seed: UInt64) { generator = SeededGenerator(seed: seed) }

    private static let pieces = [
        "a", "Word", " ", "  ", "\n", "\t", "\"", "\\", "/", "</script>", "<b>x</b>", "&amp;", "é", "Ünïcödé", "日本語", "🙂", "👩🏽‍🚀",
        "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{2028}", "'", "-", "1", "0.5",
    ]

    mutating func bool() -> Bool { Bool.random(using: &generator) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func maybe<Value>(_ make: (inout Self) -> Value) -> Value? { bool() ? make(&self) : nil }
    mutating func list<Value>(_ most: Int, _ make: (inout Self) -> Value) -> [Value] { (0..<int(0...most)).map { _ in make(&self) } }

    mutating func text() -> String { (0..<int(0...12)).map { _ in Self.pieces.randomElement(using: &generator)! }.joined() }
    mutating func id() -> String { (0..<int(1...3)).map { _ in ["q", "c1", "feel", "x-2", "a9"].randomElement(using: &generator)! }.joined(separator: "-") }
    mutating func rich() -> RichText { RichText(markdown: text(), html: text()) }

    /// A number as content gives one: whole, a fraction, tiny, huge, negative.
    mutating func number() -> Double {
        [0, 1, 2.5, -0.25, 1e-7, 123_456_789.125, 66.66666666666667, Double(int(-1000...1000)) / 8].randomElement(using: &generator)!
    }

    mutating func question() -> Question {
        Question(
            id: id(), type: Question.Kind.allCases.randomElement(using: &generator)!, prompt: rich(), points: number(), partial: bool(),
            choices: list(5) {
                Choice(id: $0.id(), text: $0.rich(), correct: $0.bool(), hint: $0.maybe { $0.rich() }, feedback: $0.maybe { $0.rich() })
            },
            hints: list(3) { $0.rich() }, explanation: maybe { $0.rich() }, answer: maybe { $0.bool() }, accept: maybe { $0.list(4) { $0.text() } },
            number: maybe { $0.number() }, tolerance: maybe { $0.number() })
    }

    mutating func quiz() -> Quiz {
        var quiz = Quiz(
            id: id(), title: text(), chapter: maybe { $0.id() }, mode: Quiz.Mode.allCases.randomElement(using: &generator)!,
            passPercent: maybe { $0.number() }, shuffle: Quiz.Shuffle.allCases.randomElement(using: &generator)!, draw: maybe { $0.int(1...9) },
            timeLimitSeconds: maybe { $0.int(1...7200) }, fromDeck: maybe { $0.id() }, showAnswers: maybe { $0.bool() }, questions: list(6) { $0.question() })
        quiz.reflections = maybe { $0.list(2) { Reflection(id: $0.id(), prompt: $0.rich(), discussion: $0.maybe { $0.rich() }) } }
        return quiz
    }
}
