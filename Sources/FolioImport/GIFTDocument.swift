import FolioCore

/// A GIFT file, read: its questions and category lines in the order written.
public struct GIFTDocument: Sendable, Hashable {
    /// The questions that could be read, including the kinds Folio cannot import.
    public var questions: [GIFTQuestion] = []
    /// The `$CATEGORY:` lines.
    public var categories: [GIFTCategory] = []
    /// The questions that could not be read, each with the error reported for it.
    public var malformed: [MalformedQuestion] = []

    /// A document with these questions and categories.
    public init(questions: [GIFTQuestion] = [], categories: [GIFTCategory] = [], malformed: [MalformedQuestion] = []) {
        self.questions = questions
        self.categories = categories
        self.malformed = malformed
    }
}

/// A `$CATEGORY:` line, which files questions into a Moodle question bank category.
public struct GIFTCategory: Sendable, Hashable {
    /// The category, such as `$course$/Grant`.
    public var name: String
    /// Where its `$` is.
    public var location: SourceLocation

    /// A category line as read.
    public init(name: String, location: SourceLocation) {
        self.name = name
        self.location = location
    }
}

/// A question of a GIFT file that could not be read because of a mistake in its GIFT,
/// such as a `{` that is never closed.
public struct MalformedQuestion: Sendable, Hashable {
    /// Where the question starts.
    public var location: SourceLocation
    /// The mistake, in a few words, such as "this `{` is never closed".
    public var problem: String

    /// The question starting at `location`, not read because of `error`.
    public init(location: SourceLocation, error: Diagnostic?) {
        self.location = location
        var problem = error?.message ?? "a mistake in its GIFT"
        // The message says the question is skipped; a list of skipped questions need not.
        for ending in [", so the question is skipped", ", so it is skipped"] where problem.hasSuffix(ending) {
            problem.removeLast(ending.count)
        }
        self.problem = problem
    }

    /// The line the question starts on.
    public var line: Int { location.line }
}
