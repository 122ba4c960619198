/// The part of the content, or of Folio, a diagnostic code is about: how `folio explain`
/// groups the codes, in the order an author meets them.
public enum DiagnosticArea: String, Sendable, Codable, CaseIterable {
    case files
    case yaml
    case fields
    case layout
    case markdown
    case chaptersAndQuizzes = "chapters-and-quizzes"
    case quizzes
    case decks
    case translations
    case gift

    /// A heading for the group, in an author's words.
    public var title: String {
        switch self {
        case .files: return "Reading files"
        case .yaml: return "Writing YAML"
        case .fields: return "Fields and their values"
        case .layout: return "The content folder"
        case .markdown: return "Chapters and the welcome page"
        case .chaptersAndQuizzes: return "Chapters and their quizzes"
        case .quizzes: return "Quizzes"
        case .decks: return "Flashcard decks"
        case .translations: return "Translations"
        case .gift: return "Importing Moodle quizzes (folio import)"
        }
    }
}
