import FolioContent
import FolioCore
import FolioDigest
import FolioModel
import FolioSystem
import Foundation

/// What a build was made from and what it wrote, kept beside the output it describes
/// (`.Output.folio-build`, as the spare is `.Output.folio-spare`; not in the output, whose
/// bytes stay those of a build from scratch). The next build of the same inputs into the
/// same output can then tell in a fraction of a second that it would write the same
/// bytes: it writes nothing, and says again what the last build said.
///
/// The inputs are content-addressed: each text file of the program (chapters, quizzes,
/// decks, settings, pages) by the SHA-256 of its bytes, so a file written again with the
/// same bytes is no change, and an edit is always one. To hash only what may have
/// changed, each file is also known by its `stat`: size, modification and change times,
/// inode. A file whose `stat` is as recorded keeps its recorded hash (the change time
/// cannot be set back, so a write always shows); as git's index does. Media files, which
/// may be gigabytes of video, are known by their `stat` alone. The outputs are known by
/// size, time and inode, so an output file edited, removed or added by hand is rebuilt.
public struct BuildRecord: Sendable {
    public var inputs: BuildInputs
    /// Every file of the output, sorted by path.
    public var outputs: [FileStamp]
    /// What the build printed, to print again.
    public var standardOutput: String
    public var standardError: String
    /// What the compiler keeps for the next build to recompile only what changed, as
    /// lines without tabs' meaning here (FolioCompiler's `ChapterTextBaseline`); empty
    /// when there is none.
    public var baseline: [String]

