import FolioCore
import FolioModel
import FolioProgram
import Foundation

/// One output of a build, such as the bundle for apps or the learner's site: it turns a
/// compiled program into the files of its own folder of the output.
///
/// Adding an output format means adding a renderer; the compiler does not change, and
/// the ``BuildDriver`` writes every renderer's files into one staging folder that
/// replaces the output at once.
public protocol OutputRenderer: Sendable {
    /// The folder of the output it writes (`bundle`, `site`).
    var folder: String { get }
    /// Writes its files through `files`, a view of its folder. `context` tells what the
    /// renderers before it made.
    func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary
    /// Whether it writes on a thread of its own while the renderers after it write theirs
    /// (they do not see its summary). For a renderer that only reads what earlier ones
    /// wrote, such as the bundle's archive: its last batches, written on one core, and
    /// the site's, on both, fill each other's idle moments.
    var writesBesideLaterRenderers: Bool { get }
}

extension OutputRenderer {
    public var writesBesideLaterRenderers: Bool { false }
}

/// What a renderer made, for the renderers after it and for the person building.
public struct RenderSummary: Sendable, Equatable {
    /// The renderer's folder.
    public var folder: String
    /// A hash that changes whenever what it wrote changes (the bundle's `bundleHash`).
    public var fingerprint: String?

    public init(folder: String, fingerprint: String? = nil) {
        self.folder = folder
        self.fingerprint = fingerprint
    }
}

/// What a renderer is told besides the program.
public struct RenderContext: Sendable {
    /// What the renderers before this one made, in order.
    public var earlier: [RenderSummary]
    /// Told how far the writing has got (the progress line of `folio build`).
    public var progress: (any BuildProgress)?
    /// The output this build replaces, untouched until the build is swapped in; nil on a
    /// first build. A renderer may copy from it what has not changed, as long as what it
    /// writes is the same as a build from scratch.
    public var previousOutput: URL?
    /// Values every renderer of one build derives from the program (the search index,
    /// picture sizes), made once by whichever renderer asks first.
    public var derived: DerivedValues
    /// Where the program's text waits out of memory, if anywhere: a renderer may put
    /// there what it derives and holds while it writes (the search index's words).
    package var shelf: (any TextShelf)?

    package init(
        earlier: [RenderSummary] = [], progress: (any BuildProgress)? = nil, previousOutput: URL? = nil, derived: DerivedValues = DerivedValues(),
        shelf: (any TextShelf)? = nil
    ) {
        self.earlier = earlier
        self.progress = progress
        self.previousOutput = previousOutput
        self.derived = derived
        self.shelf = shelf
    }

    /// The summary of the earlier renderer that wrote `folder`.
    public func summary(of folder: String) -> RenderSummary? { earlier.first { $0.folder == folder } }
}

/// Values derived from the compiled program that more than one renderer needs, made
/// once a build: folding the search index's words is a tenth of a build, and the bundle
/// and the site both need it. Also what a renderer made and keeps for those after it (the
/// bundle's manifest, for its archive). Keyed by the value's type.
public final class DerivedValues: @unchecked Sendable {
    // A lock rather than an actor: renderers are synchronous and ask rarely.
    private let lock = NSLock()
    private var values: [ObjectIdentifier: any Sendable] = [:]

    public init() {}

    /// The value of type `T`, made by `make` the first time it is asked for.
    public func value<T: Sendable>(_ type: T.Type = T.self, make: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        if let value = values[ObjectIdentifier(type)] as? T { return value }
        let value = make()
        values[ObjectIdentifier(type)] = value
        return value
    }

    /// Keeps `value`, made by a renderer, for the renderers after it: the bundle's
    /// manifest, which its archive lists.
    public func keep<T: Sendable>(_ value: T) {
        lock.lock()
        defer { lock.unlock() }
        values[ObjectIdentifier(T.self)] = value
    }

    /// The value of type `T` made or kept so far this build, if any.
    public func existing<T: Sendable>(_ type: T.Type = T.self) -> T? {
        lock.lock()
        defer { lock.unlock() }
        return values[ObjectIdentifier(type)] as? T
    }
}
