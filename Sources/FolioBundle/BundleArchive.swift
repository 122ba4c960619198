import FolioClient
import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import Foundation

/// Writes `bundle.zip` beside `bundle/`: the whole bundle in one file, for an app's
/// first download or to ship inside the app; later versions come as delta updates
/// (docs/bundle.md). Runs after ``BundleRenderer`` and reads the files it staged.
///
/// Members come in the manifest's order, then the manifest and its signature; JSON is
/// deflated (libdeflate level 1, see ``ZipWriter/level``), media stored as they are. The archive is deterministic:
/// every date is 1980-01-01 00:00, so the same bundle gives the same bytes. A file whose
/// SHA-256 is the one the replaced output's manifest lists is copied, deflated, from the
/// replaced output's archive, when that archive was written the same way (its comment
/// names the compressor and the level) and the member inflates to its size and CRC: the same
/// bytes a fresh deflate would give.
public struct BundleArchiveRenderer: OutputRenderer {
    public static let name = "bundle.zip"
    /// The archive sits beside the bundle's folder, not in it.
    public let folder = ""
    public var rootFiles: [String] { [Self.name] }
    /// It is made from the bundle's files alone.
    public var reads: ProgramParts { [] }
    public var uses: Set<BuildProduct> { [.bundleManifest, .bundleFiles] }
    /// Nothing after it reads the archive: it is written while the site is.
    public var writesBesideLaterRenderers: Bool { true }

    /// Members prepared at once, on every core, at most: bounds the memory of deflated
    /// bytes waiting to be written.
    static let batch = 256
    /// Bytes of members (before deflating) prepared at once, at most, unless one member
    /// alone is more: the search index's parts come one after another and are large,
    /// and a batch of them held much of the build's peak of memory (docs/development.md).
    static let batchBytes = 4 << 20

    public init() {}

    /// After an edit, the archive is written again the same way: every member whose
    /// bytes did not change is copied from the replaced archive, which the build record
    /// vouches for, without inflating it.
    public func update(_ program: CompiledProgram, for change: ProgramChange, into files: OutputFiles, context: RenderContext) throws
        -> RenderSummary?
    {
        try render(program, into: files, context: context)
    }

    public func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
        // Whether the replaced output is known to be the one the last build wrote (every
        // file's size, time and inode as its build record says): its archive's members are
        // then copied without inflating each or reading its header to check it, as every
        // other file of such an output is kept without reading it.
        let previousIsRecorded = context.previousIsRecorded
        guard let bundle = context.products.bundleFiles, let manifests = context.products.bundleManifests else {
            throw ToolFailure("the bundle's archive is written after the bundle, which this build did not write")
        }
        let manifest = manifests.written
        var paths = manifest.entries.map { (path: $0.path, size: $0.size) } + [(BundleFormat.manifestFile, 0)]
        if FileManager.default.fileExists(atPath: bundle.url(BundleFormat.signatureFile).path) { paths.append((BundleFormat.signatureFile, 0)) }
        let earlier = context.previousOutput.flatMap { Self.reusable(in: $0, for: manifest, previous: manifests.replaced) } ?? [:]
        try files.create(Self.name) { url in
            // Each batch is written on a queue of its own while the next one is deflated
            // on every core; one batch is written at a time, so two are held at most.
            let archive = Archive(try ZipWriter(creating: url, trustingEarlierHeaders: previousIsRecorded))
            let writer = DispatchQueue(label: "bundle.zip")
            // However this ends, a batch being written is waited for: nothing writes to
            // the archive once the renderer has returned or thrown.
            defer { writer.sync {} }
            for batch in Self.batches(of: paths) {
                let members = try ParallelMap.throwing(batch) { path in
                    if let member = earlier[path], previousIsRecorded || member.isIntact() {
                        return ZipWriter.Member(name: path, crc: member.crc, size: member.size, earlier: member)
                    }
                    if path.hasPrefix("media/") { return try ZipWriter.storedMember(path, file: bundle.url(path)) }
                    guard let data = bundle.contents(path) else { throw ToolFailure("cannot read `\(bundle.url(path).path)`") }
                    return ZipWriter.member(path, data: data)
                }
                try writer.sync { try archive.failure.map { throw $0 } }
                writer.async { archive.add(members) }
            }
            try writer.sync {
                try archive.failure.map { throw $0 }
                try archive.zip.finish()
            }
        }
        return RenderSummary(folder: Self.name, fingerprint: manifest.bundleHash)
    }

    /// The archive being written, touched only on its writing queue.
    private final class Archive: @unchecked Sendable {
        var zip: ZipWriter
        /// The first error writing met; the members after it are not written.
        var failure: (any Error)?

        init(_ zip: ZipWriter) { self.zip = zip }

        func add(_ members: [ZipWriter.Member]) {
            guard failure == nil else { return }
            do { for member in members { try zip.add(member) } } catch { failure = error }
        }
    }

    /// The paths of members to prepare at once, in order: at most ``batch`` of them, and
    /// at most ``batchBytes`` of their sizes unless a batch holds one member.
    static func batches(of members: [(path: String, size: Int)]) -> [[String]] {
        var batches: [[String]] = []
        var current: [String] = []
        var bytes = 0
        for member in members {
            if !current.isEmpty, current.count == batch || bytes + member.size > batchBytes {
                batches.append(current)
                (current, bytes) = ([], 0)
            }
            current.append(member.path)
            bytes += member.size
        }
        if !current.isEmpty { batches.append(current) }
        return batches
    }

    /// The members of the replaced output's archive whose files are unchanged, by path:
    /// the same SHA-256 in both manifests, and the same size in the archive.
    static func reusable(in previous: URL, for manifest: Manifest, previous known: Manifest? = nil) -> [String: ZipDirectory.Member]? {
        guard
            let old = known
                ?? FileManager.default.contents(atPath: previous.appendingPathComponent("bundle/\(BundleFormat.manifestFile)").path).flatMap({
                    try? BundleFormat.manifest(from: $0)
                }), let directory = ZipDirectory(previous.appendingPathComponent(name))
        else { return nil }
        let oldDigests = Dictionary(old.entries.map { ($0.path, $0.sha256) }, uniquingKeysWith: { first, _ in first })
        var reusable: [String: ZipDirectory.Member] = [:]
        for entry in manifest.entries where oldDigests[entry.path] == entry.sha256 {
            if let member = directory.members[entry.path], member.size == UInt64(entry.size) { reusable[entry.path] = member }
        }
        return reusable
    }
}
