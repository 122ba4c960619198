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
        try OutputFolder(destination: output.standardizedFileURL).replace { staging in
            let bundle = FileWriter(root: staging.appendingPathComponent("bundle"))
            let site = FileWriter(root: staging.appendingPathComponent("site"))
            // Media go to both: the site must open from disk without the bundle.
            let written = try BundleWriter(program: program).write(to: bundle, mediaAlsoTo: site)
            manifest = written
            let renderer = SiteRenderer(program: program, bundleHash: written.bundleHash)
            try ParallelMap.forEach(renderer.pages()) { page in
                let file = renderer.render(page)
                try site.write(file.data, to: file.path)
            }
        }
        return manifest!
    }
}
