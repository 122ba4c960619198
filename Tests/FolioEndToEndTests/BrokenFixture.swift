import Foundation

/// A broken case of `Tests/Fixtures/broken/<name>/`: files laid over the spec examples
/// (`files/`), files removed from them (`delete.txt`), and the problems `folio check`
/// must report (`expected.txt`, one `severity code file:line:column message-part` a line).
struct BrokenFixture {
    static let root = FolioProcess.fixtures.appendingPathComponent("broken")
    static var all: [BrokenFixture] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted().map(BrokenFixture.init)
    }

    let name: String
    var folder: URL { Self.root.appendingPathComponent(name) }

    /// One expected problem.
    struct Problem: Hashable {
        var severity: String, code: String, file: String, line: Int, column: Int
    }

    var expected: [Problem] {
        let text = (try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 3)
            guard !line.hasPrefix("#"), parts.count == 4 else { return nil }
            let place = parts[2].split(separator: ":")
            guard place.count == 3, let number = Int(place[1]), let column = Int(place[2]) else { return nil }
            return Problem(severity: String(parts[0]), code: String(parts[1]), file: String(place[0]), line: number, column: column)
        }
    }

    /// Writes the spec examples with this case's changes into `content`.
    func write(to content: URL) throws {
        let fm = FileManager.default
        try fm.copyItem(at: FolioProcess.fixtures.appendingPathComponent("spec-examples"), to: content)
        if let deletions = try? String(contentsOf: folder.appendingPathComponent("delete.txt"), encoding: .utf8) {
            for path in deletions.split(separator: "\n") { try fm.removeItem(at: content.appendingPathComponent(String(path))) }
        }
        let files = folder.appendingPathComponent("files")
        guard let enumerator = fm.enumerator(atPath: files.path) else { return }
        for case let path as String in enumerator {
            var isDirectory: ObjCBool = false
            _ = fm.fileExists(atPath: files.appendingPathComponent(path).path, isDirectory: &isDirectory)
            let target = content.appendingPathComponent(path)
            if isDirectory.boolValue {
                try fm.createDirectory(at: target, withIntermediateDirectories: true)
            } else {
                try? fm.removeItem(at: target)
                try fm.copyItem(at: files.appendingPathComponent(path), to: target)
            }
        }
    }
}
