import FolioCore
import FolioModel
import FolioProgram
import FolioSystem
import Foundation

/// Builds a compiled program into an output folder: hands the program to each renderer
/// in turn, each writing its own folder of one staging folder, which then replaces the
/// output at once (``OutputFolder``). A failed or killed build leaves the previous
/// output as it was.
///
/// A build goes one of two ways, through the same renderers. The whole way
/// (``build(_:into:)``), every renderer writes all its files. After an edit
/// (``update(_:for:into:previousFiles:accepting:)``), the driver decides for each
/// renderer from what it declares: a renderer that reads none of the parts that changed,
/// and uses no product that changed, keeps its files as they are without being asked;
/// the others update theirs, or, when one cannot, write them all again.
public struct BuildDriver {
    /// The renderers, in the order they run: a renderer comes after those that make
    /// what it uses (``OutputRenderer/uses``), else in the order given.
    public private(set) var renderers: [any OutputRenderer]
    public var progress: (any BuildProgress)?
    /// Where the program's chapters keep their text, when not in memory: a text it could
    /// not give back fails the build before the output is replaced.
    public var shelf: ScratchShelf?
    /// The identities the replaced bundle published, for the renderers that keep
    /// learners' saved progress in place (``RenderContext/published``).
    public var published: PublishedIdentities?
    /// What the last build left alone next to the output, and why.
    public private(set) var notes: [String] = []
    /// What each renderer did in the last build, by its folder (or root file).
    public private(set) var ways: [String: RendererWay] = [:]

    /// What the driver had a renderer do.
    public enum RendererWay: String, Sendable, Equatable {
        /// Its files were kept as they were: the edit changed nothing it reads.
        case kept
        /// It updated its files for the edit.
        case updated
        /// It wrote all its files.
        case rendered
    }

    public init(renderers: [any OutputRenderer], progress: (any BuildProgress)? = nil) {
        self.renderers = Self.ordered(renderers)
        self.progress = progress
    }

    /// The options of every renderer, for the build's record.
    public var options: [String] {
        renderers.flatMap { renderer in renderer.options.map { "\(Self.name(of: renderer)):\($0)" } }
    }

    /// Writes every renderer's output for `program` into `output`; returns what each made.
    @discardableResult
    public mutating func build(_ program: CompiledProgram, into output: URL) throws -> [RenderSummary] {
        try run(program, change: nil, into: output, previousFiles: [], accepting: { _ in true })!.summaries
    }

    /// What an update wrote.
    public struct Update {
        /// What each renderer made, in their order.
        public var summaries: [RenderSummary]
        /// The files (from the output's root) whose status changed: every other file has
        /// the status it had before.
        public var changedFiles: Set<String>
    }

    /// Replaces `output`, which the last build wrote and whose files are `previousFiles`
    /// (from its root), with the output for `program` after `change`, in the same staging
    /// folder a whole build uses, so the update is as atomic as one. `accepting` is asked,
    /// once every renderer has written, whether to replace the output. Returns nil,
    /// having left the output as it was, when `accepting` says no, or when a renderer
    /// cannot update itself for a change whose program is only an outline: the caller
    /// then builds the whole way.
    public mutating func update(
        _ program: CompiledProgram, for change: ProgramChange, into output: URL, previousFiles: [String],
        accepting: (BuildProducts) -> Bool = { _ in true }
    ) throws -> Update? {
        try run(program, change: change, into: output, previousFiles: previousFiles, accepting: accepting)
    }

