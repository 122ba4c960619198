import FolioModel
import FolioQuiz
import Foundation

/// Turns a finished quiz attempt or study session (FolioQuiz) into the records a
/// ``LearnerProgressStore`` keeps: the terminal runners and apps record alike.
public enum ProgressRecording {
    /// A finished attempt. A quiz without a pass mark counts as passed when every
    /// question was right on the first try (``AttemptResult/passesQuiz``).
    public static func attempt(
        _ result: AttemptResult, quiz: Quiz, program: String, chapter: String?, deck: String?, seed: UInt64,
        finishedAt: Date, timeZone: TimeZone = .current
    ) -> (AttemptRecord, [AttemptQuestionRecord]) {
        let passed = result.passesQuiz
        let record = AttemptRecord(
            program: program, quiz: quiz.id, chapter: chapter, deck: deck, mode: quiz.mode.rawValue, seed: seed,
            startedAt: finishedAt.addingTimeInterval(-result.elapsedSeconds), finishedAt: finishedAt,
            day: StudyStreak.day(of: finishedAt, in: timeZone), elapsedSeconds: result.elapsedSeconds, score: result.score,
            total: result.total, percent: result.percent, passed: passed, timedOut: result.timedOut,
            questionCount: result.questions.count)
        let questions = result.questions.enumerated().map { index, outcome in
            AttemptQuestionRecord(
                position: index + 1, question: outcome.question, outcome: outcome.outcome.rawValue, points: outcome.points,
                possible: outcome.possible, tries: outcome.tries)
        }
        return (record, questions)
    }

    /// A study session: the cards marked, in the order studied.
    public static func studySession(
        _ study: DeckStudy, program: String, elapsedSeconds: Double, finishedAt: Date, timeZone: TimeZone = .current
    ) -> (StudySessionRecord, [CardReviewRecord]) {
        let marks = study.marks
        let record = StudySessionRecord(
            program: program, deck: study.deck.id, startedAt: finishedAt.addingTimeInterval(-elapsedSeconds),
            finishedAt: finishedAt, day: StudyStreak.day(of: finishedAt, in: timeZone), elapsedSeconds: elapsedSeconds,
            known: study.knownCount, notYet: study.notYetCount, cardCount: marks.count)
        let cards = marks.enumerated().map { index, mark in
            CardReviewRecord(
                position: index + 1, card: mark.position + 1, cardId: study.deck.cards[mark.position].id, front: study.deck.cards[mark.position].front,
                known: mark.known)
        }
        return (record, cards)
    }

    /// What she wrote for a quiz's reflection questions, as records.
    public static func thoughts(
        _ written: [(reflection: Reflection, text: String)], quiz: Quiz, program: String, chapter: String?, writtenAt: Date,
        timeZone: TimeZone = .current
    ) -> [ThoughtRecord] {
        written.map { reflection, text in
            ThoughtRecord(
                program: program, quiz: quiz.id, chapter: chapter, reflection: reflection.id, prompt: reflection.prompt.markdown, text: text,
                writtenAt: writtenAt, day: StudyStreak.day(of: writtenAt, in: timeZone))
        }
    }
}
