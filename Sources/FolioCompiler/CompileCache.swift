import FolioCore
import FolioSystem
import Foundation

/// What one compilation keeps for the next, so that `folio serve` rebuilds in a few tens
/// of milliseconds after one file changes, however many chapters there are.
///
/// A file is read again only when its size, modification or change time or inode
/// changed; a
/// chapter or quiz is parsed again only when its text changed, and a quiz built and
/// checked on its own again only then; a chapter's body is rendered again only when its
/// text or the set of files and chapter ids it links against changed. Everything else
/// (checks across files, assembly) runs every time: it is cheap and keeps the result
/// exactly what a build from scratch gives.
public final class CompileCache: @unchecked Sendable {
    private let lock = NSLock()
    private var reads: [String: (stamp: FileStatus, result: ContentLoader.ReadResult)] = [:]
    /// The stamps of `reads` alone, plain values: ``ChapterTextEdit`` compares every file's
    /// with the file's now, on both cores, and taking each out of `reads` under the lock
    /// (retaining what was read with it) was a large part of a `folio serve` save
    /// (docs/development.md, "Measured choices").
    private var readStamps: [String: FileStatus] = [:]
    private var chapters: [String: Parsed<ParsedChapter>] = [:]
    private var quizzes: [String: Parsed<WrittenQuiz>] = [:]
    private var bodies: [String: (index: Int, text: String, body: ResolvedBody, diagnostics: [Diagnostic])] = [:]
    private var builtQuizzes: [String: BuiltQuiz] = [:]

    /// How many files, parses and bodies the last compilation could reuse, for tests and
    /// `--timings`.
    public private(set) var lastReuse = Reuse()

    public struct Reuse: Sendable, Equatable {
        public var reads = 0
        public var parses = 0
        public var bodies = 0
        public var builtQuizzes = 0
        /// Whether the compilation took the short way of ``ChapterTextEdit``: only
        /// chapters' texts below their front matter changed.
        public var chapterTextOnly = false
    }

    /// A quiz built from its file, and what the rules within one quiz found in it.
    struct BuiltQuiz {
        var text: String
        var checked: CheckedQuiz
        var building: [Diagnostic]
        var rules: [Diagnostic]?
    }

    struct Parsed<Value> {
        var text: String
        var value: Value?
        var diagnostics: [Diagnostic]
    }

    public init() {}

    /// The last compilation that made a program, for a rebuild after chapters' texts
    /// changed below their front matter (``ChapterTextEdit``).
    var last: ChapterTextEdit.Baseline? {
        get { withLock { lastStored } }
        set { withLock { lastStored = newValue } }
    }
    private var lastStored: ChapterTextEdit.Baseline?

    /// The file as read before and when, if it was.
    func earlierRead(_ path: String) -> (stamp: FileStatus, result: ContentLoader.ReadResult)? { withLock { reads[path] } }

    /// When each file read before was read, by path.
    func earlierStamps() -> [String: FileStatus] { withLock { readStamps } }

    /// What parsing the chapter at `path` found when it was last parsed.
    func parsedChapterDiagnostics(_ path: String) -> [Diagnostic] { withLock { chapters[path]?.diagnostics ?? [] } }

    func noteChapterTextOnly() { withLock { lastReuse.chapterTextOnly = true } }

    /// Notes that `path` now holds `file`, parsed as `chapter` with what parsing found, as
    /// a compilation from the start would have read and parsed it.
    func noteEdited(_ path: String, stamp: FileStatus, read: ContentLoader.ReadResult, chapter: ParsedChapter, diagnostics: [Diagnostic]) {
        withLock {
            reads[path] = (stamp, read)
            readStamps[path] = stamp
            chapters[path] = Parsed(text: chapter.file.text, value: chapter, diagnostics: diagnostics)
        }
    }

    func beginCompilation() { withLock { lastReuse = Reuse() } }

    private func withLock<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// The file read before, if it has not changed since; otherwise reads it with `read`.
    func read(_ path: String, absolute: String, _ read: () -> ContentLoader.ReadResult) -> ContentLoader.ReadResult {
        let stamp = FileStatus(path: absolute, followingLinks: true)
        if let stamp {
            // One lock for looking up and counting: every file of the program passes here
            // on every rebuild, on all cores.
            let hit: ContentLoader.ReadResult? = withLock {
                guard let cached = reads[path], cached.stamp == stamp else { return nil }
                lastReuse.reads += 1
                return cached.result
            }
            if let hit { return hit }
        }
        let result = read()
        if let stamp {
            withLock {
                reads[path] = (stamp, result)
                readStamps[path] = stamp
            }
        }
        return result
    }

