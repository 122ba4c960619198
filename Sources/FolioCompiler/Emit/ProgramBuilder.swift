import FolioModel
import FolioSite
import Foundation
#if canImport(Glibc)
import Glibc
#endif

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
            // A plain write: the whole folder is swapped in atomically, so each file
            // need not be (Foundation's `createFile` writes a temporary and renames).
            let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw ToolFailure("cannot write `\(url.path)`: \(String(cString: strerror(errno)))") }
            defer { close(descriptor) }
            let written = file.data.withUnsafeBytes { buffer -> Int in
                var offset = 0
                while offset < buffer.count {
                    let n = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if n <= 0 { return -1 }
                    offset += n
                }
                return offset
            }
            guard written == file.data.count else { throw ToolFailure("cannot write `\(url.path)`: \(String(cString: strerror(errno)))") }
        }
    }
}
