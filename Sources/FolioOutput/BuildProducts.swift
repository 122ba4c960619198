import FolioCore
import FolioModel
import FolioProgram
import Foundation

/// Something one renderer makes during a build for the renderers after it. A renderer
/// declares what it makes (``OutputRenderer/makes``) and what it uses
/// (``OutputRenderer/uses``); the driver orders renderers by it, and
/// ``BuildProducts`` refuses a product read or provided without being declared.
public struct BuildProduct: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public var description: String { name }

    /// The bundle's manifest as its renderer wrote it this build (``BundleManifests``).
    public static let bundleManifest = BuildProduct("the bundle's manifest")
    /// The bundle's files as its renderer staged them this build (``StagedFiles``).
    public static let bundleFiles = BuildProduct("the bundle's files")
    /// The entries of the search index an update changed (``SearchIndexChange``).
    public static let searchIndexChanges = BuildProduct("the search index's changed entries")
}

/// The manifest the bundle's renderer wrote, and on an update the one it replaced.
public struct BundleManifests: Sendable {
    public var written: Manifest
    public var replaced: Manifest?
    public init(written: Manifest, replaced: Manifest? = nil) {
        self.written = written
        self.replaced = replaced
    }
}

/// Reads the files another renderer staged this build, by their path in its folder.
public struct StagedFiles: Sendable {
    let files: OutputFiles
    public init(_ files: OutputFiles) { self.files = files }
    /// The staged file's bytes, or nil when it is not there.
    public func contents(_ path: String) -> Data? { files.stagedContents(path) }
    /// Where the staged file is, for a reader that streams it.
    public func url(_ path: String) -> URL { files.stagedURL(path) }
}

/// A chapter's entry of the search index before and after its text changed.
public struct SearchIndexChange: Sendable {
    public var before: SearchIndex.Entry
    public var after: SearchIndex.Entry
    /// The language of the index, when it is not the program's default language's.
    public var language: String?
    public init(before: SearchIndex.Entry, after: SearchIndex.Entry, language: String? = nil) {
        self.before = before
        self.after = after
        self.language = language
    }
}

/// What one build makes for its renderers, seen by one renderer: the values the driver
/// derives from the program once, for whichever renderer asks first (the search index,
/// picture sizes), and the products renderers make for each other, each read or
/// provided only as the renderer declared.
public struct BuildProducts: Sendable {
    /// What every renderer of one build shares.
    final class Store: @unchecked Sendable {
        // A lock rather than an actor: renderers are synchronous and ask rarely.
        let lock = NSLock()
        let program: CompiledProgram
        let shelf: (any TextShelf)?
        var searchIndex: SearchIndex?
        var pictureSizes: PictureSizes?
        var localized: [String: LocalizedProgram] = [:]
        var languageSearchIndexes: [String: SearchIndex] = [:]
        var made: [BuildProduct: any Sendable] = [:]
        init(program: CompiledProgram, shelf: (any TextShelf)?) {
            self.program = program
            self.shelf = shelf
        }
    }

    let store: Store
    let renderer: String
    let uses: Set<BuildProduct>
    let makes: Set<BuildProduct>

    init(store: Store, renderer: String, uses: Set<BuildProduct>, makes: Set<BuildProduct>) {
        self.store = store
        self.renderer = renderer
        self.uses = uses
        self.makes = makes
    }

    /// Products for a renderer run alone (a test, an app's own output): it uses and
    /// makes `uses` and `makes`, and nothing else provides them.
    public init(program: CompiledProgram, uses: Set<BuildProduct> = [], makes: Set<BuildProduct> = []) {
        self.init(store: Store(program: program, shelf: nil), renderer: "a renderer", uses: uses, makes: makes)
    }

    /// The program's search index, made once a build.
    public var searchIndex: SearchIndex {
        store.lock.lock()
        defer { store.lock.unlock() }
        if let made = store.searchIndex { return made }
        let made = SearchIndex(program: store.program, shelf: store.shelf)
        store.searchIndex = made
        return made
    }

    /// The program as the learners of `language` read it (``CompiledProgram/localized(to:)``),
    /// made once a build.
    public func localized(to language: String) -> LocalizedProgram {
        store.lock.lock()
        defer { store.lock.unlock() }
        return localizedLocked(language)
    }

    /// The search index of what the learners of `language` read, made once a build: the
    /// bundle publishes it and the site's pages in the language search it. The default
    /// language's is ``searchIndex``.
    public func searchIndex(in language: String) -> SearchIndex {
        guard language != store.program.settings.language else { return searchIndex }
        store.lock.lock()
        defer { store.lock.unlock() }
        if let made = store.languageSearchIndexes[language] { return made }
        let made = SearchIndex(program: localizedLocked(language).program)
        store.languageSearchIndexes[language] = made
        return made
    }

    private func localizedLocked(_ language: String) -> LocalizedProgram {
        if let made = store.localized[language] { return made }
        let made = store.program.localized(to: language)
        store.localized[language] = made
        return made
    }

    /// The sizes of the program's pictures, made once a build.
    public var pictureSizes: PictureSizes {
        store.lock.lock()
        defer { store.lock.unlock() }
        if let made = store.pictureSizes { return made }
        let made = store.program.pictureSizes()
        store.pictureSizes = made
        return made
    }

    /// The bundle's manifests, when the bundle's renderer ran before this one.
    public var bundleManifests: BundleManifests? { value(.bundleManifest) }
    /// The bundle's staged files, when the bundle's renderer ran before this one.
    public var bundleFiles: StagedFiles? { value(.bundleFiles) }
    /// The search index's entries the bundle's update changed.
    public var searchIndexChanges: [SearchIndexChange]? { value(.searchIndexChanges) }

    public func provide(_ manifests: BundleManifests) { provide(manifests, as: .bundleManifest) }
    public func provide(_ files: StagedFiles) { provide(files, as: .bundleFiles) }
    public func provide(_ changes: [SearchIndexChange]) { provide(changes, as: .searchIndexChanges) }

    func value<Value: Sendable>(_ product: BuildProduct) -> Value? {
        precondition(uses.contains(product), "\(renderer) reads \(product) but does not declare it in `uses`")
        store.lock.lock()
        defer { store.lock.unlock() }
        return store.made[product] as? Value
    }

    func provide<Value: Sendable>(_ value: Value, as product: BuildProduct) {
        precondition(makes.contains(product), "\(renderer) provides \(product) but does not declare it in `makes`")
        store.lock.lock()
        defer { store.lock.unlock() }
        store.made[product] = value
    }
}