    func chapter(_ file: SourceFile, _ parse: (SourceFile, inout DiagnosticList) -> ParsedChapter?) -> (ParsedChapter?, [Diagnostic]) {
        cached(file, in: \.chapters, parse)
    }

    func quiz(_ file: SourceFile, _ parse: (SourceFile, inout DiagnosticList) -> WrittenQuiz?) -> (WrittenQuiz?, [Diagnostic]) {
        cached(file, in: \.quizzes, parse)
    }

    private func cached<Value>(
        _ file: SourceFile, in store: ReferenceWritableKeyPath<CompileCache, [String: Parsed<Value>]>,
        _ parse: (SourceFile, inout DiagnosticList) -> Value?
    ) -> (Value?, [Diagnostic]) {
        let hit: Parsed<Value>? = withLock {
            guard let hit = self[keyPath: store][file.path], hit.text == file.text else { return nil }
            lastReuse.parses += 1
            return hit
        }
        if let hit { return (hit.value, hit.diagnostics) }
        var local = DiagnosticList()
        let value = parse(file, &local)
        withLock { self[keyPath: store][file.path] = Parsed(text: file.text, value: value, diagnostics: local.all) }
        return (value, local.all)
    }

    /// The quiz built before from the same text, or builds it now with `build`.
    func builtQuiz(_ written: WrittenQuiz, _ build: (WrittenQuiz) -> (CheckedQuiz, [Diagnostic])) -> (CheckedQuiz, [Diagnostic]) {
        let path = written.file
        guard let text = withLock({ quizzes[path]?.text }) else { return build(written) }
        let hit: BuiltQuiz? = withLock {
            guard let hit = builtQuizzes[path], hit.text == text else { return nil }
            lastReuse.builtQuizzes += 1
            return hit
        }
        if let hit { return (hit.checked, hit.building) }
        let (checked, found) = build(written)
        withLock { builtQuizzes[path] = BuiltQuiz(text: text, checked: checked, building: found) }
        return (checked, found)
    }

    /// What the rules within one quiz found in `quiz` when it was built from the same
    /// text before, or checks it now with `check`.
    func quizRules(_ quiz: CheckedQuiz, _ check: (CheckedQuiz) -> [Diagnostic]) -> [Diagnostic] {
        if let hit = withLock({ builtQuizzes[quiz.file] }), hit.text == withLock({ quizzes[quiz.file]?.text }) {
            if let rules = hit.rules { return rules }
            let found = check(quiz)
            withLock { builtQuizzes[quiz.file]?.rules = found }
            return found
        }
        return check(quiz)
    }

    /// A chapter body rendered before against the same index, or renders it now.
    func body(
        _ chapter: ParsedChapter, index: Int, _ resolve: (ParsedChapter, inout DiagnosticList) -> ResolvedBody
    ) -> (ResolvedBody, [Diagnostic]) {
        if let hit = withLock({ bodies[chapter.file.path] }), hit.index == index, hit.text == chapter.file.text {
            withLock { lastReuse.bodies += 1 }
            return (hit.body, hit.diagnostics)
        }
        var local = DiagnosticList()
        let body = resolve(chapter, &local)
        withLock { bodies[chapter.file.path] = (index, chapter.file.text, body, local.all) }
        return (body, local.all)
    }

    /// Forgets files that are gone, so the cache does not grow with renamed files.
    func keepOnly(_ paths: Set<String>) {
        // Copied only when something is gone: most rebuilds remove nothing.
        func prune<Value>(_ store: inout [String: Value]) {
            if store.keys.contains(where: { !paths.contains($0) }) { store = store.filter { paths.contains($0.key) } }
        }
        withLock {
            prune(&reads)
            prune(&readStamps)
            prune(&chapters)
            prune(&quizzes)
            prune(&bodies)
            prune(&builtQuizzes)
        }
    }
}

extension ContentIndex {
    /// Changes whenever anything a chapter body is resolved against changes.
    var fingerprint: Int {
        var hasher = Hasher()
        for (path, id) in chapterIDs.sorted(by: { $0.key < $1.key }) {
            hasher.combine(path)
            hasher.combine(id)
        }
        hasher.combine(excludedDrafts.sorted())
        hasher.combine(allFiles.sorted())
        hasher.combine(allowHTML)
        return hasher.finalize()
    }
}
