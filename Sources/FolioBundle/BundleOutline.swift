import FolioClient
import FolioCore
import FolioInterface
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
public struct BundleOutline: Sendable {
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
    ///
    /// `translated` are the texts of translated chapters, by language and by their
    /// original's place: the outline then holds each of those languages' translation as
    /// the manifest tells it (every part's state and title, the edited chapters' quizzes
    /// and the bill of rights as their files are), so that a page in the language is made
    /// as a whole build makes it. The interface's words are each language's as the bundle
    /// gives them, the program's own catalogue over Folio's.
    public func outline(editing edited: [Int: ChapterText], translated: [String: [Int: ChapterText]] = [:]) -> CompiledProgram? {
        guard edited.keys.allSatisfy(manifest.chapters.indices.contains),
            translated.values.allSatisfy({ $0.keys.allSatisfy(manifest.chapters.indices.contains) })
        else { return nil }
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
        var program = CompiledProgram(
            settings: manifest.program, welcome: CompiledPage(title: "", body: Body(blocks: [])), billOfRights: rights, chapters: chapters,
            quizzes: quizzes, decks: decks, media: media)
        for language in manifest.languages ?? [] {
            guard let catalogue = interfaceCatalogue(at: language.interface) else { return nil }
            program.interfaceCatalogues[language.language] = catalogue
        }
        for (language, texts) in translated.sorted(by: { $0.key < $1.key }) {
            guard let translation = translation(language, editing: texts, originals: chapters) else { return nil }
            program.translations.append(translation)
        }
        // The edited chapters' quizzes in the default language, where a translation's
        // falls back.
        let fallbackQuizzes = Set(translated.values.flatMap { $0.keys.compactMap { chapters[$0].quiz } }).subtracting(quizzes.map(\.id))
        for id in fallbackQuizzes.sorted() {
            guard let quiz = decoded(Quiz.self, at: "quizzes/\(id).json") else { return nil }
            program.quizzes.append(quiz)
        }
        return program
    }

    /// A language's translation as the manifest tells it: each part's state; each chapter
    /// learners see translated by its title and summary, with the text in `edited` by its
    /// original's place, and its original's id, order, quiz and neighbours; the edited
    /// chapters' quizzes, the bill of rights and the decks' titles as their files have
    /// them.
    private func translation(_ language: String, editing edited: [Int: ChapterText], originals: [CompiledChapter]) -> CompiledTranslation? {
        guard let parts = manifest.languages?.first(where: { $0.language == language })?.parts else { return nil }
        var states: [TranslatedPart: TranslationState] = [:]
        var shown: [TranslatedPart: TranslatedPartSummary] = [:]
        for part in parts {
            guard let kind = TranslatedPart.Kind(rawValue: part.kind.rawValue), let state = TranslationState(rawValue: part.state) else { return nil }
            let translatedPart = TranslatedPart(kind, part.id)
            states[translatedPart] = state
            if part.isShownTranslated { shown[translatedPart] = part }
        }
        var translation = CompiledTranslation(language: language, states: states)
        if shown[.welcome] != nil { translation.welcome = CompiledPage(title: "", body: Body(blocks: [])) }
        if let part = shown[.billOfRights] {
            guard let path = part.path, let rights = decoded(BillOfRights.self, at: path) else { return nil }
            translation.billOfRights = rights
        }
        var chapters: [CompiledChapter] = []
        for (position, original) in originals.enumerated() {
            guard let part = shown[TranslatedPart(.chapter, original.id)], let title = part.title else {
                guard edited[position] == nil else { return nil }
                continue
            }
            var chapter = original
            chapter.title = title
            chapter.summary = part.summary
            let text = edited[position]
            (chapter.body, chapter.videos, chapter.headings, chapter.plainText) =
                (text?.body ?? Body(blocks: []), text?.videos ?? [], text?.headings ?? [], text?.plainText ?? "")
            chapters.append(chapter)
        }
        translation.chapters = chapters
        var quizzes: [Quiz] = []
        for id in Set(edited.keys.compactMap { originals[$0].quiz }).sorted() {
            guard let part = shown[TranslatedPart(.quiz, id)] else { continue }
            guard let path = part.path, let quiz = decoded(Quiz.self, at: path) else { return nil }
            quizzes.append(quiz)
        }
        translation.quizzes = quizzes
        translation.decks = manifest.decks.compactMap { deck in
            shown[TranslatedPart(.deck, deck.id)].map { Deck(id: deck.id, title: $0.title ?? deck.title, cards: []) }
        }
        return translation
    }

