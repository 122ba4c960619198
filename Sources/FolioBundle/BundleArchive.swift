import FolioClient
import FolioCore
import FolioModel
import FolioOutput
import Foundation

/// Writes `bundle.zip` beside `bundle/`: the whole bundle in one file, for an app's
/// first download or to ship inside the app; later versions come as delta updates
/// (docs/bundle.md). Runs after ``BundleRenderer`` and reads the files it staged.
///
/// Members come in the manifest's order, then the manifest and its signature; JSON is
/// deflated (zlib level 6), media stored as they are. The archive is deterministic:
/// every date is 1980-01-01 00:00, so the same bundle gives the same bytes.
public struct BundleArchiveRenderer: OutputRenderer {
    public static let name = "bundle.zip"
    /// The whole output: the archive sits beside the bundle's folder, not in it.
    public let folder = ""

    /// Members prepared at once, on every core: bounds the memory of deflated bytes
    /// waiting to be written.
    static let batch = 256

    public init() {}

    public func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
        let bundle = files.within("bundle")
        let manifestData = try Data(contentsOf: bundle.stagedURL(BundleFormat.manifestFile))
        let manifest = try BundleFormat.manifest(from: manifestData)
        var paths = manifest.entries.map(\.path) + [BundleFormat.manifestFile]
        if FileManager.default.fileExists(atPath: bundle.stagedURL(BundleFormat.signatureFile).path) { paths.append(BundleFormat.signatureFile) }
        try files.create(Self.name) { url in
            var zip = try ZipWriter(creating: url)
            for start in stride(from: 0, to: paths.count, by: Self.batch) {
                let members = try ParallelMap.throwing(Array(paths[start..<min(start + Self.batch, paths.count)])) { path in
                    let source = bundle.stagedURL(path)
                    if path.hasPrefix("media/") { return try ZipWriter.storedMember(path, file: source) }
                    guard let data = FileManager.default.contents(atPath: source.path) else { throw ToolFailure("cannot read `\(source.path)`") }
                    return ZipWriter.member(path, data: data)
                }
                for member in members { try zip.add(member) }
            }
            try zip.finish()
        }
        return RenderSummary(folder: Self.name, fingerprint: manifest.bundleHash)
    }
}
