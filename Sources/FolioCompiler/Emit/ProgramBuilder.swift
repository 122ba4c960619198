import FolioCore
import FolioModel
import FolioSite
import Foundation

/// Emits a compiled program: the bundle and the site, written together into a staging
/// folder and swapped in as one.
public struct ProgramBuilder {
    public let program: CompiledProgram
    public init(program: CompiledProgram) { self.program = program }

    /// Writes `<output>/bundle` and `<output>/site`. Returns the bundle's manifest.
    @discardableResult
    public func write(to output: URL) throws -> Manifest {
        var manifest: Manifest?
        try OutputFolder(destination: output.standardizedFileURL).replace { writer in
            let written = try BundleWriter(program: program).write(to: writer)
            manifest = written
            PhaseTimer.shared.mark("bundle")
            let renderer = SiteRenderer(program: program, bundleHash: written.bundleHash)
            try ParallelMap.forEach(renderer.pages()) { page in
                let file = renderer.render(page)
                try writer.write(file.data, to: "site/" + file.path)
            }
            PhaseTimer.shared.mark("site")
        }
        PhaseTimer.shared.mark("swap")
        return manifest!
    }
}
