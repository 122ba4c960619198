/// The program `folio init` creates: complete and valid, every file with notes that
/// teach the format to someone who has never seen it. The files are real files in
/// `Assets/Starter/`, embedded in `folio` at build time.
public enum StarterProgram {
    /// One file of the starter program.
    public struct File: Sendable, Equatable {
        /// The path inside the program's folder, with `/` separators.
        public var path: String
        public var text: String
        /// What the file is, in a few words, for the list `folio init` prints.
        public var purpose: String
    }

    /// The names whose presence means a folder already holds a program.
    public static let programEntries = ["folio.yaml", "welcome.md", "bill-of-rights.yaml", "chapters", "quizzes", "decks", "media"]

    private static let purposes: [String: String] = [
        "folio.yaml": "the program's title and settings",
        "welcome.md": "the first page learners see",
        "bill-of-rights.yaml": "the rights every learner has",
        "chapters/01-getting-started.md": "an example chapter: text, a video, a picture",
        "quizzes/getting-started.yaml": "the quiz at the end of that chapter",
        "decks/folio-words.yaml": "a deck of flashcards",
        "media/path.svg": "the chapter's picture; pictures and handouts go in media/",
    ]

    /// The files, in the order a reader meets them: settings, welcome page, bill of
    /// rights, then each folder.
    public static let files: [File] = {
        let prefix = "Starter/"
        let files = AuthoringAssets.files.compactMap { key, text -> File? in
            guard key.hasPrefix(prefix) else { return nil }
            let path = String(key.dropFirst(prefix.count))
            return File(path: path, text: text, purpose: purposes[path] ?? "")
        }
        func rank(_ path: String) -> Int {
            let top = String(path.split(separator: "/").first ?? "")
            return programEntries.firstIndex(of: top) ?? programEntries.count
        }
        return files.sorted { (rank($0.path), $0.path) < (rank($1.path), $1.path) }
    }()
}
