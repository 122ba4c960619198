import FolioCore
import FolioModel
import FolioSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The ``TextShelf`` of `folio build`: a scratch file beside the output, which holds the
/// text no stage is reading (each content file's until it is parsed or resolved, each
/// chapter's HTML and plain text until the outputs have read them, the search index's
/// words). At 10,000 chapters that is about 300 MB the build would otherwise hold in
/// memory at once.
///
/// The file is removed from its folder as soon as it is opened, so it never outlives the
/// build, however the build ends; its pages are the kernel's to keep or to write out. A
/// text that cannot be written to it stays in memory. One that cannot be read back makes
/// the build fail before its output is replaced (``BuildDriver``): a page is never written
/// without its text.
public final class ScratchShelf: TextShelf, @unchecked Sendable {
    let descriptor: Int32
    // Guards `end` and `failure`; the reads and writes themselves are positioned, so any
    // number of threads make them at once.
    private let lock = NSLock()
    private var end = 0
    private var failure: String?

    static let namePrefix = ".folio-scratch-"

    /// A shelf in `folder`, or nil when no file can be made there (texts then stay in
    /// memory). Scratch files that killed builds left in the moment before removing
    /// them are removed first.
    public init?(in folder: URL) {
        let folder = folder.path
        Self.removeLeftovers(in: folder)
        let path = folder + "/" + Self.namePrefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        unlink(path)
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    public func put(_ text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard let base = bytes.baseAddress else { return nil }
            let offset = lock.withLock {
                defer { end += bytes.count }
                return end
            }
            var done = 0
            while done < bytes.count {
                let written = pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done))
                if written > 0 {
                    done += written
                } else if written < 0, errno == EINTR {
                    continue
                } else {
                    return nil
                }
            }
            return offset
        }
    }

    public func take(at offset: Int, count: Int) -> String {
        var problem: String?
        let text = String(unsafeUninitializedCapacity: count) { buffer -> Int in
            guard let base = buffer.baseAddress else { return 0 }
            var done = 0
            while done < count {
                let read = pread(descriptor, base + done, count - done, off_t(offset + done))
                if read > 0 {
                    done += read
                } else if read < 0, errno == EINTR {
                    continue
                } else {
                    problem = read < 0 ? String(cString: strerror(errno)) : "the file ended early"
                    return 0
                }
            }
            return count
        }
        guard let problem else { return text }
        lock.withLock { failure = failure ?? problem }
        return ""
    }

    /// Throws when a text could not be read back, so that the build stops before its
    /// output is replaced.
    public func checkEveryTextWasRead() throws {
        if let failure = lock.withLock({ failure }) {
            throw ToolFailure("cannot read back the build's scratch file, which holds the chapters' text until they are written: \(failure)")
        }
    }

    /// Removes scratch files of builds that are no longer running: one killed between
    /// making its file and removing it from the folder left it there.
    static func removeLeftovers(in folder: String) {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry.hasPrefix(namePrefix) {
            let owner = entry.dropFirst(namePrefix.count).prefix { $0 != "-" }
            guard let pid = Int32(owner), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            unlink(folder + "/" + entry)
        }
    }
}
