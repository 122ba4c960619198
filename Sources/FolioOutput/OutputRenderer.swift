import FolioCore
import FolioModel
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

    public init(earlier: [RenderSummary] = [], progress: (any BuildProgress)? = nil, previousOutput: URL? = nil) {
        self.earlier = earlier
        self.progress = progress
        self.previousOutput = previousOutput
    }

    /// The summary of the earlier renderer that wrote `folder`.
    public func summary(of folder: String) -> RenderSummary? { earlier.first { $0.folder == folder } }
}
