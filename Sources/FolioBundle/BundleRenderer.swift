import Crypto
import FolioClient
import FolioCore
import FolioInterface
import FolioModel
import FolioOutput
import FolioProgram
import FolioQuiz
import Foundation

/// Writes the content bundle for apps: one JSON file per chapter, quiz and deck, the
/// welcome page, the bill of rights, the media files, the search index, the format's
/// schema, and `manifest.json` listing them all with sizes and SHA-256; with a signing
/// key, `manifest.sig` beside it (docs/bundle.md).
///
/// Output is deterministic: keys are sorted, nothing depends on time or on where the
/// content folder is. Files are written as they are made, so memory stays flat.
public struct BundleRenderer: OutputRenderer {
    public let folder = "bundle"
    /// The search index's changes are made only by an update, for the site's search page.
    public var makes: Set<BuildProduct> { [.bundleManifest, .bundleFiles, .searchIndexChanges] }
    /// With a signing key, the key signing (not the time of signing, which would make
    /// every build a new one).
    public var options: [String] { ["sign=" + (signingKey.map { FileDigest.sha256(Data($0.publicKey.base64.utf8)) } ?? "none")] }
    let signingKey: BundleSigningKey?
    /// The manifest's `signedAt` when signing: given, not read from the clock here, so
    /// that a renderer never does I/O and a test can fix it.
    let signedAt: String?

    /// `signedAt` is the time of signing, as ``BundleSignature/timestamp(_:)`` writes it.
    public init(signingKey: BundleSigningKey? = nil, signedAt: String? = nil) {
        self.signingKey = signingKey
        self.signedAt = signingKey == nil ? nil : signedAt
    }

    public func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
        let writing = Writing(
            program: program, progress: context.progress, pictures: context.products.pictureSizes,
            searchParts: context.products.searchIndex.parts(), translations: Self.translationFiles(of: program, products: context.products), signedAt: signedAt)
        let (manifest, data) = try writing.write(to: files)
        if let signingKey { try files.write(try signingKey.sign(data).encoded(), to: BundleFormat.signatureFile) }
        context.products.provide(BundleManifests(written: manifest))
        context.products.provide(StagedFiles(files))
        return RenderSummary(folder: folder, fingerprint: manifest.bundleHash)
    }
}

extension BundleRenderer {
    /// What each of the program's other languages adds to the bundle: its translated
    /// parts, and its own search index, of the words a learner reads in it.
    static func translationFiles(of program: CompiledProgram, products: BuildProducts) -> [Writing.TranslationFiles] {
        program.translations.map { translation in
            Writing.TranslationFiles(translation: translation, searchParts: products.searchIndex(in: translation.language).parts())
        }
    }
}

/// One bundle being written.
struct Writing {
    let program: CompiledProgram
    var progress: (any BuildProgress)? = nil

    /// One file of the bundle, made when it is written.
    private enum Item {
        case welcome, billOfRights, chapter(Int), quiz(Int), deck(Int), media(Int), search(Int), schema, interface(String)
        /// A file of the `language`th of ``translations``.
        case translated(language: Int, TranslatedItem)
    }

    private enum TranslatedItem {
        case welcome, billOfRights, chapter(Int), quiz(Int), deck(Int), search(Int)
    }

    /// One of the program's other languages: its translated parts and its search index.
    struct TranslationFiles {
        let translation: CompiledTranslation
        let searchParts: [(path: String, index: SearchIndex)]
        /// Where the language's files are in the bundle.
        var folder: String { "languages/\(translation.language)/" }
    }

    /// Made once, before the files are written.
    var pictures = PictureSizes()
    var searchParts: [(path: String, index: SearchIndex)] = []
    var translations: [TranslationFiles] = []
    /// The manifest's `signedAt`, for a signed bundle.
    var signedAt: String? = nil

    private var items: [Item] {
        var items: [Item] = [.welcome, .schema] + searchParts.indices.map(Item.search) + languages.map(Item.interface)
        if program.billOfRights != nil { items.append(.billOfRights) }
        // A chapter, then a quiz, in turn, so that two cores seldom make files in the same
        // folder at once. The manifest is sorted either way.
        items += Array(inTurnFrom: [program.chapters.indices.map(Item.chapter), program.quizzes.indices.map(Item.quiz)])
        items += program.decks.indices.map(Item.deck)
        items += program.media.indices.map(Item.media)
        for (language, files) in translations.enumerated() {
            let translation = files.translation
            var own: [TranslatedItem] = files.searchParts.indices.map(TranslatedItem.search)
            if translation.welcome != nil { own.append(.welcome) }
            if translation.billOfRights != nil { own.append(.billOfRights) }
            own += translation.chapters.indices.map(TranslatedItem.chapter) + translation.quizzes.indices.map(TranslatedItem.quiz)
            own += translation.decks.indices.map(TranslatedItem.deck)
            items += own.map { Item.translated(language: language, $0) }
        }
        return items
    }

