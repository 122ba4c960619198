import FolioCore
import Foundation

/// Finds the file an author most likely meant when a link, picture, video or captions
/// file is not where the content says: a misspelt name, different capitals, a missing
/// `../` or `chapters/`, a chapter named by its id.
enum FileSuggestion {
    /// The address, written from `folder` as a link there would be, of the file most
    /// likely meant by `path` (a path inside the content folder that does not exist).
    static func address(for path: String, from folder: String, names: FileNames) -> String? {
        file(for: path, names: names.arranged).map { relativeAddress(from: folder, to: $0) }
    }

    /// The path, inside the content folder, of the file most likely meant by `path`.
    static func file(for path: String, names: FileNames.Arranged) -> String? {
        let name = lastComponent(path)
        let folder = parent(path)
        // A close name in the folder the address points to.
        if let siblings = names.namesByFolder[folder], let near = NearestName.find(name, among: siblings) { return join(folder, near) }
        // A name cut short in that folder (`01-who.md` for `01-who-am-i.md`).
        if let siblings = names.namesByFolder[folder] {
            let sameKind = siblings.names.filter { fileExtension($0) == fileExtension(name) }
            if let whole = NearestName.extending(baseName(name), among: sameKind.map(baseName)),
                let file = sameKind.first(where: { baseName($0) == whole })
            {
                return join(folder, file)
            }
        }
        // The same name in another folder: usually `../` or `media/` is missing.
        let sameName = names.pathsByLowercasedName[name.lowercased()] ?? []
        if let found = sameName.first(where: { $0.hasPrefix("media/") }) ?? sameName.first { return found }
        // A chapter named by its id (`friendship` or `friendship.md`).
        let id = Identifier.fromFileName(name.lowercased().hasSuffix(".md") ? name : name + ".md").id
        if let chapter = names.chapterPathsByID[id]?.first { return chapter }
        // A close name anywhere.
        guard let near = NearestName.find(name, among: names.allNames) else { return nil }
        let matches = names.pathsByName[near] ?? []
        return matches.first { $0.hasPrefix("media/") } ?? matches.first
    }

    /// The `.vtt` file beside `video` most likely meant as its captions, when the one
    /// named after the video is missing: `friends.en.vtt`, `Friends.vtt`,
    /// `friends-captions.vtt`. Captions named after another video are never taken.
    static func captions(for video: String, files: Set<String>, videoExtensions: Set<String>) -> String? {
        let folder = parent(video)
        let base = baseName(video).lowercased()
        let beside = files.filter { parent($0) == folder }
        let videos = Set(beside.filter { videoExtensions.contains(fileExtension($0)) }.map { baseName($0).lowercased() })
        let candidates = beside.filter { fileExtension($0) == "vtt" && !videos.contains(baseName($0).lowercased()) }.sorted()
        if let named = candidates.first(where: {
            let other = baseName($0).lowercased()
            return other == base || [".", "-", "_", " "].contains { other.hasPrefix(base + $0) }
        }) {
            return named
        }
        guard let near = NearestName.find(base, among: candidates.map(baseName)) else { return nil }
        return candidates.first { baseName($0) == near }
    }

    /// How a link in a file of `folder` reaches `path`: `../media/logo.png` from
    /// `chapters`, `chapters/01-who-am-i.md` from the top of the content folder.
    static func relativeAddress(from folder: String, to path: String) -> String {
        let from = folder.split(separator: "/").map(String.init)
        let to = path.split(separator: "/").map(String.init)
        var common = 0
        while common < from.count, common < to.count - 1, from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to[common...]).joined(separator: "/")
    }

    static func lastComponent(_ path: String) -> String { ContentPath.lastComponent(path) }
    static func parent(_ path: String) -> String { ContentPath.parent(path) }
    static func baseName(_ path: String) -> String { ContentPath.baseName(path) }
    static func fileExtension(_ path: String) -> String { ContentPath.fileExtension(path).lowercased() }
    static func join(_ folder: String, _ name: String) -> String { folder.isEmpty ? name : folder + "/" + name }
}

/// The content folder's file names arranged for ``FileSuggestion``, made the first time a file
/// is found missing and then shared by every chapter. Made once rather than for each missing
/// file: when the media folder goes missing, every picture is a missing file, and going through
/// every name for each is quadratic in a large program (docs/development.md, "Measured
/// choices").
final class FileNames: @unchecked Sendable {
    struct Arranged {
        /// Folder -> the names of its files, sorted.
        var namesByFolder: [String: NearestName.Candidates] = [:]
        /// Lowercased name -> the paths of the files of that name, sorted.
        var pathsByLowercasedName: [String: [String]] = [:]
        /// Chapter id -> the paths of the chapter files with that id, sorted.
        var chapterPathsByID: [String: [String]] = [:]
        /// Every file name once, sorted, and each to its paths, sorted.
        var allNames = NearestName.Candidates([])
        var pathsByName: [String: [String]] = [:]
    }

    private let files: Set<String>
    private let chapterIDs: [String: String]
    /// Guards `made`, which threads resolving chapters may ask for at once.
    private let lock = NSLock()
    private var made: Arranged?

    init(files: Set<String>, chapterIDs: [String: String]) {
        self.files = files
        self.chapterIDs = chapterIDs
    }

    var arranged: Arranged {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        var arranged = Arranged()
        var byFolder: [String: [String]] = [:]
        for path in files.sorted() {
            let name = FileSuggestion.lastComponent(path)
            byFolder[FileSuggestion.parent(path), default: []].append(name)
            arranged.pathsByLowercasedName[name.lowercased(), default: []].append(path)
            arranged.pathsByName[name, default: []].append(path)
        }
        arranged.namesByFolder = byFolder.mapValues { NearestName.Candidates($0.sorted()) }
        arranged.allNames = NearestName.Candidates(arranged.pathsByName.keys.sorted())
        for (path, id) in chapterIDs { arranged.chapterPathsByID[id, default: []].append(path) }
        arranged.chapterPathsByID = arranged.chapterPathsByID.mapValues { $0.sorted() }
        made = arranged
        return arranged
    }
}
