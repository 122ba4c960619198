import FolioCore

/// The answers of a GIFT question, which also say what kind of question it is.
public enum GIFTAnswers: Sendable, Hashable {
    /// `{=right ~wrong}` or `{~%50%a ~%50%b ~%-100%c}`. `single` when at least one
    /// answer is written with `=` (Moodle's rule for one answer versus several).
    case choices([GIFTChoice], single: Bool)
    /// `{T}`, `{FALSE#wrong-answer feedback#right-answer feedback}`.
    case trueFalse(Bool, wrongFeedback: GIFTText?, rightFeedback: GIFTText?)
    /// `{=no one =nobody}`: the answers a learner may type.
    case shortAnswer([GIFTTypedAnswer])
    /// `{#1822:5}`, `{#8..10}`, `{#=9:0 =%50%8:1 ~#feedback for any other number}`.
    case numeric([GIFTNumber], otherFeedback: GIFTText?)
    /// `{=cat -> cat food =dog -> dog food}`; `arrow` is where the first `->` is.
    case matching(pairs: Int, arrow: SourceLocation)
    /// `{}`: an essay, graded by a person.
    case essay
    /// Text with no answer block: a description between questions.
    case description
}

/// A `=` or `~` answer of a multiple-choice question.
public struct GIFTChoice: Sendable, Hashable {
    /// Where its `=` or `~` is.
    public var location: SourceLocation
    /// Written with `=`.
    public var right: Bool
    /// The `%50%` weight in percent, when one is written.
    public var weight: Double?
    /// Where the weight's first `%` is.
    public var weightLocation: SourceLocation?
    /// The choice's text.
    public var text: GIFTText
    /// The feedback after `#`.
    public var feedback: GIFTText?

    /// A choice as read.
    public init(
        location: SourceLocation, right: Bool, weight: Double? = nil, weightLocation: SourceLocation? = nil, text: GIFTText,
        feedback: GIFTText? = nil
    ) {
        self.location = location
        self.right = right
        self.weight = weight
        self.weightLocation = weightLocation
        self.text = text
        self.feedback = feedback
    }

    /// The credit Moodle gives for picking it, in percent: all of it for `=` (Moodle
    /// ignores a weight there), else the written weight, else none.
    public var credit: Double { right ? 100 : weight ?? 0 }
}

/// An answer of a short-answer question.
public struct GIFTTypedAnswer: Sendable, Hashable {
    /// Where the answer starts (its `=`, or its first character).
    public var location: SourceLocation
    /// The `%50%` weight in percent, when one is written (full credit otherwise).
    public var weight: Double?
    /// Where the weight's first `%` is.
    public var weightLocation: SourceLocation?
    /// What the learner types.
    public var text: GIFTText
    /// The feedback after `#`.
    public var feedback: GIFTText?

    /// An answer as read.
    public init(location: SourceLocation, weight: Double? = nil, weightLocation: SourceLocation? = nil, text: GIFTText, feedback: GIFTText? = nil) {
        self.location = location
        self.weight = weight
        self.weightLocation = weightLocation
        self.text = text
        self.feedback = feedback
    }
}

/// An answer of a numeric question: a value and how far from it still counts.
public struct GIFTNumber: Sendable, Hashable {
    /// Where the answer starts (its `=`, or its first character).
    public var location: SourceLocation
    /// The `%50%` weight in percent, when one is written (full credit otherwise).
    public var weight: Double?
    /// Where the weight's first `%` is.
    public var weightLocation: SourceLocation?
    /// The right number; for a range `8..10`, its midpoint.
    public var value: Double
    /// How far from ``value`` an answer may be; for a range, its half-width.
    public var tolerance: Double
    /// The number as written (`1822:5`, `8..10`), for messages.
    public var written: String
    /// The feedback after `#`.
    public var feedback: GIFTText?

    /// A numeric answer as read.
    public init(
        location: SourceLocation, weight: Double? = nil, weightLocation: SourceLocation? = nil, value: Double, tolerance: Double,
        written: String, feedback: GIFTText? = nil
    ) {
        self.location = location
        self.weight = weight
        self.weightLocation = weightLocation
        self.value = value
        self.tolerance = tolerance
        self.written = written
        self.feedback = feedback
    }
}