    private func make(_ item: Item) throws -> (path: String, kind: Manifest.EntryKind, data: Data) {
        switch item {
        case .welcome: return ("welcome.json", .welcome, try JSONOutput.pretty(WelcomePage(program.welcome, pictures: pictures)))
        case .billOfRights: return ("bill-of-rights.json", .billOfRights, try JSONOutput.pretty(program.billOfRights!))
        case .chapter(let i):
            return ("chapters/\(program.chapters[i].id).json", .chapter, try JSONOutput.pretty(Chapter(program.chapters[i], pictures: pictures)))
        case .quiz(let i): return ("quizzes/\(program.quizzes[i].id).json", .quiz, try QuizJSON.pretty(program.quizzes[i]))
        case .deck(let i): return ("decks/\(program.decks[i].id).json", .deck, try JSONOutput.pretty(program.decks[i].withRichText(program.cardHTML)))
        case .search(let i): return (searchParts[i].path, .search, try JSONOutput.pretty(searchParts[i].index))
        case .schema: return (BundleSchema.path, .schema, BundleSchema.data)
        case .interface(let language):
            let catalogue = InterfaceCatalogue.forLanguage(language, adding: program.interfaceCatalogues[language])
            return (Self.interfacePath(language), .interface, try JSONOutput.pretty(InterfaceStrings(catalogue)))
        case .media:
            preconditionFailure("media files are copied, not made: see copyMedia")
        case .translated(let language, let item):
            let files = translations[language]
            let translation = files.translation
            let made: (path: String, data: Data)
            switch item {
            case .welcome: made = ("welcome.json", try JSONOutput.pretty(WelcomePage(translation.welcome!, pictures: pictures)))
            case .billOfRights: made = ("bill-of-rights.json", try JSONOutput.pretty(translation.billOfRights!))
            case .chapter(let i):
                let chapter = translation.chapters[i]
                made = ("chapters/\(chapter.id).json", try JSONOutput.pretty(Chapter(chapter, pictures: pictures)))
            case .quiz(let i): made = ("quizzes/\(translation.quizzes[i].id).json", try QuizJSON.pretty(translation.quizzes[i]))
            case .deck(let i):
                let deck = translation.decks[i]
                made = ("decks/\(deck.id).json", try JSONOutput.pretty(deck.withRichText(program.cardHTML)))
            case .search(let i): made = (files.searchParts[i].path, try JSONOutput.pretty(files.searchParts[i].index))
            }
            return (files.folder + made.path, .translation, made.data)
        }
    }

    /// The language of the file at `path`: the one its folder names, for a translated
    /// part or the interface's words; nil for a file in the default language.
    static func language(ofPath path: String) -> String? {
        if path.hasPrefix("interface/") { return language(ofInterfacePath: path) }
        guard path.hasPrefix("languages/") else { return nil }
        return path.split(separator: "/").dropFirst().first.map(String.init)
    }

    /// Copies a media file into the bundle and the site a piece at a time, hashing it on
    /// the way: a 1 GB video costs a megabyte of memory, not a gigabyte.
    private func copyMedia(_ media: MediaFile, to output: OutputFiles) throws -> Manifest.Entry {
        var hasher = SHA256()
        let size = try output.copy(from: media.sourcePath, to: [media.bundlePath]) {
            hasher.update(bufferPointer: $0)
        }
        return Manifest.Entry(
            path: media.bundlePath, kind: .media, size: size, sha256: FileDigest.hex(hasher.finalize()), width: media.width, height: media.height,
            mimeType: MediaType.of(media.bundlePath))
    }

    /// The program's languages, the default first.
    private var languages: [String] { [program.settings.language] + translations.map(\.translation.language) }