    private mutating func run(
        _ program: CompiledProgram, change: ProgramChange?, into output: URL, previousFiles: [String], accepting: (BuildProducts) -> Bool
    ) throws -> Update? {
        var folder = OutputFolder(destination: output.standardizedFileURL)
        defer { notes = folder.notes }
        var summaries: [RenderSummary] = []
        var ways: [String: RendererWay] = [:]
        let renderers = self.renderers
        let progress = self.progress
        let previous = FileManager.default.fileExists(atPath: output.path) ? output.standardizedFileURL : nil
        let store = BuildProducts.Store(program: program, shelf: shelf)
        let shelf = self.shelf
        let published = self.published
        let affected = change.map { Self.affected(renderers, by: $0) } ?? renderers.map { _ in true }
        do {
            try folder.replace { files in
                // Renderers that write beside the later ones, by their place among the renderers,
                // with the files they own of the output being replaced, when updating it, and
                // where and how they write, to write them whole should an update decline.
                var beside: [(place: Int, owned: [String], view: OutputFiles, context: RenderContext, run: BesideRun)] = []
                // However this ends, they are waited for: nothing writes into the staging folder
                // once it is swapped in or kept as the spare.
                defer { for entry in beside { entry.run.wait() } }
                for (place, renderer) in renderers.enumerated() {
                    let name = Self.name(of: renderer)
                    let view = renderer.folder.isEmpty ? files : files.within(renderer.folder)
                    let context = RenderContext(
                        progress: progress, previousOutput: previous, previousIsRecorded: change != nil, published: published,
                        products: BuildProducts(store: store, renderer: name, uses: renderer.uses, makes: renderer.makes))
                    guard let change else {
                        if renderer.writesBesideLaterRenderers {
                            beside.append((place, [], view, context, BesideRun { try renderer.render(program, into: view, context: context) }))
                        } else {
                            summaries.append(try renderer.render(program, into: view, context: context))
                            PhaseTimer.shared.mark(name)
                        }
                        ways[name] = .rendered
                        continue
                    }
                    let owned = renderer.ownFiles(of: previousFiles)
                    files.keep(owned)
                    guard affected[place] else {
                        summaries.append(RenderSummary(folder: name))
                        ways[name] = .kept
                        continue
                    }
                    if renderer.writesBesideLaterRenderers {
                        // Updated beside the later ones; one that declines is written again
                        // (or the edit declined) once they are done.
                        beside.append(
                            (
                                place, owned, view, context,
                                BesideRun {
                                    guard let summary = try renderer.update(program, for: change, into: view, context: context) else { throw UpdateDeclined() }
                                    return summary
                                }
                            ))
                        ways[name] = .updated
                        continue
                    }
                    if let summary = try renderer.update(program, for: change, into: view, context: context) {
                        summaries.append(summary)
                        ways[name] = .updated
                    } else if change.isOutline {
                        throw EditDeclined()
                    } else {
                        files.forget(owned)
                        summaries.append(try renderer.render(program, into: view, context: context))
                        ways[name] = .rendered
                    }
                    PhaseTimer.shared.mark(name)
                }
                for (place, owned, view, context, run) in beside {
                    let renderer = renderers[place]
                    do {
                        summaries.insert(try run.summary(), at: place)
                    } catch is UpdateDeclined {
                        guard let change, !change.isOutline else { throw EditDeclined() }
                        files.forget(owned)
                        summaries.insert(try renderer.render(program, into: view, context: context), at: place)
                        ways[Self.name(of: renderer)] = .rendered
                    }
                    // The time it went on after the others.
                    PhaseTimer.shared.mark(Self.name(of: renderer))
                }
                try shelf?.checkEveryTextWasRead()
                guard accepting(BuildProducts(store: store, renderer: "the build", uses: Set(renderers.flatMap(\.makes)), makes: [])) else {
                    throw EditDeclined()
                }
            }
        } catch is EditDeclined {
            return nil
        }
        self.ways = ways
        PhaseTimer.shared.mark("swap")
        return Update(summaries: summaries, changedFiles: folder.created.union(folder.linked))
    }

    /// Which renderers `change` reaches: those reading a part that changed, those using a
    /// product a reached renderer makes, and the makers of what a reached renderer uses
    /// (which it reads again this build).
    static func affected(_ renderers: [any OutputRenderer], by change: ProgramChange) -> [Bool] {
        var affected = renderers.map { !$0.reads.isDisjoint(with: change.parts) }
        var grew = true
        while grew {
            grew = false
            let madeAgain = Set(zip(renderers, affected).filter(\.1).flatMap(\.0.makes))
            let usedAgain = Set(zip(renderers, affected).filter(\.1).flatMap(\.0.uses))
            for (place, renderer) in renderers.enumerated() where !affected[place] {
                if !renderer.uses.isDisjoint(with: madeAgain) || !renderer.makes.isDisjoint(with: usedAgain) {
                    affected[place] = true
                    grew = true
                }
            }
        }
        return affected
    }

    /// `renderers`, each after the renderers that make what it uses, else in the order
    /// given. A product no renderer of the list makes is simply absent.
    static func ordered(_ renderers: [any OutputRenderer]) -> [any OutputRenderer] {
        var waiting = renderers
        var ordered: [any OutputRenderer] = []
        while !waiting.isEmpty {
            let madeLater = { (place: Int) in Set(waiting.enumerated().filter { $0.offset != place }.flatMap(\.element.makes)) }
            let next = waiting.indices.first { waiting[$0].uses.isDisjoint(with: madeLater($0)) }
            precondition(next != nil, "renderers that use what each other makes cannot be ordered")
            ordered.append(waiting.remove(at: next!))
        }
        return ordered
    }

    /// The name of a renderer's phase (`--timings`) and of its way: its folder, or the
    /// file it writes at the root.
    static func name(of renderer: any OutputRenderer) -> String {
        renderer.folder.isEmpty ? renderer.rootFiles.joined(separator: ",") : renderer.folder
    }

    /// Thrown through ``OutputFolder/replace(with:)`` to leave the output as it was.
    struct EditDeclined: Error {}

    /// Thrown by a renderer updated beside the later ones that could not update itself.
    struct UpdateDeclined: Error {}
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
