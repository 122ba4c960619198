import FolioContent
import FolioCore
import FolioModel

/// A translation, read in its original's format: what it says, not yet compared with
/// its original (``TranslationRules``).
struct ParsedTranslation {
    var source: TranslationSource
    var form: Form

    /// What the translation holds, by the kind of its original. Each kept in a box of
    /// its own: a translation is moved and copied between stages, and a quiz held inline
    /// made it over a kilobyte to move (docs/development.md, "Measured guards").
    indirect enum Form {
        case welcome(ParsedWelcome)
        case billOfRights(BillOfRights, places: [SourceLocation], stated: [Bool])
        case chapter(ParsedChapter)
        /// The quiz as written (for what it states) and as built (for its texts and answers).
        case quiz(WrittenQuiz, CheckedQuiz)
        case deck(ParsedDeck)
    }

    var path: String { source.file.path }
}

/// Reads translations by their originals' parsers. A translation's id comes from its
/// original's name; what a translation may repeat of its original is compared later.
enum TranslationParser {
    /// The name a translation's id is made from: its original's.
    static func idName(_ source: TranslationSource) -> String { ContentPath.lastComponent(source.original) }

    /// A chapter's translation, its text left on the shelf it was on.
    static func chapter(_ source: TranslationSource, file: SourceFile, diagnostics: inout DiagnosticList) -> ParsedChapter? {
        ChapterParser.parseFrontMatter(of: file, idName: idName(source), diagnostics: &diagnostics)
    }

    /// A quiz's translation, built by the rules within one quiz; only its errors are kept,
    /// since its original's warnings would be said twice.
    static func quiz(_ source: TranslationSource, file: SourceFile, diagnostics: inout DiagnosticList) -> (WrittenQuiz, CheckedQuiz)? {
        guard let written = QuizParser.parse(file.inMemory, idName: idName(source), diagnostics: &diagnostics) else { return nil }
        var local = DiagnosticList()
        // Its items take the original's ids, so none are made from its words.
        let built = QuizSettingRules.build(written, idsFromWords: false, diagnostics: &local)
        diagnostics.append(contentsOf: local.all.filter { $0.severity == .error })
        return (withoutWords(written), built)
    }

    /// The quiz as written without its words, which the built quiz holds: what is
    /// compared with the original is what it states and where, and every translated
    /// quiz is held until they all are.
    static func withoutWords(_ written: consuming WrittenQuiz) -> WrittenQuiz {
        // In place: the quiz is this function's alone, and copying each question to clear
        // its words cost more than clearing them.
        var slim = written
        for index in slim.questions.indices {
            slim.questions[index].prompt = nil
            slim.questions[index].hints = []
            slim.questions[index].explanation = nil
            slim.questions[index].discussion = nil
            slim.questions[index].accept = nil
            slim.questions[index].keys = slim.questions[index].keys.filter { $0.key == "partial" }
            for choice in slim.questions[index].choices.indices {
                slim.questions[index].choices[choice].text = nil
                slim.questions[index].choices[choice].hint = nil
                slim.questions[index].choices[choice].feedback = nil
            }
        }
        return slim
    }

    /// The translations that are not chapters or quizzes (which are read on all cores with
    /// their originals), in the order given.
    static func others(_ sources: [TranslationSource], diagnostics: inout DiagnosticList) -> [ParsedTranslation] {
        sources.compactMap { source in
            switch source.kind {
            case .welcome:
                return ChapterParser.parseWelcome(source.file, diagnostics: &diagnostics).map {
                    ParsedTranslation(
                        source: source, form: .welcome(ParsedWelcome(file: source.file, title: $0.title, body: $0.body, bodyLineOffset: $0.bodyLineOffset)))
                }
            case .billOfRights:
                return BillOfRightsParser.parseLocated(source.file, diagnostics: &diagnostics).map {
                    ParsedTranslation(source: source, form: .billOfRights($0.bill, places: $0.places, stated: $0.stated))
                }
            case .deck:
                return DeckParser.parse(source.file, idName: idName(source), diagnostics: &diagnostics).map {
                    ParsedTranslation(source: source, form: .deck($0))
                }
            default: return nil
            }
        }
    }
}
