/// What the author wrote for the adult who leads a session (`facilitator:` in a chapter's
/// front matter or a quiz): shown in the facilitator's guide only, never in the learner's
/// site, the bundle or the search index.
public struct FacilitatorNotes: Sendable, Hashable {
    /// What learners should take away, in the author's words.
    public var goals: [String]
    /// Questions to talk about together.
    public var discussion: [String]
    /// Anything else the facilitator should know (Markdown-free text).
    public var notes: String?
    /// How long the session takes, in minutes, when the author said.
    public var minutes: Int?
    /// What to bring or prepare.
    public var materials: [String]

    public init(goals: [String] = [], discussion: [String] = [], notes: String? = nil, minutes: Int? = nil, materials: [String] = []) {
        self.goals = goals
        self.discussion = discussion
        self.notes = notes
        self.minutes = minutes
        self.materials = materials
    }

    /// Whether the author wrote nothing a guide could show.
    public var isEmpty: Bool { goals.isEmpty && discussion.isEmpty && notes == nil && minutes == nil && materials.isEmpty }
}

/// Every facilitator's note of a program, by the id of the chapter or quiz it was written in.
public struct FacilitatorGuideNotes: Sendable, Hashable {
    public var chapters: [String: FacilitatorNotes]
    public var quizzes: [String: FacilitatorNotes]

    public init(chapters: [String: FacilitatorNotes] = [:], quizzes: [String: FacilitatorNotes] = [:]) {
        self.chapters = chapters
        self.quizzes = quizzes
    }

    /// Every text the notes hold, for the check that none reaches a learner's output.
    public var allTexts: [String] {
        (Array(chapters.values) + Array(quizzes.values)).flatMap { $0.goals + $0.discussion + $0.materials + ($0.notes.map { [$0] } ?? []) }
    }
}
