import FolioCore
import FolioModel
import FolioSite
import Foundation

/// Emits a compiled program: the bundle and the site, written together into a staging
/// folder and swapped in as one.
public struct ProgramBuilder {
    public let program: CompiledProgram
    /// Told how far the writing has got (the progress line of `folio build`).
    public let progress: (any BuildProgress)?

    public init(program: CompiledProgram, progress: (any BuildProgress)? = nil) {
        self.program = program
        self.progress = progress
    }

    /// What the last ``write(to:)`` left alone next to the output, and why.
    public private(set) var notes: [String] = []

    /// Writes `<output>/bundle` and `<output>/site`. Returns the bundle's manifest.
    @discardableResult
    public mutating func write(to output: URL) throws -> Manifest {
        var manifest: Manifest?
        var folder = OutputFolder(destination: output.standardizedFileURL)
        defer { notes = folder.notes }
        try folder.replace { writer in
            let written = try BundleWriter(program: program, progress: progress).write(to: writer)
            manifest = written
            PhaseTimer.shared.mark("bundle")
            let renderer = SiteRenderer(program: program, bundleHash: written.bundleHash)
            let pages = renderer.pages()
            progress?.begin(.site, total: pages.count)
            try ParallelMap.forEach(pages) { page in
                defer { progress?.advance() }
                let file = renderer.render(page)
                try writer.write(file.data, to: "site/" + file.path)
            }
            PhaseTimer.shared.mark("site")
        }
        PhaseTimer.shared.mark("swap")
        return manifest!
    }
}
