import FolioCore
import FolioDigest
import FolioModel
import FolioSystem
import Foundation

/// The bundle's `manifest.json`, as the encoder writes it (``JSONOutput/pretty(_:)``),
/// with its revision set.
enum ManifestJSON {
    /// The manifest as published: its `revision` set, the digest of the manifest written
    /// with 64 zeros in its place, so that it changes with any other field. Written once,
    /// the digest then put over the zeros: a large program's manifest is megabytes, and
    /// writing it twice showed in the rebuild after one edit (docs/development.md).
    static func published(_ manifest: inout Manifest) -> Data {
        let placeholder = String(repeating: "0", count: 64)
        manifest.revision = placeholder
        var data = pretty(manifest)
        let revision = FileDigest.sha256(data)
        // `revision` is among the last keys (only `signedAt` sorts after it).
        let needle = Data("\"revision\" : \"\(placeholder)\"".utf8)
        let tail = data.index(data.endIndex, offsetBy: -min(data.count, 512))
        guard let found = data.range(of: needle, options: .backwards, in: tail..<data.endIndex) else {
            preconditionFailure("the manifest is written with its revision near its end")
        }
        let start = found.upperBound - 65
        data.replaceSubrange(start..<start + 64, with: Data(revision.utf8))
        manifest.revision = revision
        return data
    }

    /// The manifest as published after an update that changed only some of its entries
    /// (by path) and, with them, its bundle hash: `replaced`'s published bytes with those
    /// entries, the bundle hash and the revision put where they stand, which are the bytes
    /// ``published(_:)`` writes, since the encoder writes each entry alike wherever it is.
    /// Nil when one of them is not found there exactly once (the bytes are then not what
    /// this encoder wrote): the manifest is then written whole.
    ///
    /// Written because encoding the whole manifest again was the largest part of the
    /// short way after one edit of a program in two languages, whose manifest lists every
    /// file in both (docs/development.md, "Measured guards").
    static func patched(_ manifest: inout Manifest, replaced: Manifest, bytes: Data, changed: Set<String>) -> Data? {
        let before = Dictionary(replaced.entries.filter { changed.contains($0.path) }.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var data = bytes
        func replace(_ old: String, with new: String) -> Bool {
            guard let range = SystemCalls.onlyRange(of: Data(old.utf8), in: data) else { return false }
            data.replaceSubrange(range, with: Data(new.utf8))
            return true
        }
        for entry in manifest.entries where changed.contains(entry.path) {
            guard let old = before[entry.path], let oldText = Self.entryText(old), let newText = Self.entryText(entry), replace(oldText, with: newText)
            else { return nil }
        }
        let placeholder = String(repeating: "0", count: 64)
        guard let replacedRevision = replaced.revision,
            replace("\"bundleHash\" : \"\(replaced.bundleHash)\"", with: "\"bundleHash\" : \"\(manifest.bundleHash)\""),
            replace("\"revision\" : \"\(replacedRevision)\"", with: "\"revision\" : \"\(placeholder)\"")
        else { return nil }
        let revision = FileDigest.sha256(data)
        guard replace("\"revision\" : \"\(placeholder)\"", with: "\"revision\" : \"\(revision)\"") else { return nil }
        manifest.revision = revision
        return data
    }

    /// An entry as the encoder writes it in the manifest's list of entries, two levels in.
    private static func entryText(_ entry: Manifest.Entry) -> String? {
        guard let data = try? JSONOutput.pretty(entry) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        return ([String(lines[0])] + lines.dropFirst().map { "    " + $0 }).joined(separator: "\n")
    }

    /// The manifest as the encoder writes it; a manifest holds no number that is not
    /// finite, the encoder's one refusal.
    static func pretty(_ manifest: Manifest) -> Data {
        guard let data = try? JSONOutput.pretty(manifest) else { preconditionFailure("a manifest always encodes") }
        return data
    }
}
