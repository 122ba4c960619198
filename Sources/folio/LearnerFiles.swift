import Foundation

/// The learners whose progress is kept beside a progress file: `progress-maya.sqlite`
/// beside `progress.sqlite` is the learner `maya`. The names are the folded ones of the
/// files (`Zoë` is `zoe`), the only record of a learner there is.
struct LearnerFiles {
    /// The progress file without `--learner`, whose folder and name the learners' files share.
    let base: String

    private var folder: URL { URL(fileURLWithPath: base).deletingLastPathComponent() }
    private var stem: String { URL(fileURLWithPath: base).deletingPathExtension().lastPathComponent }
    private var fileExtension: String {
        let given = URL(fileURLWithPath: base).pathExtension
        return given.isEmpty ? "sqlite" : given
    }

    /// The file of the learner whose folded name is `name`.
    func path(of name: String) -> String { folder.appendingPathComponent("\(stem)-\(name).\(fileExtension)").path }

    /// The folded names of the learners with a file, in alphabetical order.
    func names() -> [String] {
        let prefix = stem + "-"
        let suffix = "." + fileExtension
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasPrefix(prefix) && $0.hasSuffix(suffix) && $0.count > prefix.count + suffix.count }
            .map { String($0.dropFirst(prefix.count).dropLast(suffix.count)) }
            .filter { ProgressOptions.fileName(for: $0) == $0 }
            .sorted()
    }

    /// Whether there is progress saved without a learner's name.
    var hasUnnamedFile: Bool { FileManager.default.fileExists(atPath: base) }

    /// The learner with a file whose name is one letter from `name` (one letter changed,
    /// added or left out), who is most likely meant by a name typed for the first time.
    func nearLearner(to name: String) -> String? {
        names().first { LearnerName.oneLetterApart($0, name) }
    }
}

/// Comparing learners' folded names.
enum LearnerName {
    /// One letter changed, added or left out: `maya` and `maia`, `mya`, `mayah`.
    static func oneLetterApart(_ first: String, _ second: String) -> Bool {
        let a = Array(first)
        let b = Array(second)
        guard a != b, abs(a.count - b.count) <= 1 else { return false }
        if a.count == b.count { return zip(a, b).filter { $0 != $1 }.count == 1 }
        let (short, long) = a.count < b.count ? (a, b) : (b, a)
        // The longer name with one letter left out is the shorter one.
        let firstDifference = zip(short, long).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? short.count
        return short[firstDifference...] == long[(firstDifference + 1)...]
    }

    /// The name as a shell word: as it is when it is only letters, digits, `-` and `_`,
    /// else in single quotes, so that a suggested command can be typed as it is shown.
    static func shellWord(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." || $0 == "/" }) { return text }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