    /// The interface's words the bundle gives at `path`, as a catalogue: nil when they
    /// cannot be read, or written again would not give the file's bytes.
    private func interfaceCatalogue(at path: String) -> InterfaceCatalogue? {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path),
            let strings = try? JSONDecoder().decode(InterfaceStrings.self, from: data)
        else { return nil }
        var messages: [String: InterfaceMessage] = [:]
        for (key, text) in strings.messages {
            switch text {
            case .text(let text): messages[key] = .text(text)
            case .plural(let forms):
                var categories: [PluralCategory: String] = [:]
                for (name, form) in forms {
                    guard let category = PluralCategory(rawValue: name) else { return nil }
                    categories[category] = form
                }
                messages[key] = .plural(categories)
            }
        }
        let catalogue = InterfaceCatalogue(language: strings.language, messages: messages)
        return Self.roundTrips(InterfaceStrings(catalogue), data) ? catalogue : nil
    }
}

extension BundleRenderer {
    /// After an edit of chapters' texts alone, in the default language or translated: each
    /// edited chapter's file, the search parts holding its words and the manifest are
    /// written again; every other file is the one of the bundle being replaced. Any other edit, or a signed bundle (its
    /// signature would need the key), writes the bundle again.
    public func update(_ program: CompiledProgram, for change: ProgramChange, into files: OutputFiles, context: RenderContext) throws
        -> RenderSummary?
    {
        guard signingKey == nil, ProgramParts([.chapterTexts, .translatedChapterTexts]).isSuperset(of: change.parts),
            !FileManager.default.fileExists(atPath: files.stagedURL(BundleFormat.signatureFile).path),
            let replaced = change.outlineManifest ?? files.stagedContents(BundleFormat.manifestFile).flatMap({ try? BundleFormat.manifest(from: $0) })
        else { return nil }
        var entries = Dictionary(replaced.entries.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        guard change.chapters.allSatisfy(program.chapters.indices.contains) else { return nil }
        // Each edited chapter with the folder of its language's files: the default
        // language's at the bundle's root, a translation's in `languages/<tag>/`.
        var edits: [(chapter: CompiledChapter, folder: String, language: String?)] = change.chapters.map { (program.chapters[$0], "", nil) }
        for (language, positions) in change.translatedChapters.sorted(by: { $0.key < $1.key }) {
            guard let translation = program.translation(language), positions.allSatisfy(program.chapters.indices.contains) else { return nil }
            for position in positions {
                guard let chapter = translation.chapter(program.chapters[position].id) else { return nil }
                edits.append((chapter, "languages/\(language)/", language))
            }
        }
        // Each part once, however many of its chapters changed.
        var parts: [String: SearchIndex] = [:]
        var partCounts: [String: Int] = [:]
        var changes: [SearchIndexChange] = []
        let pictures = context.products.pictureSizes
        var made: [(path: String, data: Data)] = []
        for (chapter, folder, language) in edits {
            let partCount = partCounts[folder] ?? replaced.entries.filter { $0.path.hasPrefix(folder + "search/") }.count
            partCounts[folder] = partCount
            guard partCount > 0 else { return nil }
            let part = folder + SearchIndex.partPath(SearchIndex.part(of: chapter.id, among: partCount), among: partCount)
            guard entries[part] != nil, let index = parts[part] ?? BundleOutline.decoded(SearchIndex.self, from: files.stagedContents(part)),
                let place = index.entries.firstIndex(where: { $0.kind == .chapter && $0.id == chapter.id })
            else { return nil }
            var edited = index
            edited.entries[place].words = SearchIndex.words(of: chapter)
            changes.append(SearchIndexChange(before: index.entries[place], after: edited.entries[place], language: language))
            parts[part] = edited
            made.append((folder + "chapters/\(chapter.id).json", try JSONOutput.pretty(Chapter(chapter, pictures: pictures))))
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
        let written = Set(made.map(\.path))
        let published =
            files.stagedContents(BundleFormat.manifestFile).flatMap { ManifestJSON.patched(&manifest, replaced: replaced, bytes: $0, changed: written) }
            ?? ManifestJSON.published(&manifest)
        try files.write(published, to: BundleFormat.manifestFile)
        context.products.provide(BundleManifests(written: manifest, replaced: replaced))
        context.products.provide(StagedFiles(files))
        context.products.provide(changes)
        return RenderSummary(folder: folder, fingerprint: manifest.bundleHash)
    }
}