    /// Where the record of the output `output` is kept (a link in its place resolved, as
    /// the build resolves it).
    public static func location(of output: URL) -> URL {
        let destination = output.standardizedFileURL.resolvingSymlinksInPath()
        return destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).folio-build")
    }

    /// The record of the output `output`, if there is one this version of Folio reads.
    public static func load(for output: URL) -> BuildRecord? {
        guard let data = FileManager.default.contents(atPath: location(of: output).path) else { return nil }
        return BuildRecord(text: String(decoding: data, as: UTF8.self))
    }

    /// Forgets the record of `output`, before a build replaces it: a build that stops
    /// midway leaves no record that could match.
    public static func remove(for output: URL) {
        FileNames.remove(location(of: output).path)
    }

    /// Whether every file of the output is as the build wrote it, and there is no other.
    public func outputsAreIntact(in output: URL) -> Bool {
        guard let found = try? FileStamp.all(in: output.standardizedFileURL.resolvingSymlinksInPath()) else { return false }
        return found == outputs
    }

    /// Writes the record of a build of `inputs` that has just written `output` and printed
    /// what is given, beside it: to a temporary name, then renamed, so that a reader never
    /// sees half of it. A record that cannot be written only costs the next build time.
    ///
    /// The output's files are read for their status, or, with `changing`, only the files
    /// named there (from the output's root) are read again, the others keeping the
    /// status `changing.previous` gives them (``BuildDriver/update(_:for:into:previousFiles:accepting:)`` says
    /// which changed).
    public static func write(
        inputs: BuildInputs, output: URL, standardOutput: String, standardError: String, baseline: [String] = [],
        changing: (previous: [FileStamp], changed: Set<String>)? = nil
    ) {
        let folder = output.standardizedFileURL.resolvingSymlinksInPath()
        guard let stamps = changing.map({ FileStamp.updating($0.previous, changed: $0.changed, in: folder) }) ?? (try? FileStamp.all(in: folder))
        else { return }
        let record = BuildRecord(
            inputs: inputs, outputs: stamps, standardOutput: standardOutput, standardError: standardError, baseline: baseline)
        guard let bytes = record.bytes else { return }
        let target = location(of: output)
        // A build killed between writing its record and renaming it left the file.
        Leftovers.remove(in: target.deletingLastPathComponent().path) {
            Leftovers.processID(in: $0, after: target.lastPathComponent + ".", before: ".tmp")
        }
        let temporary = target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + ".\(FileNames.processID).tmp")
        guard (try? Data(bytes).write(to: temporary)) != nil else { return }
        if !FileNames.rename(temporary.path, to: target.path) { FileNames.remove(temporary.path) }
    }

    // A line-based text file, not JSON: a large program's record has a line for every
    // file, read on every build, and splitting lines is much faster than decoding JSON
    // (docs/development.md, "Measured choices").
    static let header = "folio build record 1"

    /// The record as text; nil when a path holds a tab or a line break (no program that
    /// builds has one, since file names with control characters are errors).
    ///
    /// Written as bytes into one buffer: joined as a string of interpolated numbers for
    /// each line, it was much of the time spent making a large program's record
    /// (docs/development.md, "Measured choices").
    var text: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    /// The record as the bytes of its text, as it is written: made in one buffer of about
    /// its size, since growing it as it filled was most of the time spent making a
    /// translated program's record (docs/development.md, "Measured guards").
    var bytes: [UInt8]? {
        guard !baseline.contains(where: { $0.utf8.contains(UInt8(ascii: "\n")) }) else { return nil }
        let all = [inputs.tool] + inputs.options + inputs.files.map(\.path) + inputs.links + inputs.tooDeep + outputs.map(\.path)
        // By bytes: `String.contains` of a string goes through Foundation, which is slow
        // over every path of a large program (docs/development.md, "Measured choices").
        guard !all.contains(where: { $0.utf8.contains(UInt8(ascii: "\t")) || $0.utf8.contains(UInt8(ascii: "\n")) }) else { return nil }
        var out = RecordText()
        // A line for each file: its path, its status (about 60 bytes), and an input's hash.
        out.bytes.reserveCapacity(
            all.reduce(0) { $0 + $1.utf8.count } + 140 * inputs.files.count + 70 * outputs.count + baseline.reduce(0) { $0 + $1.utf8.count + 6 }
                + 2 * (standardOutput.utf8.count + standardError.utf8.count) + 4_096)
        out.line(Self.header)
        out.line("tool", inputs.tool)
        for option in inputs.options { out.line("option", option) }
        for file in inputs.files {
            out.field("in", file.path)
            out.stamp(file.stamp.status, then: "\t")
            out.last(file.sha256 ?? "-")
        }
        for link in inputs.links { out.line("link", link) }
        for folder in inputs.tooDeep { out.line("deep", folder) }
        for stamp in outputs {
            out.field("out", stamp.path)
            out.stamp(stamp.status, then: "\n")
        }
        out.line("stdout", Data(standardOutput.utf8).base64EncodedString())
        out.line("stderr", Data(standardError.utf8).base64EncodedString())
        for line in baseline { out.line("base", line) }
        return out.bytes
    }

    /// The record's lines as they are written: fields separated by tabs, each line ended
    /// by a line break.
    private struct RecordText {
        var bytes: [UInt8] = []

        mutating func field(_ text: String) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\t"))
        }

        mutating func field(_ first: String, _ second: String) {
            field(first)
            field(second)
        }

        mutating func last(_ text: String) {
            bytes.append(contentsOf: text.utf8)
            bytes.append(UInt8(ascii: "\n"))
        }

        mutating func line(_ text: String) { last(text) }

        mutating func line(_ name: String, _ value: String) {
            field(name)
            last(value)
        }

        /// ``FileStamp/fields``, then `end` (the tab before another field, or the line break).
        mutating func stamp(_ status: FileStatus, then end: Unicode.Scalar) {
            for number in [status.size, status.modified, status.changed] {
                decimal(UInt64(bitPattern: number), negative: number < 0)
                bytes.append(UInt8(ascii: "\t"))
            }
            decimal(status.inode, negative: false)
            bytes += [UInt8(ascii: "\t"), UInt8(ascii: "-"), UInt8(ascii: end)]
        }

        /// A number in decimal digits, as `String(describing:)` writes it.
        private mutating func decimal(_ bits: UInt64, negative: Bool) {
            if negative { bytes.append(UInt8(ascii: "-")) }
            var value = negative ? 0 &- bits : bits
            let start = bytes.count
            repeat {
                bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
                value /= 10
            } while value > 0
            bytes[start...].reverse()
        }
    }

    init(inputs: BuildInputs, outputs: [FileStamp], standardOutput: String, standardError: String, baseline: [String] = []) {
        self.inputs = inputs
        self.outputs = outputs
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.baseline = baseline
    }

    /// Reads the record's lines as bytes: splitting a large program's lines into `String`
    /// fields was a large part of a build after one edit (docs/development.md,
    /// "Measured choices").
    init?(text: String) {
        var text = text
        guard
            let record = text.withUTF8({ bytes -> BuildRecord? in
                var lines: [UnsafeBufferPointer<UInt8>] = []
                var start = 0
                for end in 0..<bytes.count where bytes[end] == UInt8(ascii: "\n") {
                    lines.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    start = end + 1
                }
                guard start == bytes.count, let first = lines.first, String(decoding: first, as: UTF8.self) == Self.header else { return nil }
                return Self.read(lines.dropFirst())
            })
        else { return nil }
        self = record
    }

    private static func read(_ lines: ArraySlice<UnsafeBufferPointer<UInt8>>) -> BuildRecord? {
        var inputs = BuildInputs(tool: "", options: [], files: [], links: [], tooDeep: [])
        var outputs: [FileStamp] = []
        var standardOutput: String?
        var standardError: String?
        var baseline: [String] = []
        var fields: [UnsafeBufferPointer<UInt8>] = []
        func string(_ field: UnsafeBufferPointer<UInt8>) -> String { String(decoding: field, as: UTF8.self) }
        func stamp(_ path: String, _ at: Int) -> FileStamp? {
            // The fifth field is kept for later use.
            guard let size = signed(fields[at]), let modified = signed(fields[at + 1]), let changed = signed(fields[at + 2]),
                let inode = unsigned(fields[at + 3][...])
            else { return nil }
            return FileStamp(path: path, status: FileStatus(size: size, modified: modified, changed: changed, inode: inode))
        }
        for line in lines {
            fields.removeAll(keepingCapacity: true)
            var start = 0
            for end in 0...line.count where end == line.count || line[end] == UInt8(ascii: "\t") {
                fields.append(UnsafeBufferPointer(rebasing: line[start..<end]))
                start = end + 1
                // A baseline line keeps its own tabs.
                if fields.count == 1, string(fields[0]) == "base" {
                    fields.append(UnsafeBufferPointer(rebasing: line[min(start, line.count)...]))
                    break
                }
            }
            switch (string(fields[0]), fields.count) {
            case ("base", 2): baseline.append(string(fields[1]))
            case ("tool", 2): inputs.tool = string(fields[1])
            case ("option", 2): inputs.options.append(string(fields[1]))
            case ("in", 8):
                let path = string(fields[1])
                guard let stamp = stamp(path, 2) else { return nil }
                inputs.files.append(.init(path: path, stamp: stamp, sha256: fields[7].elementsEqual("-".utf8) ? nil : string(fields[7])))
            case ("link", 2): inputs.links.append(string(fields[1]))
            case ("deep", 2): inputs.tooDeep.append(string(fields[1]))
            case ("out", 7):
                guard let stamp = stamp(string(fields[1]), 2) else { return nil }
                outputs.append(stamp)
            case ("stdout", 2): standardOutput = Data(base64Encoded: string(fields[1])).map { String(decoding: $0, as: UTF8.self) }
            case ("stderr", 2): standardError = Data(base64Encoded: string(fields[1])).map { String(decoding: $0, as: UTF8.self) }
            default: return nil
            }
        }
        guard let standardOutput, let standardError else { return nil }
        return BuildRecord(inputs: inputs, outputs: outputs, standardOutput: standardOutput, standardError: standardError, baseline: baseline)
    }

    /// A decimal number as `UInt64(_:)` reads one the record writes: digits, at most
    /// `UInt64.max`.
    private static func unsigned(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
        guard !digits.isEmpty else { return nil }
        var value: UInt64 = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (product, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowed) = product.addingReportingOverflow(UInt64(byte - UInt8(ascii: "0")))
            guard !overflow, !overflowed else { return nil }
            value = sum
        }
        return value
    }

    /// The same, as `Int64(_:)` reads it: an optional `-`, then digits.
    private static func signed(_ field: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard field.first == UInt8(ascii: "-") else { return unsigned(field[...]).flatMap { Int64(exactly: $0) } }
        guard let magnitude = unsigned(field.dropFirst()), magnitude <= UInt64(Int64.max) + 1 else { return nil }
        return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
    }
}

