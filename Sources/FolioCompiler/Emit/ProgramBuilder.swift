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
            let bundle = try BundleWriter(program: program).files()
            manifest = bundle.manifest
            try Self.writeFiles(bundle.files, under: staging.appendingPathComponent("bundle"))
            let site = SiteRenderer(program: program, bundleHash: bundle.manifest.bundleHash).files()
            try Self.writeFiles(site, under: staging.appendingPathComponent("site"))
            let media = bundle.files.filter { $0.path.hasPrefix("media/") }
            try Self.writeFiles(media, under: staging.appendingPathComponent("site"))
        }
        return manifest!
    }

    static func writeFiles(_ files: [(path: String, data: Data)], under root: URL) throws {
        let fm = FileManager.default
        var made = Set<String>()
        for file in files {
            let url = root.appendingPathComponent(file.path)
            let folder = url.deletingLastPathComponent().path
            if !made.contains(folder) {
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
                made.insert(folder)
            }
            guard fm.createFile(atPath: url.path, contents: file.data) else {
                throw ToolFailure("cannot write `\(url.path)`")
            }
        }
    }
}
