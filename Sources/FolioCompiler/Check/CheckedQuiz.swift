import FolioCore
import FolioModel
import FolioProgram

/// A quiz built from its file by the rules (``QuizSettingRules``, ``QuestionRules``):
/// the bundle's ``Quiz``, with the places of its parts kept for the rules across
/// questions (``QuizRules``) and between files.
struct CheckedQuiz {
    var quiz: Quiz
    var file: String
    var location: SourceLocation
    var idLocation: SourceLocation
    var questions: [Located]
    /// How many questions the file lists, read or not: `draw` is checked against what
    /// the author wrote, not against the questions left after a mistake. Nil when there
    /// is no list to count (missing, misspelt or not a list: reported already).
    var writtenQuestionCount: Int?
    var drawLocation: SourceLocation?
    /// For a quiz made from a deck: which deck, how many cards, which style.
    var fromDeck: DeckRequest?
    /// What the author wrote for the facilitator, for the guide alone.
    var facilitator: FacilitatorNotes? = nil

    /// Where one question and its choices were written.
    struct Located {
        var location: SourceLocation
        var idLocation: SourceLocation
        var idStated: Bool
        var choicesLocation: SourceLocation?
        var choiceLocations: [SourceLocation]
        var unread = Unread()
        /// Its place among the quiz's questions as written, from 1 (reflections counted).
        var position = 0
        /// The first choice with `feedback` in a question where no choice says
        /// `correct: true`: the one most likely meant as right.
        var feedbackWithoutCorrect: Int?
    }

    /// What could not be read in a question, each already reported. The checks that
    /// would need it are left out: with `correct: maybe`, "no correct choice" and "this
    /// wrong choice has no hint" would only repeat the one mistake in other words.
    struct Unread {
        /// The list of choices, a choice, or a choice's `correct`: the number of
        /// choices and of right choices are not checked.
        var choices = false
        /// The question's `hints`: no choice is warned about having no help.
        var hints = false
        /// Choices (by position among those read) whose `correct` or `hint` could not be
        /// read: they are not warned about having no help.
        var choiceHelp: Set<Int> = []
    }

    struct DeckRequest {
        enum Style: String { case typed, choices }
        var deck: String
        var count: Int?
        var style: Style
        var location: SourceLocation
        var deckLocation: SourceLocation
    }
}
