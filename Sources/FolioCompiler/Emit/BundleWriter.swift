import Crypto
import FolioModel
import Foundation

/// Writes the content bundle for apps: one JSON file per chapter, quiz and deck, the
/// welcome page, the bill of rights, the media files, and `manifest.json` listing them
/// all with sizes and SHA-256.
///
/// Output is deterministic: keys are sorted, nothing depends on time or on where the
/// content folder is.
struct BundleWriter {
    let program: CompiledProgram

    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// The bundle's files by path, manifest included, and the manifest itself.
    func files() throws -> (files: [(path: String, data: Data)], manifest: Manifest) {
        let encoder = Self.encoder()
        var files: [(String, Manifest.EntryKind, Data)] = []
        files.append(("welcome.json", .welcome, try encoder.encode(program.welcome)))
        if let rights = program.billOfRights {
            files.append(("bill-of-rights.json", .billOfRights, try encoder.encode(rights)))
        }
        let chapters = ParallelMap.run(program.chapters) { chapter in
            (path: "chapters/\(chapter.id).json", data: (try? encoder.encode(chapter)) ?? Data())
        }
        files += chapters.map { ($0.path, .chapter, $0.data) }
        for quiz in program.quizzes { files.append(("quizzes/\(quiz.id).json", .quiz, try encoder.encode(quiz))) }
        for deck in program.decks { files.append(("decks/\(deck.id).json", .deck, try encoder.encode(deck))) }
        for media in program.media {
            guard let data = FileManager.default.contents(atPath: media.sourcePath) else {
                throw ToolFailure("cannot read the media file `\(media.sourcePath)`")
            }
            files.append((media.bundlePath, .media, data))
        }
        files.sort { $0.0 < $1.0 }
        let hashes = ParallelMap.run(files.map(\.2)) { Self.sha256($0) }
        let entries = zip(files, hashes).map { file, hash in
            Manifest.Entry(path: file.0, kind: file.1, size: file.2.count, sha256: hash)
        }
        let bundleHash = Self.sha256(Data(entries.map { "\($0.path)\u{0}\($0.sha256)\n" }.joined().utf8))
        let manifest = Manifest(
            program: program.settings,
            chapters: program.chapters.map { .init(id: $0.id, title: $0.title, summary: $0.summary, quiz: $0.quiz) },
            decks: program.decks.map { .init(id: $0.id, title: $0.title, cardCount: $0.cards.count) },
            quizzes: program.quizzes.map(\.id), hasBillOfRights: program.billOfRights != nil,
            entries: entries, bundleHash: bundleHash)
        var out = files.map { (path: $0.0, data: $0.2) }
        out.append((path: "manifest.json", data: try encoder.encode(manifest)))
        return (out, manifest)
    }

    static func sha256(_ data: Data) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in SHA256.hash(data: data) {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
