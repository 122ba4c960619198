import FolioCore

/// A GIFT file, read: its questions and category lines in the order written.
public struct GIFTDocument: Sendable, Hashable {
    /// The questions that could be read, including the kinds Folio cannot import.
    public var questions: [GIFTQuestion] = []
    /// The `$CATEGORY:` lines.
    public var categories: [GIFTCategory] = []
    /// Where each question that could not be read starts (its problem is reported).
    public var malformed: [SourceLocation] = []

    /// A document with these questions and categories.
    public init(questions: [GIFTQuestion] = [], categories: [GIFTCategory] = [], malformed: [SourceLocation] = []) {
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
