import FolioClient
import FolioCore
import FolioModel
import FolioOutput
import Foundation
import ZIPFoundation

/// Writes `bundle.zip` beside `bundle/`: the whole bundle in one file, for an app's
/// first download or to ship inside the app; later versions come as delta updates
/// (docs/bundle.md). Runs after ``BundleRenderer`` and reads the files it staged.
///
/// The archive is deterministic: entries in the manifest's order, then the manifest
/// and its signature, each dated 1980-01-01 00:00 (the first date ZIP can hold), so
/// that the same bundle always gives the same bytes.
public struct BundleArchiveRenderer: OutputRenderer {
    public static let name = "bundle.zip"
    /// The whole output: the archive sits beside the bundle's folder, not in it.
    public let folder = ""

    public init() {}

    public func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
        let bundle = files.within("bundle")
        let manifestData = try Data(contentsOf: bundle.stagedURL(BundleFormat.manifestFile))
        let manifest = try BundleFormat.manifest(from: manifestData)
        var paths = manifest.entries.map(\.path) + [BundleFormat.manifestFile]
        if FileManager.default.fileExists(atPath: bundle.stagedURL(BundleFormat.signatureFile).path) { paths.append(BundleFormat.signatureFile) }
        try files.create(Self.name) { url in
            let archive: Archive
            do { archive = try Archive(url: url, accessMode: .create) } catch { throw ToolFailure("cannot create `\(Self.name)`: \(error)") }
            let date = Self.fixedDate
            for path in paths {
                let source = bundle.stagedURL(path)
                let size = Int64((try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? NSNumber)?.int64Value ?? 0)
                let handle = try FileHandle(forReadingFrom: source)
                defer { try? handle.close() }
                // Pictures and videos are compressed already: deflating them again costs
                // time for nothing.
                let method: CompressionMethod = path.hasPrefix("media/") ? .none : .deflate
                try archive.addEntry(
                    with: path, type: .file, uncompressedSize: size, modificationDate: date, permissions: 0o644, compressionMethod: method
                ) { position, count in
                    try handle.seek(toOffset: UInt64(position))
                    return try handle.read(upToCount: count) ?? Data()
                }
            }
        }
        return RenderSummary(folder: Self.name, fingerprint: manifest.bundleHash)
    }

    /// 1980-01-01 00:00 in the time zone ZIPFoundation converts with (the process's), so
    /// that the date fields hold the same bytes wherever the build runs.
    static var fixedDate: Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .current
        return calendar.date(from: DateComponents(year: 1980, month: 1, day: 1, hour: 0, minute: 0, second: 0))!
    }
}
