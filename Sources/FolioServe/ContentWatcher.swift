import Foundation

#if canImport(Glibc)
    import Glibc
#endif

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

    func start() {
        let thread = Thread { [self] in
            #if os(Linux)
                if watchWithInotify() { return }
            #endif
            watchByPolling()
        }
        thread.name = "folio-watch"
        thread.start()
        self.thread = thread
    }

    #if os(Linux)
        /// Returns false if inotify cannot be used here.
        private func watchWithInotify() -> Bool {
            let fd = inotify_init1(Int32(IN_CLOEXEC))
            guard fd >= 0 else { return false }
            let mask = UInt32(IN_CREATE | IN_DELETE | IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_DELETE_SELF)
            var watched: Set<String> = []
            func watchTree(_ path: String) {
                guard !watched.contains(path), inotify_add_watch(fd, path, mask) >= 0 else { return }
                watched.insert(path)
                for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] where !name.hasPrefix(".") {
                    var isDirectory: ObjCBool = false
                    let child = path + "/" + name
                    if FileManager.default.fileExists(atPath: child, isDirectory: &isDirectory), isDirectory.boolValue { watchTree(child) }
                }
            }
            watchTree(root)
            guard !watched.isEmpty else {
                close(fd)
                return false
            }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
                guard poll(&fds, 1, -1) > 0 else { continue }
                // Drain everything that arrives until 30 ms pass without an event.
                repeat {
                    let count = read(fd, &buffer, buffer.count)
                    if count <= 0 { break }
                } while poll(&fds, 1, 30) > 0
                // New folders are watched too; watching one twice is avoided by the set.
                watched = watched.filter { FileManager.default.fileExists(atPath: $0) }
                watchTree(root)
                onChange()
            }
        }
    #endif

    private func watchByPolling() {
        var last = snapshot()
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
