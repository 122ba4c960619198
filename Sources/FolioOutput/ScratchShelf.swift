import FolioCore
import FolioModel
import FolioSystem
import Foundation

/// The ``TextShelf`` of `folio build`: a scratch file beside the output, which holds the
/// text no stage is reading (each content file's until it is parsed or resolved, each
/// chapter's HTML and plain text until the outputs have read them, the search index's
/// words): most of what a large build would otherwise hold in memory at once
/// (docs/development.md, "Measured choices").
///
/// The file is removed from its folder as soon as it is opened, so it never outlives the
/// build, however the build ends; its pages are the kernel's to keep or to write out.
/// Texts are gathered in memory and written a megabyte at a time (``batchBytes``): a
/// write for each was a system call for every text. Texts that cannot be
/// written to the file stay in memory, with every text put after them. One that cannot
/// be read back makes the build fail before its output is replaced (``BuildDriver``): a
/// page is never written without its text.
public final class ScratchShelf: TextShelf, @unchecked Sendable {
    let descriptor: Int32
    // Guards `end`, `pending`, `inFlight`, `written`, `writesFail` and `failure`; reads
    // of what is in the file are positioned, so any number of threads make them at once.
    private let lock = NSLock()
    /// Where the next text goes: the bytes of every text put so far.
    private var end = 0
    /// The texts put since the last write began, from offset `written` plus the bytes
    /// in flight.
    private var pending: [UInt8] = []
    /// The texts being written to the file, from offset `written`, outside the lock: the
    /// other threads go on putting and taking texts meanwhile. Writing under the lock made
    /// threads wait for it about three times as often while a large program was read.
    private var inFlight: [UInt8]?
    /// The room of the last batch written, for the next: new room, touched for the first
    /// time while the lock is held, kept the other threads waiting.
    private var spare: [UInt8] = []
    /// The bytes at the start of the file written to it.
    private var written = 0
    /// Set when a write failed: every text from `written` on then stays in memory.
    private var writesFail = false
    private var failure: String?

    /// Bytes of texts gathered before they are written to the file together.
    let batchBytes: Int

    static let namePrefix = ".folio-scratch-"

    /// A shelf in `folder`, or nil when no file can be made there (texts then stay in
    /// memory). Scratch files that killed builds left in the moment before removing
    /// them are removed first.
    public init?(in folder: URL, batchBytes: Int = 1 << 20) {
        self.batchBytes = batchBytes
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
        return text.withUTF8 { put(utf8: $0) }
    }

    public func put(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let (offset, batch) = lock.withLock { () -> (Int, [UInt8]?) in
            defer { end += bytes.count }
            pending.append(contentsOf: bytes)
            // One write at a time: texts put while one is in flight wait for the next.
            guard pending.count >= batchBytes, !writesFail, inFlight == nil else { return (end, nil) }
            inFlight = pending
            swap(&pending, &spare)
            return (end, inFlight)
        }
        if var batch {
            let wrote = writeAll(batch, at: lock.withLock { written })
            lock.withLock {
                inFlight = nil
                if wrote {
                    written += batch.count
                    batch.removeAll(keepingCapacity: true)
                    spare = batch
                } else {
                    writesFail = true
                    pending = batch + pending
                }
            }
        }
        return offset
    }

    /// Writes `bytes` at `offset` of the file; false if they could not all be written.
    private func writeAll(_ bytes: [UInt8], at offset: Int) -> Bool {
        bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress else { return true }
            return Self.whole(bytes.count) { done in pwrite(descriptor, base + done, bytes.count - done, off_t(offset + done)) } == nil
        }
    }

    /// Calls `transfer` (a positioned read or write of what is left after `done` bytes)
    /// until `count` bytes are done, again when a signal interrupted it; nil when they
    /// are, else why not.
    private static func whole(_ count: Int, _ transfer: (_ done: Int) -> Int) -> String? {
        var done = 0
        while done < count {
            let moved = transfer(done)
            if moved > 0 {
                done += moved
            } else if moved < 0, errno == EINTR {
                continue
            } else {
                return moved < 0 ? String(cString: strerror(errno)) : "the file ended early"
            }
        }
        return nil
    }

    public func take(at offset: Int, count: Int) throws -> String {
        if let waiting = waitingBytes(at: offset, count: count) { return String(decoding: try waiting.get(), as: UTF8.self) }
        var problem: String?
        let text = String(unsafeUninitializedCapacity: count) { buffer -> Int in
            problem = readFile(into: buffer, at: offset)
            return problem == nil ? count : 0
        }
        guard let problem else { return text }
        throw failed(problem)
    }

    // The bytes are those of a `String` this build put here, so they are not checked as
    // UTF-8 again: making a `String` of them did, on every text beyond ASCII, such as a
    // Spanish chapter's (docs/development.md, "Measured guards").
    public func withBytes<Result>(at offset: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) throws -> Result {
        if let waiting = waitingBytes(at: offset, count: count) { return try waiting.get().withUnsafeBufferPointer(body) }
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
        defer { buffer.deallocate() }
        if let problem = readFile(into: buffer, at: offset) { throw failed(problem) }
        return body(UnsafeBufferPointer(buffer))
    }

    /// A copy of the text at `offset` when it has not been written to the file yet, or
    /// why it is nowhere; nil when it is in the file. A text is never split between
    /// memory and the file, since the texts waiting are written all together.
    private func waitingBytes(at offset: Int, count: Int) -> Result<[UInt8], ShelfReadFailure>? {
        lock.withLock {
            guard offset >= written else { return nil }
            var start = offset - written
            var bytes = pending
            if let inFlight {
                if start < inFlight.count {
                    bytes = inFlight
                } else {
                    start -= inFlight.count
                }
            }
            guard start + count <= bytes.count else {
                failure = failure ?? "no text was put at byte \(offset)"
                return .failure(ShelfReadFailure("no text was put at byte \(offset)"))
            }
            return .success(Array(bytes[start..<start + count]))
        }
    }

    /// Fills `buffer` from the file at `offset`; nil when it did, else why not.
    private func readFile(into buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> String? {
        guard let base = buffer.baseAddress else { return nil }
        return Self.whole(buffer.count) { done in pread(descriptor, base + done, buffer.count - done, off_t(offset + done)) }
    }

    /// `problem`, remembered so that the build fails before its output is replaced.
    private func failed(_ problem: String) -> ShelfReadFailure {
        lock.withLock { failure = failure ?? problem }
        return ShelfReadFailure(problem)
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