/// Everything a build's bytes depend on, as one comparable value.
public struct BuildInputs: Sendable {
    /// The tool: its version, and the executable's `stat` (a rebuilt `folio` of the same
    /// version is another tool).
    public var tool: String
    /// The options, and how the messages are shown (format, colour, the folder as
    /// given), since they are printed again as they were.
    public var options: [String]
    /// Every file of the content folder, sorted by path.
    public var files: [File]
    /// Links and folders too deep, which are not read but are warned about.
    public var links: [String]
    public var tooDeep: [String]

    public struct File: Sendable, Equatable {
        public var path: String
        public var stamp: FileStamp
        /// For text files; media are known by their `stat` alone.
        public var sha256: String?
    }

    /// The inputs of building the content folder `folder` with `options`. A file whose
    /// `stat` is the one `previous` recorded keeps its recorded hash; the others are read
    /// and hashed, on every core.
    public static func read(folder: URL, options: [String], previous: BuildInputs?) throws -> BuildInputs {
        let listing = try ContentFolderSource(root: folder).list()
        var known: [String: File] = [:]
        for file in previous?.files ?? [] { known[file.path] = file }
        return listed(in: folder, listing, options: options, stamp: { stamp($0, in: folder) }) { path, stamp in
            guard let earlier = known[path], earlier.stamp == stamp, earlier.sha256 != nil else { return nil }
            return earlier.sha256
        }
    }

