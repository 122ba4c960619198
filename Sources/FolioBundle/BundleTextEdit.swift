import FolioClient
import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import FolioQuiz
import Foundation

/// The bundle after chapters' texts changed below their front matter and nothing else:
/// the bundle already written with each such chapter's file, the search parts holding
/// its words and the manifest written again (`folio build`'s short way: docs/commands.md,
/// "Only chapters' texts changed").
///
/// Everything else a bundle holds comes from front matter, quizzes, decks and pages,
/// which did not change, so the other files are those of the bundle being replaced. What
/// is read back from that bundle is read only when writing it again gives the same bytes
/// (``roundTrips(_:_:)``), so that the result is the bundle a whole build writes.
public struct BundleTextEdit {
    /// The manifest of the bundle being replaced.
    public let manifest: Manifest
    /// The staged bundle, holding the files of the one being replaced.
    let files: OutputFiles

    /// A chapter's entry of the search index before and after its text changed, for the
    /// site's copy of the index.
    public struct SearchChange: Sendable {
        public var before: SearchIndex.Entry
        public var after: SearchIndex.Entry
    }

    /// The edit of the bundle staged in `files`; nil when its manifest cannot be read,
    /// or the bundle is signed (its signature would need the key).
    ///
    /// The manifest is not checked by writing it again, as the files read below are: the
    /// short way is taken only for an output this very executable wrote and nothing has
    /// touched since (the build record's tool and stamps), and encoding the 6 MB manifest
    /// of 10,000 chapters once more was a twentieth of the build.
    public init?(bundle files: OutputFiles) {
        guard !FileManager.default.fileExists(atPath: files.stagedURL(BundleFormat.signatureFile).path),
            let data = FileManager.default.contents(atPath: files.stagedURL(BundleFormat.manifestFile).path),
            let manifest = try? BundleFormat.manifest(from: data)
        else { return nil }
        self.manifest = manifest
        self.files = files
    }

    /// A file of the staged bundle decoded, when encoding it again gives its bytes.
    public func decoded<Value: Codable>(_ type: Value.Type, at path: String) -> Value? {
        guard let data = FileManager.default.contents(atPath: files.stagedURL(path).path),
            let value = try? JSONDecoder().decode(type, from: data), Self.roundTrips(value, data)
        else { return nil }
        return value
    }

    static func roundTrips<Value: Encodable>(_ value: Value, _ data: Data) -> Bool {
        (try? JSONOutput.pretty(value)) == data
    }

    /// Writes each chapter's file and the search parts holding them, then the manifest;
    /// returns the new manifest and what changed in the search index, or nil when a part
    /// of the staged bundle is not as a whole build would write it (nothing is then
    /// left half done that the whole build does not write again).
    public func write(_ chapters: [CompiledChapter], pictures: PictureSizes) throws -> (manifest: Manifest, search: [SearchChange])? {
        var entries = Dictionary(manifest.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let partCount = manifest.entries.filter { $0.kind == .search }.count
        guard partCount > 0 else { return nil }
        // Each part once, however many of its chapters changed.
        var parts: [String: SearchIndex] = [:]
        var changes: [SearchChange] = []
        for chapter in chapters {
            let part = SearchIndex.partPath(SearchIndex.part(of: chapter.id, among: partCount), among: partCount)
            guard entries[part] != nil, let index = parts[part] ?? decoded(SearchIndex.self, at: part),
                let place = index.entries.firstIndex(where: { $0.kind == .chapter && $0.id == chapter.id })
            else { return nil }
            var edited = index
            edited.entries[place].words = SearchIndex.words(of: chapter)
            changes.append(SearchChange(before: index.entries[place], after: edited.entries[place]))
            parts[part] = edited
        }
        var made: [(path: String, data: Data)] = []
        for chapter in chapters {
            made.append(("chapters/\(chapter.id).json", ChapterJSON.pretty(Chapter(chapter, pictures: pictures))))
        }
        for (path, index) in parts.sorted(by: { $0.key < $1.key }) { made.append((path, SearchIndexJSON.pretty(index))) }
        for file in made {
            guard var entry = entries[file.path] else { return nil }
            try files.write(file.data, to: file.path)
            // The entry as it was but for the file's bytes: every other field it has is kept.
            entry.size = file.data.count
            entry.sha256 = FileDigest.sha256(file.data)
            entries[file.path] = entry
        }
        var manifest = self.manifest
        manifest.entries = manifest.entries.map { entries[$0.path] ?? $0 }
        manifest.bundleHash = FileDigest.bundleHash(manifest.entries.map { ($0.path, $0.sha256) })
        try files.write(ManifestJSON.published(&manifest), to: BundleFormat.manifestFile)
        return (manifest, changes)
    }

    /// The program as far as the staged bundle tells it, for the outputs that are
    /// rendered again: settings, chapters in reading order with their neighbours (and no
    /// text but the texts in `edited`, by place), the quizzes of the edited chapters,
    /// decks by id and title, the bill of rights and the media. Nil when a place is not
    /// one of the manifest's chapters, or a file it reads is not as a whole build writes it.
    public func outline(editing edited: [Int: ChapterText]) -> CompiledProgram? {
        guard edited.keys.allSatisfy(manifest.chapters.indices.contains) else { return nil }
        var chapters = manifest.chapters.enumerated().map { position, summary in
            let text = edited[position]
            return CompiledChapter(
                id: summary.id, title: summary.title, summary: summary.summary, order: position + 1, quiz: summary.quiz,
                body: text?.body ?? Body(blocks: []), videos: text?.videos ?? [], headings: text?.headings ?? [], plainText: text?.plainText ?? "")
        }
        CompiledChapter.linkNeighbours(&chapters)
        var quizzes: [Quiz] = []
        for id in Set(edited.keys.compactMap { chapters[$0].quiz }).sorted() {
            guard let quiz = decoded(Quiz.self, at: "quizzes/\(id).json") else { return nil }
            quizzes.append(quiz)
        }
        var rights: BillOfRights?
        if manifest.hasBillOfRights {
            guard let decoded = decoded(BillOfRights.self, at: "bill-of-rights.json") else { return nil }
            rights = decoded
        }
        let decks = manifest.decks.map { Deck(id: $0.id, title: $0.title, cards: []) }
        let media = manifest.entries.filter { $0.kind == .media }.map {
            MediaFile(bundlePath: $0.path, sourcePath: "", width: $0.width, height: $0.height)
        }
        return CompiledProgram(
            settings: manifest.program, welcome: CompiledPage(title: "", body: Body(blocks: [])), billOfRights: rights, chapters: chapters,
            quizzes: quizzes, decks: decks, media: media)
    }
}
