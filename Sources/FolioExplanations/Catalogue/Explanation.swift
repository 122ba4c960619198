import FolioCompiler
import FolioCore
import FolioImport
import FolioSyntax

/// What a diagnostic code means, for authors: what `folio explain CODE` prints.
///
/// Each code has one explanation, kept beside the codes so that a new code cannot ship
/// without one (a test checks it). The examples are real content: laid over the spec
/// examples, the mistake makes Folio report the code and the fix does not (tests check
/// that too, with the compiler or the GIFT importer).
public struct Explanation: Sendable, Hashable {
    /// The code explained.
    public var code: DiagnosticCode
    /// One line, as a message would say it: what is wrong.
    public var summary: String
    /// What the problem means, in plain words; paragraphs are separated by a blank line.
    public var meaning: String
    /// Why it matters, to the learner or to the build.
    public var why: String
    /// Content with the mistake, when it can be shown as content.
    public var mistake: ContentExample?
    /// The same content, fixed.
    public var fix: ContentExample?
    /// Why there is no example, when there is none.
    public var noExample: String?

    /// An explanation with a mistake and its fix.
    public init(
        _ code: DiagnosticCode, summary: String, meaning: String, why: String, mistake: ContentExample, fix: ContentExample
    ) {
        self.code = code
        self.summary = summary
        self.meaning = meaning
        self.why = why
        self.mistake = mistake
        self.fix = fix
    }

    /// An explanation of a problem that cannot be shown in a few lines of content.
    public init(_ code: DiagnosticCode, summary: String, meaning: String, why: String, noExample: String) {
        self.code = code
        self.summary = summary
        self.meaning = meaning
        self.why = why
        self.noExample = noExample
    }

    /// Every explanation, grouped by area in the order of ``DiagnosticArea``.
    public static let all: [Explanation] =
        files + yaml + fields + facilitator + insights + siteLook + layout + identities(in: .layout) + markdown + links + chaptersAndQuizzes + quizRules
        + quizValues
        + identities(in: .quizzes) + decks + identities(in: .decks) + translations + interfaceWords + gift

    /// The explanation of `code`.
    public static func of(_ code: DiagnosticCode) -> Explanation? {
        byName[code.rawValue]
    }

    /// The explanation of the code named `name` (`quiz-no-hint`).
    public static func named(_ name: String) -> Explanation? { byName[name] }

    /// Every code's name, in the catalogue's order.
    public static var names: [String] { all.map(\.code.rawValue) }

    private static let byName: [String: Explanation] = Dictionary(
        all.map { ($0.code.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
}

/// Files that show a problem or its fix: laid over the spec examples (or, for a GIFT
/// code, given to `folio import`), they make Folio report the code, or not.
public struct ContentExample: Sendable, Hashable {
    /// The files, the one the message points to first.
    public var files: [ExampleFile]
    /// Files of the spec examples this example does without: the mistake is that they
    /// are missing.
    public var removed: [String]

    /// An example of several files, some of the spec examples' files removed.
    public init(_ files: [ExampleFile], removed: [String] = []) {
        self.files = files
        self.removed = removed
    }

    /// An example of one file.
    public static func file(_ path: String, _ text: String, encoding: ExampleFile.Encoding = .utf8) -> ContentExample {
        ContentExample([ExampleFile(path, text, encoding: encoding)])
    }
}

/// One file of an example: its path in the content folder and its whole text.
public struct ExampleFile: Sendable, Hashable {
    /// How the file is saved.
    public enum Encoding: String, Sendable, Hashable, Codable {
        case utf8 = "UTF-8"
        /// ISO Latin-1, as older Windows editors save (Windows-1252 agrees on letters).
        case latin1 = "Latin-1"
    }

    /// The path inside the content folder, such as `quizzes/who-am-i.yaml`.
    public var path: String
    /// The whole text of the file.
    public var text: String
    public var encoding: Encoding
    /// For a picture or a video, whose content does not matter to the example, what it
    /// stands for ("the picture"); its text is then empty.
    public var standsFor: String?

    /// A file; its text gets a final line break if it has none.
    public init(_ path: String, _ text: String, encoding: Encoding = .utf8) {
        self.path = path
        self.text = text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
        self.encoding = encoding
    }

    /// A picture, video or handout in `media/` that only has to exist.
    public static func media(_ path: String, _ standsFor: String) -> ExampleFile {
        var file = ExampleFile(path, "")
        file.standsFor = standsFor
        return file
    }

    /// The bytes of the file as saved.
    public var bytes: [UInt8] {
        switch encoding {
        case .utf8: return Array(text.utf8)
        case .latin1: return text.unicodeScalars.map { $0.value < 0x100 ? UInt8($0.value) : UInt8(ascii: "?") }
        }
    }
}