    /// Every part of the program in one other language, in the manifest's order of its
    /// own lists: the pages, the chapters in reading order, the quizzes, the decks.
    private func parts(of files: TranslationFiles) -> [TranslatedPartSummary] {
        let translation = files.translation
        func part(_ kind: Manifest.EntryKind, _ part: TranslatedPart, file: String?, title: String? = nil, summary: String? = nil)
            -> TranslatedPartSummary
        {
            TranslatedPartSummary(
                kind: kind, id: part.id, state: translation.state(of: part).rawValue, path: file.map { files.folder + $0 },
                title: file == nil ? nil : title, summary: file == nil ? nil : summary)
        }
        var parts = [part(.welcome, .welcome, file: translation.welcome == nil ? nil : "welcome.json")]
        if program.billOfRights != nil {
            parts.append(part(.billOfRights, .billOfRights, file: translation.billOfRights == nil ? nil : "bill-of-rights.json"))
        }
        for chapter in program.chapters {
            let translated = translation.chapter(chapter.id)
            parts.append(
                part(
                    .chapter, TranslatedPart(.chapter, chapter.id), file: translated.map { "chapters/\($0.id).json" }, title: translated?.title,
                    summary: translated?.summary))
        }
        for quiz in program.quizzes {
            parts.append(part(.quiz, TranslatedPart(.quiz, quiz.id), file: translation.quiz(quiz.id).map { "quizzes/\($0.id).json" }))
        }
        for deck in program.decks {
            let translated = translation.deck(deck.id)
            parts.append(part(.deck, TranslatedPart(.deck, deck.id), file: translated.map { "decks/\($0.id).json" }, title: translated?.title))
        }
        return parts
    }

    /// The manifest's `languages`: the default first, then each other one with how far
    /// each of its parts is translated.
    private var manifestLanguages: [ManifestLanguage] {
        [ManifestLanguage(language: program.settings.language, isDefault: true, interface: Self.interfacePath(program.settings.language))]
            + translations.map { files in
                ManifestLanguage(
                    language: files.translation.language, fallback: program.settings.language,
                    interface: Self.interfacePath(files.translation.language), parts: parts(of: files))
            }
    }

    static func interfacePath(_ language: String) -> String { "interface/\(language).json" }

    static func language(ofInterfacePath path: String) -> String {
        String(path.dropFirst("interface/".count).dropLast(".json".count))
    }

    /// Writes every file, then the manifest; returns the manifest and its bytes.
    func write(to output: OutputFiles) throws -> (Manifest, Data) {
        let items = items
        progress?.begin(.bundle, total: items.count)
        let written = try ParallelMap.throwing(items) { item -> Manifest.Entry in
            defer { progress?.advance() }
            if case .media(let i) = item { return try copyMedia(program.media[i], to: output) }
            let file = try make(item)
            try output.write(file.data, to: file.path)
            return Manifest.Entry(
                path: file.path, kind: file.kind, size: file.data.count, sha256: FileDigest.sha256(file.data),
                language: Self.language(ofPath: file.path))
        }
        // Listed and encoded on another core while the entries are sorted and the rest of
        // the manifest is encoded here (ManifestJSON.pretty).
        let languages = MadeBeside { [self] in ManifestJSON.LanguagesText(manifestLanguages) }
        // By UTF-8 bytes, not Swift's string order, so apps in any language can sort the
        // same way when they recompute the bundle hash.
        let entries = written.sortedByPlace { BundleFormat.precedes($0.path, $1.path) }
        let bundleHash = FileDigest.bundleHash(entries.map { ($0.path, $0.sha256) })
        var manifest = Manifest(
            program: program.settings,
            chapters: program.chapters.map { .init(id: $0.id, title: $0.title, summary: $0.summary, quiz: $0.quiz) },
            decks: program.decks.map { .init(id: $0.id, title: $0.title, cardCount: $0.cards.count) },
            quizzes: program.quizzes.map(\.id), hasBillOfRights: program.billOfRights != nil,
            entries: entries, bundleHash: bundleHash)
        manifest.generator = FolioVersion.generator
        manifest.signedAt = signedAt
        let data = ManifestJSON.published(&manifest, languages: languages)
        try output.write(data, to: BundleFormat.manifestFile)
        return (manifest, data)
    }
}

extension InterfaceStrings {
    /// The bundle's form of a catalogue: plural forms named by their CLDR category.
    init(_ catalogue: InterfaceCatalogue) {
        self.init(
            language: catalogue.language,
            messages: catalogue.messages.mapValues { message in
                switch message {
                case .text(let text): return .text(text)
                case .plural(let forms): return .plural(Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) }))
                }
            })
    }
}
