import FolioCore
import FolioModel
import FolioProgram
import FolioSystem
import Foundation

/// Builds a compiled program into an output folder: hands the program to each renderer
/// in turn, each writing its own folder of one staging folder, which then replaces the
/// output at once (``OutputFolder``). A failed or killed build leaves the previous
/// output as it was.
public struct BuildDriver {
    public var renderers: [any OutputRenderer]
    public var progress: (any BuildProgress)?
    /// Where the program's chapters keep their text, when not in memory: a text it could
    /// not give back fails the build before the output is replaced.
    public var shelf: ScratchShelf?
    /// What the last build left alone next to the output, and why.
    public private(set) var notes: [String] = []

    public init(renderers: [any OutputRenderer], progress: (any BuildProgress)? = nil) {
        self.renderers = renderers
        self.progress = progress
    }

    /// Writes every renderer's output for `program` into `output`; returns what each made.
    @discardableResult
    public mutating func build(_ program: CompiledProgram, into output: URL) throws -> [RenderSummary] {
        var folder = OutputFolder(destination: output.standardizedFileURL)
        defer { notes = folder.notes }
        var summaries: [RenderSummary] = []
        let renderers = self.renderers
        let progress = self.progress
        let previous = FileManager.default.fileExists(atPath: output.path) ? output.standardizedFileURL : nil
        let derived = DerivedValues()
        let shelf = self.shelf
        try folder.replace { files in
            // Renderers that write beside the later ones, by their place among the renderers.
            var beside: [(place: Int, run: BesideRun)] = []
            // However this ends, they are waited for: nothing writes into the staging folder
            // once it is swapped in or kept as the spare.
            defer { for (_, run) in beside { run.wait() } }
            for (place, renderer) in renderers.enumerated() {
                let context = RenderContext(
                    earlier: summaries, progress: progress, previousOutput: previous, derived: derived, shelf: shelf)
                if renderer.writesBesideLaterRenderers {
                    beside.append((place, BesideRun { try renderer.render(program, into: files.within(renderer.folder), context: context) }))
                } else {
                    let summary = try renderer.render(program, into: files.within(renderer.folder), context: context)
                    summaries.append(summary)
                    PhaseTimer.shared.mark(Self.phase(renderer, summary))
                }
            }
            for (place, run) in beside {
                let summary = try run.summary()
                summaries.insert(summary, at: place)
                // The time it went on after the others.
                PhaseTimer.shared.mark(Self.phase(renderers[place], summary))
            }
            try shelf?.checkEveryTextWasRead()
        }
        PhaseTimer.shared.mark("swap")
        return summaries
    }

    /// Replaces `output` with itself but for the files `write` writes again: the files
    /// at `keeping` (every file of the output, from its root) are kept as they are, in
    /// the same staging folder a whole build uses, so the edit is as atomic as one.
    /// When `write` returns false, nothing is replaced and the result is nil: the caller
    /// then builds the whole way. Else the result is the files (from the output's root)
    /// whose status changed: every other file has the status it had before.
    public mutating func edit(_ output: URL, keeping: [String], _ write: (OutputFiles) throws -> Bool) throws -> Set<String>? {
        var folder = OutputFolder(destination: output.standardizedFileURL)
        defer { notes = folder.notes }
        do {
            try folder.replace { files in
                files.keep(keeping)
                guard try write(files) else { throw EditDeclined() }
            }
        } catch is EditDeclined {
            return nil
        }
        PhaseTimer.shared.mark("swap")
        return folder.created.union(folder.linked)
    }

    /// The name of a renderer's phase (`--timings`): its folder, or its summary's for one
    /// that writes beside the folders (the archive).
    static func phase(_ renderer: any OutputRenderer, _ summary: RenderSummary) -> String {
        renderer.folder.isEmpty ? summary.folder : renderer.folder
    }

    /// Thrown through ``OutputFolder/replace(with:)`` to leave the output as it was.
    struct EditDeclined: Error {}
}

/// A renderer writing on a thread of its own while the driver goes on with the next ones
/// (``OutputRenderer/writesBesideLaterRenderers``).
final class BesideRun: @unchecked Sendable {
    private let finished = DispatchGroup()
    // Written by the thread before it leaves `finished`, read only after waiting for it.
    private var outcome: Result<RenderSummary, any Error> = .failure(ToolFailure("an output was not written"))

    init(_ render: @escaping @Sendable () throws -> RenderSummary) {
        finished.enter()
        let thread = Thread { [self] in
            outcome = Result { try render() }
            finished.leave()
        }
        // The main thread's stack, for renderers written for it.
        thread.stackSize = 8 << 20
        thread.start()
    }

    func wait() { finished.wait() }

    /// What the renderer made, once it has finished; what it threw, if it failed.
    func summary() throws -> RenderSummary {
        wait()
        return try outcome.get()
    }
}
