import FolioClient
import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import Foundation

/// The program as far as a bundle already written tells it, for `folio build`'s short
/// way after an edit of chapters' texts (docs/commands.md, "Only chapters' texts
/// changed"): everything but the chapters' texts comes from front matter, quizzes, decks
/// and pages, which did not change, so the bundle holds it.
///
/// What is read back from the bundle is used only when writing it again gives the same
/// bytes (``roundTrips(_:_:)``), so that what is made from it is what a whole build makes.
public struct BundleOutline {
    /// The bundle's manifest.
    public let manifest: Manifest
    /// The bundle's folder.
    let folder: URL

    /// The outline of the bundle in `folder`; nil when its manifest cannot be read, or
    /// the bundle is signed (writing it again would need the key).
    ///
    /// The manifest is not checked by writing it again, as the files read below are: the
    /// short way is taken only for an output this very executable wrote and nothing has
    /// touched since (the build record's tool and stamps), and encoding a large manifest
    /// once more costs more than the rest of the check (docs/development.md).
    public init?(bundle folder: URL) {
        guard !FileManager.default.fileExists(atPath: folder.appendingPathComponent(BundleFormat.signatureFile).path),
            let manifest = Self.readManifest(at: folder)
        else { return nil }
        self.manifest = manifest
        self.folder = folder
    }

    /// The manifest of the bundle in `folder`, if it can be read.
    public static func readManifest(at folder: URL) -> Manifest? {
        FileManager.default.contents(atPath: folder.appendingPathComponent(BundleFormat.manifestFile).path).flatMap {
            try? BundleFormat.manifest(from: $0)
        }
    }

    /// A file of the bundle decoded, when encoding it again gives its bytes.
    func decoded<Value: Codable>(_ type: Value.Type, at path: String) -> Value? {
        Self.decoded(type, from: FileManager.default.contents(atPath: folder.appendingPathComponent(path).path))
    }

    static func decoded<Value: Codable>(_ type: Value.Type, from data: Data?) -> Value? {
        guard let data, let value = try? JSONDecoder().decode(type, from: data), roundTrips(value, data) else { return nil }
        return value
    }

    static func roundTrips<Value: Encodable>(_ value: Value, _ data: Data) -> Bool {
        (try? JSONOutput.pretty(value)) == data
    }

    /// The program as the bundle tells it: settings, chapters in reading order with their
    /// neighbours (and no text but the texts in `edited`, by place), the quizzes of the
    /// edited chapters, decks by id and title, the bill of rights and the media. Nil when
    /// a place is not one of the manifest's chapters, or a file it reads is not as a whole
    /// build writes it.
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

extension BundleRenderer {
    /// After an edit of chapters' texts alone: each edited chapter's file, the search
    /// parts holding its words and the manifest are written again; every other file is
    /// the one of the bundle being replaced. Any other edit, or a signed bundle (its
    /// signature would need the key), writes the bundle again.
    public func update(_ program: CompiledProgram, for change: ProgramChange, into files: OutputFiles, context: RenderContext) throws
        -> RenderSummary?
    {
        guard signingKey == nil, ProgramParts.chapterTexts.isSuperset(of: change.parts),
            !FileManager.default.fileExists(atPath: files.stagedURL(BundleFormat.signatureFile).path),
            let replaced = change.outlineManifest ?? files.stagedContents(BundleFormat.manifestFile).flatMap({ try? BundleFormat.manifest(from: $0) })
        else { return nil }
        var entries = Dictionary(replaced.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let partCount = replaced.entries.filter { $0.kind == .search }.count
        guard partCount > 0, change.chapters.allSatisfy(program.chapters.indices.contains) else { return nil }
        let chapters = change.chapters.map { program.chapters[$0] }
        // Each part once, however many of its chapters changed.
        var parts: [String: SearchIndex] = [:]
        var changes: [SearchIndexChange] = []
        for chapter in chapters {
            let part = SearchIndex.partPath(SearchIndex.part(of: chapter.id, among: partCount), among: partCount)
            guard entries[part] != nil, let index = parts[part] ?? BundleOutline.decoded(SearchIndex.self, from: files.stagedContents(part)),
                let place = index.entries.firstIndex(where: { $0.kind == .chapter && $0.id == chapter.id })
            else { return nil }
            var edited = index
            edited.entries[place].words = SearchIndex.words(of: chapter)
            changes.append(SearchIndexChange(before: index.entries[place], after: edited.entries[place]))
            parts[part] = edited
        }
        let pictures = context.products.pictureSizes
        var made: [(path: String, data: Data)] = []
        for chapter in chapters {
            made.append(("chapters/\(chapter.id).json", try JSONOutput.pretty(Chapter(chapter, pictures: pictures))))
        }
        for (path, index) in parts.sorted(by: { $0.key < $1.key }) { made.append((path, try JSONOutput.pretty(index))) }
        for file in made {
            guard var entry = entries[file.path] else { return nil }
            try files.write(file.data, to: file.path)
            // The entry as it was but for the file's bytes: every other field it has is kept.
            entry.size = file.data.count
            entry.sha256 = FileDigest.sha256(file.data)
            entries[file.path] = entry
        }
        var manifest = replaced
        manifest.entries = manifest.entries.map { entries[$0.path] ?? $0 }
        manifest.bundleHash = FileDigest.bundleHash(manifest.entries.map { ($0.path, $0.sha256) })
        try files.write(ManifestJSON.published(&manifest), to: BundleFormat.manifestFile)
        context.products.provide(BundleManifests(written: manifest, replaced: replaced))
        context.products.provide(StagedFiles(files))
        context.products.provide(changes)
        return RenderSummary(folder: folder, fingerprint: manifest.bundleHash)
    }
}
