import FolioCore
import FolioSystem
import Foundation

/// What the walk over a content folder found.
public struct ContentListing: Sendable {
    /// Deepest folder read inside the content folder. Real programs use two levels
    /// (`media/photos/`); the bound keeps a folder that contains itself through some
    /// mount, or a runaway copy, from being walked forever.
    public static let maxFolderDepth = 8

    /// Relative paths of every regular file, sorted so that runs are deterministic.
    public var files: [String] = []
    /// Symbolic links, which are not followed.
    public var links: [String] = []
    /// Folders past the depth limit that hold something, which is not read, each with
    /// the path of the first thing in it.
    public var tooDeep: [(folder: String, first: String)] = []

    public init() {}

    /// Whether a file is one an author did not mean as content: hidden files, editor
    /// backups and swap files.
    static func isIgnored(_ name: String) -> Bool { ContentID.isIgnoredFileName(name) }
}

/// Where the files of a program come from: a folder on disk, or files in memory.
public protocol ContentSource: Sendable {
    /// Every file, and what was left out. Throws ``ToolFailure`` when there is nothing to read.
    func list() throws -> ContentListing
    /// The bytes of a file, by its path in the content folder; nil when it cannot be read.
    func read(_ path: String) -> Data?
    /// The bytes of a file when it holds at most `limit`, else its size alone, so that a
    /// stray file of gigabytes is refused without being read; nil when it cannot be read.
    func read(_ path: String, atMost limit: Int) -> SystemCalls.BoundedContents?
    /// Where a file is on disk, when it is: for copying media and noticing changes.
    func absolutePath(_ path: String) -> String?
}

/// A content folder on disk.
public struct ContentFolderSource: ContentSource {
    public let root: URL
    /// `root`'s path ending in `/`, joined to content paths as text: joining them with `URL`
    /// showed in a rebuild in `folio serve` (docs/development.md, "Measured choices").
    private let rootPrefix: String

    public init(root: URL) {
        self.root = root
        let path = root.path
        rootPrefix = path.hasSuffix("/") ? path : path + "/"
    }

    public func absolutePath(_ path: String) -> String? { rootPrefix + path }

    public func read(_ path: String) -> Data? { SystemCalls.contents(ofFile: rootPrefix + path) }

    public func read(_ path: String, atMost limit: Int) -> SystemCalls.BoundedContents? {
        SystemCalls.contents(ofFile: rootPrefix + path, atMost: limit)
    }

    public func list() throws -> ContentListing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ToolFailure("the content folder `\(root.path)` does not exist (run the command inside the folder that holds it, or give its path)")
        }
        var listing = ContentListing()
        func walk(_ relative: String, depth: Int) throws {
            let path = relative.isEmpty ? root.path : root.path + "/" + relative
            guard let all = SystemCalls.entries(of: path) else {
                throw ToolFailure("cannot read the folder `\(path)`: \(String(cString: strerror(errno)))")
            }
            let entries = all.filter { !ContentListing.isIgnored($0.name) }
            if depth > ContentListing.maxFolderDepth {
                if let first = entries.map(\.name).min() { listing.tooDeep.append((relative, relative + "/" + first)) }
                return
            }
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
                // Links are not followed: a link could point outside the content folder.
                switch entry.kind {
                case .folder: try walk(child, depth: depth + 1)
                case .file: listing.files.append(child)
                case .link: listing.links.append(child)
                case .other: break
                }
            }
        }
        try walk("", depth: 0)
        return listing
    }

}

/// The files of a program held in memory, by their paths in the content folder: for
/// checking content that is not on disk (an app, a test, a fuzzer).
public struct ContentInMemory: ContentSource {
    public var files: [String: Data]
    public init(files: [String: Data]) { self.files = files }

    public func absolutePath(_ path: String) -> String? { nil }
    public func read(_ path: String) -> Data? { files[path] }

    public func list() throws -> ContentListing {
        var listing = ContentListing()
        var reported = Set<String>()
        for path in files.keys.sorted() {
            let parts = path.split(separator: "/")
            guard !parts.isEmpty, !parts.contains(where: { ContentListing.isIgnored(String($0)) || $0 == ".." || $0 == "." }) else { continue }
            if parts.count - 1 > ContentListing.maxFolderDepth {
                let folder = parts.prefix(ContentListing.maxFolderDepth + 1).joined(separator: "/")
                if reported.insert(folder).inserted {
                    listing.tooDeep.append((folder, folder + "/" + parts[ContentListing.maxFolderDepth + 1]))
                }
                continue
            }
            listing.files.append(path)
        }
        return listing
    }
}

extension ContentSource {
    /// Files in memory are read whole: they are there already.
    public func read(_ path: String, atMost limit: Int) -> SystemCalls.BoundedContents? {
        guard let data = read(path) else { return nil }
        return data.count > limit ? .tooLarge(size: data.count) : .bytes(data)
    }

    /// A text file, read and decoded by the rules every Folio input follows
    /// (``SourceDecoder``); nil with a diagnostic when it cannot be opened. A file over
    /// the size limit is refused by its size, before it is read.
    public func decode(_ path: String) -> SourceDecoder.Result {
        switch read(path, atMost: SourceDecoder.maxFileSize) {
        case .bytes(let data): return SourceDecoder.decode(data, path: path)
        case .tooLarge(let size): return SourceDecoder.tooLarge(size: size, path: path)
        case nil:
            return SourceDecoder.Result(diagnostics: [
                Diagnostic(.fileUnreadable, at: .startOf(path), "this file cannot be read", help: "check that it is a file you have permission to read")
            ])
        }
    }
}