    /// The inputs of the files listed in `listing`, each with the status `stamp` gives
    /// it, and each text file hashed unless `hashed` knows its hash for that status.
    static func listed(
        in folder: URL, _ listing: ContentListing, options: [String], stamp: (String) -> FileStamp,
        hashed: (String, FileStamp) -> String?
    ) -> BuildInputs {
        let paths = listing.files.sorted(by: FileDigest.precedes)
        let files = ParallelMap.run(paths) { path -> File in
            let stamp = stamp(path)
            guard ContentKind(path: path).isText else { return File(path: path, stamp: stamp, sha256: nil) }
            return File(path: path, stamp: stamp, sha256: hashed(path, stamp) ?? sha256(ofFile: folder.path + "/" + path))
        }
        return BuildInputs(tool: toolIdentity, options: options, files: files, links: listing.links.sorted(), tooDeep: listing.tooDeep.map(\.folder).sorted())
    }

    /// The status of the file `path` of `folder`: `stat`, not `lstat`, since folio.yaml
    /// and welcome.md may be links, which are read. A file that has gone has a size of -1.
    static func stamp(_ path: String, in folder: URL) -> FileStamp {
        FileStamp(path: path, full: folder.path + "/" + path, follow: true)
            ?? FileStamp(path: path, status: FileStatus(size: -1, modified: 0, changed: 0, inode: 0))
    }

    /// What the record says of a file's bytes: their SHA-256, or `unreadable`.
    static func sha256(_ data: Data?) -> String { data.map(FileDigest.sha256) ?? "unreadable" }
    static func sha256(ofFile path: String) -> String { sha256(FileManager.default.contents(atPath: path)) }

    /// Whether a build of these inputs writes what a build of `other` wrote: the same
    /// tool, options, links and files, text files with the same bytes and media files with
    /// the same `stat`.
    public func sameBuild(as other: BuildInputs) -> Bool {
        guard tool == other.tool, options == other.options, links == other.links, tooDeep == other.tooDeep, files.count == other.files.count
        else { return false }
        return zip(files, other.files).allSatisfy { mine, theirs in
            mine.path == theirs.path && (mine.sha256 != nil ? mine.sha256 == theirs.sha256 : mine.stamp == theirs.stamp)
        }
    }

    /// `folio 1.1.0`, and the running executable's `stat`.
    static var toolIdentity: String {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return FolioVersion.generator + " "
            + (FileStamp(path: "", full: executable, follow: true)?.fields.replacingOccurrences(of: "\t", with: " ") ?? "unknown")
    }
}

/// A file of a folder, by its path there, as `stat` sees it (``FileStatus``).
public struct FileStamp: Sendable, Equatable {
    public var path: String
    public var status: FileStatus

    init(path: String, status: FileStatus) {
        self.path = path
        self.status = status
    }

    init?(path: String, full: String, follow: Bool = false) {
        guard let status = FileStatus(path: full, followingLinks: follow) else { return nil }
        self.init(path: path, status: status)
    }

    /// Size, times and inode, tab-separated (with a spare field for later use).
    var fields: String { "\(status.size)\t\(status.modified)\t\(status.changed)\t\(status.inode)\t-" }

