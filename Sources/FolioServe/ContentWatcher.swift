import FolioSystem
import Foundation

/// Tells when something in the content folder changed: a file saved, created, deleted or
/// renamed (as editors do when they save), in any folder, new folders included.
///
/// On Linux it listens with inotify, so a save is seen at once and an idle folder costs
/// nothing; where inotify cannot be used it compares the files' times and sizes every
/// half second. Changes that come close together (an editor writes a backup, then the
/// file) are reported once, after 30 ms of quiet.
final class ContentWatcher: @unchecked Sendable {
    private let root: String
    private let onChange: @Sendable () -> Void
    private var thread: Thread?

    init(root: String, onChange: @escaping @Sendable () -> Void) {
        self.root = root
        self.onChange = onChange
    }

    /// Starts watching, and returns once every folder is watched, so that a file saved
    /// after it returns is seen, however long a large program's folders take to look
    /// through.
    func start() {
        let watching = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            #if os(Linux)
                if watchWithInotify(ready: { watching.signal() }) { return }
            #endif
            watchByPolling(ready: { watching.signal() })
        }
        thread.name = "folio-watch"
        thread.start()
        self.thread = thread
        watching.wait()
    }

    #if os(Linux)
        /// Returns false if inotify cannot be used here (before calling `ready`).
        private func watchWithInotify(ready: () -> Void) -> Bool {
            let fd = inotify_init1(Int32(IN_CLOEXEC))
            guard fd >= 0 else { return false }
            let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF)
            // The folder each watch stands for: an event names its file within it.
            var folders: [Int32: String] = [:]
            /// Watches `path` and the folders in it, as the content is listed: a link is
            /// not followed (a link to a folder above it would be a loop). inotify gives a
            /// folder watched already the descriptor it has: its folders are looked
            /// through again only when `again` (events were lost, or it was moved here,
            /// and the folders in it have new paths).
            func watchTree(_ path: String, again: Bool = false) {
                let descriptor = inotify_add_watch(fd, path, mask)
                guard descriptor >= 0 else { return }
                let known = folders[descriptor] != nil
                folders[descriptor] = path
                if known, !again { return }
                // Each entry's kind as the folder gives it, not what a link points to: one
                // call for the folder, not one for each of its chapters.
                for entry in SystemCalls.entries(of: path) ?? [] where entry.kind == .folder && !entry.name.hasPrefix(".") {
                    watchTree(path + "/" + entry.name, again: again)
                }
            }
            watchTree(root)
            guard !folders.isEmpty else {
                close(fd)
                return false
            }
            ready()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
                guard poll(&fds, 1, -1) > 0 else { continue }
                // Drain everything that arrives until 30 ms pass without an event, noting
                // the folders made or moved in, which are watched from then on.
                var newFolders: [(path: String, moved: Bool)] = []
                var lost = false
                repeat {
                    let count = read(fd, &buffer, buffer.count)
                    if count <= 0 { break }
                    buffer.withUnsafeBytes { raw in
                        // Each event: descriptor, mask, cookie, the name's length, then the
                        // name, padded with zeros.
                        var offset = 0
                        while offset + 16 <= count {
                            let descriptor = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                            let events = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                            let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                            let nameBytes = raw[(offset + 16)..<min(offset + 16 + length, count)].prefix { $0 != 0 }
                            offset += 16 + length
                            if events & UInt32(IN_Q_OVERFLOW) != 0 { lost = true }
                            if events & UInt32(IN_IGNORED) != 0 { folders[descriptor] = nil }
                            if events & UInt32(IN_ISDIR) != 0, events & UInt32(IN_CREATE | IN_MOVED_TO) != 0, let folder = folders[descriptor] {
                                let name = String(decoding: nameBytes, as: UTF8.self)
                                if !name.isEmpty, !name.hasPrefix(".") {
                                    newFolders.append((folder + "/" + name, events & UInt32(IN_MOVED_TO) != 0))
                                }
                            }
                        }
                    }
                } while poll(&fds, 1, 30) > 0
                for folder in newFolders { watchTree(folder.path, again: folder.moved) }
                if lost { watchTree(root, again: true) }
                onChange()
            }
        }
    #endif

    private func watchByPolling(ready: () -> Void) {
        var last = snapshot()
        ready()
        while true {
            Thread.sleep(forTimeInterval: 0.5)
            let now = snapshot()
            if now != last {
                last = now
                onChange()
            }
        }
    }

    /// Every file's path, modification time and size.
    private func snapshot() -> [String: [Double]] {
        var files: [String: [Double]] = [:]
        guard let enumerator = FileManager.default.enumerator(atPath: root) else { return files }
        for case let path as String in enumerator {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: root + "/" + path) else { continue }
            let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            files[path] = [time, Double((attributes[.size] as? NSNumber)?.int64Value ?? 0)]
        }
        return files
    }
}
