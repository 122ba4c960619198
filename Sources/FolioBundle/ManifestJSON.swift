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
        let languages = manifest.languages
        return published(&manifest, languages: MadeBeside { LanguagesText(languages) })
    }

    /// The same, of a manifest whose `languages` are being encoded on another core,
    /// begun before the rest of the manifest was made: they are set when they are put in
    /// place.
    static func published(_ manifest: inout Manifest, languages: MadeBeside<LanguagesText>) -> Data {
        let placeholder = String(repeating: "0", count: 64)
        manifest.revision = placeholder
        var data = pretty(&manifest, languages: languages)
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

    /// The manifest as the encoder writes it (``pretty(_:languages:)``).
    static func pretty(_ manifest: Manifest) -> Data {
        var manifest = manifest
        let languages = manifest.languages
        return pretty(&manifest, languages: MadeBeside { LanguagesText(languages) })
    }

    /// The manifest as the encoder writes it, its `languages` encoded on another core
    /// while the rest is encoded here, then set and put in their place before `program`,
    /// the key that follows them. The bytes are the same as the whole's encoded at once,
    /// since the encoder writes a key and its value alike at the first level of any object
    /// (`ManifestJSONTests` compares them).
    ///
    /// Written because in a translated program the languages are most of the manifest (a
    /// state for every part), and encoding it whole on one core, after every file was
    /// written on all of them, was the largest wait of its first build
    /// (docs/development.md, "Measured guards").
    static func pretty(_ manifest: inout Manifest, languages: MadeBeside<LanguagesText>) -> Data {
        manifest.languages = nil
        var data = whole(manifest)
        let field = languages.value
        manifest.languages = field.languages
        guard !field.text.isEmpty else { return data }
        let next = Data("\n  \"program\" : ".utf8)
        guard let place = SystemCalls.onlyRange(of: next, in: data) else {
            preconditionFailure("a manifest has its program once at the first level, after its languages")
        }
        data.insert(contentsOf: field.text + Data(",\n".utf8), at: place.lowerBound + 1)
        return data
    }

    /// A manifest's `languages`, with their text as it stands at the manifest's first
    /// level (`  "languages" : [...]`); no text without them.
    struct LanguagesText: Sendable {
        let languages: [ManifestLanguage]?
        let text: Data

        init(_ languages: [ManifestLanguage]?) {
            self.languages = languages
            // `{\n  "languages" : [...]\n}`, its braces and their line breaks taken off.
            text = languages.map { Data(whole(Field(languages: $0)).dropFirst(2).dropLast(2)) } ?? Data()
        }

        private struct Field: Encodable {
            let languages: [ManifestLanguage]
        }
    }

    /// `value` as the encoder writes it; a manifest holds no number that is not finite,
    /// the encoder's one refusal.
    static func whole<Value: Encodable>(_ value: Value) -> Data {
        guard let data = try? JSONOutput.pretty(value) else { preconditionFailure("a manifest always encodes") }
        return data
    }
}
