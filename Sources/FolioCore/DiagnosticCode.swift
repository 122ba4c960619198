/// Every kind of problem Folio reports, with a stable identifier.
///
/// The raw value is the code printed in messages and in JSON output; it never changes
/// once released, so documentation and pipelines can refer to it.
public enum DiagnosticCode: String, Sendable, Codable, CaseIterable {
    // Reading files
    case fileTooLarge = "file-too-large"
    case fileNotUTF8 = "file-not-utf8"
    case fileUnreadable = "file-unreadable"
    case unknownFileType = "unknown-file-type"
    case tooManyProblems = "too-many-problems"
    case textControlCharacter = "text-control-character"
    case contentLinkNotFollowed = "content-link-not-followed"
    case contentFolderTooDeep = "content-folder-too-deep"

    // YAML
    case yamlSyntax = "yaml-syntax"
    case yamlTab = "yaml-tab"
    case yamlUnclosedQuote = "yaml-unclosed-quote"
    case yamlDuplicateKey = "yaml-duplicate-key"
    case yamlAliasLimit = "yaml-alias-limit"
    case yamlNestingLimit = "yaml-nesting-limit"
    case yamlMultipleDocuments = "yaml-multiple-documents"
    case yamlUnknownAlias = "yaml-unknown-alias"
    case yamlComplexKey = "yaml-complex-key"

    // Turning YAML into content
    case unknownField = "unknown-field"
    case missingField = "missing-field"
    case wrongType = "wrong-type"
    case invalidValue = "invalid-value"
    case invalidID = "invalid-id"
    case duplicateID = "duplicate-id"

    // Program layout
    case settingsMissing = "settings-missing"
    case welcomeMissing = "welcome-missing"

    // Markdown
    case frontMatterUnclosed = "front-matter-unclosed"
    case frontMatterMissing = "front-matter-missing"
    case videoTitleMissing = "video-title-missing"
    case videoInvalidID = "video-invalid-id"
    case videoInvalidStart = "video-invalid-start"
    case videoUnsupportedLink = "video-unsupported-link"
    case videoCaptionsMissing = "video-captions-missing"
    case videoAddressAsText = "video-address-as-text"
    case linkTargetMissing = "link-target-missing"
    case linkOutsideContent = "link-outside-content"
    case linkUnsafe = "link-unsafe"
    case linkToDraft = "link-to-draft"
    case rawHTMLOmitted = "raw-html-omitted"
    case markdownNestingLimit = "markdown-nesting-limit"
    case htmlRemoved = "html-removed"
    case imageAltMissing = "image-alt-missing"
    case imageRemote = "image-remote"

    // Chapters and quizzes together
    case chapterQuizMissing = "chapter-quiz-missing"
    case chapterQuizShared = "chapter-quiz-shared"
    case quizUnused = "quiz-unused"
    case chapterOrderShared = "chapter-order-shared"

    // Quizzes
    case quizNoQuestions = "quiz-no-questions"
    case quizUnknownType = "quiz-unknown-type"
    case quizSingleCorrectCount = "quiz-single-correct-count"
    case quizMultipleNoCorrect = "quiz-multiple-no-correct"
    case quizTrueFalseAnswer = "quiz-true-false-answer"
    case quizTextAccept = "quiz-text-accept"
    case quizNumberAnswer = "quiz-number-answer"
    case quizFieldNotForType = "quiz-field-not-for-type"
    case quizDuplicateChoice = "quiz-duplicate-choice"
    case quizDuplicateQuestionID = "quiz-duplicate-question-id"
    case quizDrawTooLarge = "quiz-draw-too-large"
    case quizPassInvalid = "quiz-pass-invalid"
    case quizTimeLimitInvalid = "quiz-time-limit-invalid"
    case quizNoHint = "quiz-no-hint"
    case quizDeckMissing = "quiz-deck-missing"

    // Decks
    case deckFrontWithoutBack = "deck-front-without-back"
    case deckEmpty = "deck-empty"
    case deckTooSmallForChoices = "deck-too-small-for-choices"

    // Importing Moodle GIFT quizzes (`folio import`)
    /// The GIFT text is malformed (an unclosed `{`, a stray `}`, a bad number); the
    /// question is skipped.
    case giftSyntax = "gift-syntax"
    /// A GIFT construct Folio has no equivalent for (matching, essay, description); the
    /// question is skipped.
    case giftUnsupported = "gift-unsupported"
    /// The question is imported, but something in it could not be kept as written
    /// (partial credit, extra answers, HTML markup).
    case giftChanged = "gift-changed"
    /// A GIFT line that means nothing in a Folio quiz (`$CATEGORY:`); it is left out.
    case giftIgnored = "gift-ignored"
    /// The GIFT file has no question that could be imported.
    case giftNoQuestions = "gift-no-questions"

    /// Whether the problem stops a build unless a rule says otherwise.
    public var defaultSeverity: Severity {
        switch self {
        case .unknownFileType, .contentLinkNotFollowed, .contentFolderTooDeep, .rawHTMLOmitted, .htmlRemoved, .imageAltMissing, .imageRemote, .quizNoHint,
            .quizUnused,
            .chapterOrderShared, .videoCaptionsMissing, .videoAddressAsText, .giftUnsupported, .giftChanged, .giftIgnored:
            return .warning
        default:
            return .error
        }
    }
}