    /// `previous` with the status of each file of `changed` read again in `folder` (and
    /// added, or left out when it is no more), sorted by path.
    static func updating(_ previous: [FileStamp], changed: Set<String>, in folder: URL) -> [FileStamp] {
        var stamps = previous.filter { !changed.contains($0.path) }
        for path in changed {
            if let stamp = FileStamp(path: path, full: folder.path + "/" + path) { stamps.append(stamp) }
        }
        return stamps.sorted { FileDigest.precedes($0.path, $1.path) }
    }

    /// Every file (not folder) under `folder`, links included as themselves, sorted by path.
    /// Each folder is read on its own core, and its files' status asked of it
    /// (``SystemCalls/statuses(of:)``): a build after one edit reads every status of the
    /// output twice.
    static func all(in folder: URL) throws -> [FileStamp] {
        var folders = [""]
        var next = 0
        var found: [(relative: String, files: [(name: String, status: FileStatus)])] = []
        // Folders level by level, each level's on every core.
        while next < folders.count {
            let level = Array(folders[next...])
            next = folders.count
            let read = ParallelMap.run(level) { relative -> (String, [(name: String, status: FileStatus)], [String])? in
                let path = relative.isEmpty ? folder.path : folder.path + "/" + relative
                guard let entries = SystemCalls.statuses(of: path) else { return nil }
                let files = entries.filter { $0.kind != .folder }.map { ($0.name, $0.status) }
                return (relative, files, entries.filter { $0.kind == .folder }.map { relative.isEmpty ? $0.name : relative + "/" + $0.name })
            }
            for (index, result) in read.enumerated() {
                guard let (relative, files, children) = result else {
                    throw ToolFailure("cannot read `\(level[index].isEmpty ? folder.path : folder.path + "/" + level[index])`")
                }
                found.append((relative, files))
                folders += children
            }
        }
        var stamps: [FileStamp] = []
        for (relative, files) in found {
            for file in files { stamps.append(FileStamp(path: relative.isEmpty ? file.name : relative + "/" + file.name, status: file.status)) }
        }
        return stamps.sorted { FileDigest.precedes($0.path, $1.path) }
    }
}

/// A content folder that notes, as the compiler reads it, what ``BuildInputs`` records of
/// it: each file's status, taken when the folder is listed, and the SHA-256 of the very
/// bytes the compiler read of each text file. A build with no record to start from then
/// reads its content once instead of twice (docs/development.md, "Measured choices").
///
/// Every status is taken before the file is read, so a file edited while the build runs
/// has another status than the record says, and the next build reads it again: a record
/// may make a build needless, never skip one that is needed.
public final class RecordingContentSource: ContentSource, @unchecked Sendable {
    let folder: URL
    private let source: ContentFolderSource
    private let lock = NSLock()
    private var listing: ContentListing?
    private var stamps: [String: FileStamp] = [:]
    /// The hash of the first bytes read of each text file: those the compiler used.
    private var hashes: [String: String] = [:]

    public init(root: URL) {
        folder = root
        source = ContentFolderSource(root: root)
    }

    public func list() throws -> ContentListing {
        let listing = try source.list()
        let stamps = ParallelMap.run(listing.files) { BuildInputs.stamp($0, in: folder) }
        // Listed again, the folder keeps the listing and statuses of its first listing,
        // taken before any read: a status taken after a read could pair an edit made
        // since with the bytes read before it.
        lock.withLock {
            if self.listing == nil { self.listing = listing }
            self.stamps.merge(zip(listing.files, stamps), uniquingKeysWith: { first, _ in first })
        }
        return listing
    }

    public func read(_ path: String) -> Data? {
        let data = source.read(path)
        guard ContentKind(path: path).isText else { return data }
        let hash = BuildInputs.sha256(data)
        lock.withLock {
            if hashes[path] == nil { hashes[path] = hash }
        }
        return data
    }

    public func absolutePath(_ path: String) -> String? { source.absolutePath(path) }

    /// The inputs of the build that read the folder through this source; nil before it
    /// was listed. A text file it did not read is read and hashed now.
    public func inputs(options: [String]) -> BuildInputs? {
        let (listing, stamps, hashes) = lock.withLock { (self.listing, self.stamps, self.hashes) }
        guard let listing else { return nil }
        // The statuses taken before the reads, not those of now.
        return BuildInputs.listed(
            in: folder, listing, options: options, stamp: { stamps[$0] ?? BuildInputs.stamp($0, in: self.folder) },
            hashed: { path, _ in hashes[path] })
    }
}
