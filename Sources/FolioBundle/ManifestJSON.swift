import FolioCore
import FolioDigest
import FolioModel
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

    /// The manifest as the encoder writes it; a manifest holds no number that is not
    /// finite, the encoder's one refusal.
    static func pretty(_ manifest: Manifest) -> Data {
        guard let data = try? JSONOutput.pretty(manifest) else { preconditionFailure("a manifest always encodes") }
        return data
    }
}
