import Crypto
import FolioCore
import FolioModel
import FolioOutput
import Foundation

/// Writes the content bundle for apps: one JSON file per chapter, quiz and deck, the
/// welcome page, the bill of rights, the media files, and `manifest.json` listing them
/// all with sizes and SHA-256.
///
/// Output is deterministic: keys are sorted, nothing depends on time or on where the
/// content folder is. Files are written as they are made, so memory stays flat.
public struct BundleRenderer: OutputRenderer {
    public let folder = "bundle"

    public init() {}

    public func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
        let manifest = try Writing(program: program, progress: context.progress).write(to: files)
        return RenderSummary(folder: folder, fingerprint: manifest.bundleHash)
    }
}

/// One bundle being written.
struct Writing {
    let program: CompiledProgram
    var progress: (any BuildProgress)? = nil

    /// One file of the bundle, made when it is written.
    private enum Item {
        case welcome, billOfRights, chapter(Int), quiz(Int), deck(Int), media(Int)
    }

    private var items: [Item] {
        var items: [Item] = [.welcome]
        if program.billOfRights != nil { items.append(.billOfRights) }
        items += program.chapters.indices.map(Item.chapter)
        items += program.quizzes.indices.map(Item.quiz)
        items += program.decks.indices.map(Item.deck)
        items += program.media.indices.map(Item.media)
        return items
    }

    private func make(_ item: Item) throws -> (path: String, kind: Manifest.EntryKind, data: Data) {
        switch item {
        case .welcome: return ("welcome.json", .welcome, try JSONOutput.pretty(WelcomePage(program.welcome)))
        case .billOfRights: return ("bill-of-rights.json", .billOfRights, try JSONOutput.pretty(program.billOfRights!))
        case .chapter(let i): return ("chapters/\(program.chapters[i].id).json", .chapter, try JSONOutput.pretty(Chapter(program.chapters[i])))
        case .quiz(let i): return ("quizzes/\(program.quizzes[i].id).json", .quiz, try JSONOutput.pretty(program.quizzes[i]))
        case .deck(let i): return ("decks/\(program.decks[i].id).json", .deck, try JSONOutput.pretty(program.decks[i]))
        case .media:
            preconditionFailure("media files are copied, not made: see copyMedia")
        }
    }

    /// Copies a media file into the bundle and the site a piece at a time, hashing it on
    /// the way: a 1 GB video costs a megabyte of memory, not a gigabyte.
    private func copyMedia(_ media: MediaFile, to output: OutputFiles) throws -> Manifest.Entry {
        var hasher = SHA256()
        let size = try output.copy(from: media.sourcePath, to: [media.bundlePath]) {
            hasher.update(bufferPointer: $0)
        }
        return Manifest.Entry(path: media.bundlePath, kind: .media, size: size, sha256: Self.hex(hasher.finalize()))
    }

    /// Writes every file, then the manifest; returns the manifest.
    func write(to output: OutputFiles) throws -> Manifest {
        let items = items
        progress?.begin(.bundle, total: items.count)
        let entries = try ParallelMap.throwing(items) { item -> Manifest.Entry in
            defer { progress?.advance() }
            if case .media(let i) = item { return try copyMedia(program.media[i], to: output) }
            let file = try make(item)
            try output.write(file.data, to: file.path)
            return Manifest.Entry(path: file.path, kind: file.kind, size: file.data.count, sha256: Self.sha256(file.data))
        }
        // By UTF-8 bytes, not Swift's string order, so apps in any language can sort the
        // same way when they recompute the bundle hash.
        .sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        let bundleHash = Self.sha256(Data(entries.map { "\($0.path)\u{0}\($0.sha256)\n" }.joined().utf8))
        let manifest = Manifest(
            program: program.settings,
            chapters: program.chapters.map { .init(id: $0.id, title: $0.title, summary: $0.summary, quiz: $0.quiz) },
            decks: program.decks.map { .init(id: $0.id, title: $0.title, cardCount: $0.cards.count) },
            quizzes: program.quizzes.map(\.id), hasBillOfRights: program.billOfRights != nil,
            entries: entries, bundleHash: bundleHash)
        try output.write(try JSONOutput.pretty(manifest), to: "manifest.json")
        return manifest
    }

    static func sha256(_ data: Data) -> String { hex(SHA256.hash(data: data)) }

    /// A digest as lower-case hexadecimal.
    static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var hex: [UInt8] = []
        hex.reserveCapacity(64)
        for byte in digest {
            hex.append(digits[Int(byte >> 4)])
            hex.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: hex, as: UTF8.self)
    }
}
