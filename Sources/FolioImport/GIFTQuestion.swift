import FolioCore

/// One GIFT question: everything between two blank lines except comments.
public struct GIFTQuestion: Sendable, Hashable {
    /// Where the question starts (its `::` title, or its first character).
    public var location: SourceLocation
    /// The `::Title::`, when there is one.
    public var title: GIFTText?
    /// The question text, without the answer block. For a missing-word question it is
    /// the text before and after the block, with nothing in between; ``blank`` says
    /// where the block was.
    public var prompt: GIFTText
    /// For a missing-word question (text after the answer block), the index in
    /// `prompt.value`'s Unicode scalars where the answer block stood.
    public var blank: Int?
    /// Where the answer block's `{` is (the question's start for a description).
    public var answersLocation: SourceLocation
    /// The answers, by kind.
    public var answers: GIFTAnswers
    /// The general feedback after `####`.
    public var generalFeedback: GIFTText?

    /// A question read from a GIFT file.
    public init(
        location: SourceLocation, title: GIFTText? = nil, prompt: GIFTText, blank: Int? = nil, answersLocation: SourceLocation,
        answers: GIFTAnswers, generalFeedback: GIFTText? = nil
    ) {
        self.location = location
        self.title = title
        self.prompt = prompt
        self.blank = blank
        self.answersLocation = answersLocation
        self.answers = answers
        self.generalFeedback = generalFeedback
    }
}
