import FolioBundle
import FolioClient
import FolioCompiler
import FolioContent
import FolioCore
import FolioModel
import FolioOutput
import FolioSite
import FolioSystem
import Foundation

/// `folio build`'s short way after the edit an author makes most: the text of a chapter
/// or a few, below their front matter, and nothing else (docs/commands.md, "Only
/// chapters' texts changed"). Only those chapters are compiled again, against what the
/// last build kept of its compilation (``ChapterTextBaseline``); only the files their
/// text is in are written again (each chapter's file and page, the search index, the
/// manifest, the archive, the service worker); the rest of the output is kept as it is. The result is the output and the
/// messages a whole build gives, byte for byte; whenever that cannot be known, the build
/// takes the whole way instead.
struct TextEditBuild {
    let folder: URL
    let output: URL
    let inputs: BuildInputs
    let record: BuildRecord

    /// What the build says, as a whole build would: its standard output, its messages on
    /// standard error, what it left alone beside the output, the line saying what it built
    /// (empty with `--quiet`); and the files of the output whose status changed (for the
    /// record).
    struct Outcome {
        var standardOutput: String
        var messages: String
        var notes: [String]
        var built: String
        var changedOutputs: Set<String>
    }

    /// More chapters changed at once than this take the whole way: each one's entry of the
    /// search page is found in the page on its own, and a change across the program (a
    /// word replaced in every chapter) costs a whole build anyway.
    static let maximumChapters = 64

    /// The text files that changed since the recorded build, when nothing else
    /// did: the same tool, options, links and files, every media file untouched; nil
    /// otherwise.
    func changedFiles() -> [String]? {
        let before = record.inputs
        guard inputs.tool == before.tool, inputs.options == before.options, inputs.links == before.links, inputs.tooDeep == before.tooDeep,
            inputs.files.count == before.files.count
        else { return nil }
        var changed: [String] = []
        for (now, then) in zip(inputs.files, before.files) {
            guard now.path == then.path else { return nil }
            if now.sha256 == nil || then.sha256 == nil {
                guard now.sha256 == nil, then.sha256 == nil, now.stamp == then.stamp else { return nil }
            } else if now.sha256 != then.sha256 {
                changed.append(now.path)
            }
        }
        return changed.isEmpty ? nil : changed
    }

    /// Builds the short way, or returns nil having changed nothing.
    func run(builtLine: (Manifest) -> String, quiet: Bool) throws -> Outcome? {
        guard let baseline = ChapterTextBaseline(lines: record.baseline), let changed = changedFiles(), changed.count <= Self.maximumChapters,
            record.outputsAreIntact(in: output)
        else { return nil }
        let content = ContentFolderSource(root: folder)
        let resolver = baseline.resolver(listed: inputs.files.map(\.path))
        var bodies: [ChapterTextBaseline.Recompiled] = []
        for path in changed {
            guard let body = baseline.recompile(path, content: content, resolver: resolver) else { return nil }
            bodies.append(body)
        }
        PhaseTimer.shared.mark("recompile")
        var made: (manifest: Manifest, previous: Manifest)?
        var driver = BuildDriver(renderers: [])
        let changedOutputs = try driver.edit(output, keeping: record.outputs.map(\.path)) { files in
            guard let bundle = BundleTextEdit(bundle: files.within("bundle")) else { return false }
            PhaseTimer.shared.mark("manifest")
            // The messages are the last build's: no file with a message changed, and no
            // changed text has one. Only the line naming the bundle changes.
            guard quiet || record.standardError.hasSuffix(builtLine(bundle.manifest)) else { return false }
            let texts = Dictionary(bodies.map { ($0.position, $0.text) }, uniquingKeysWith: { first, _ in first })
            let positions = texts.keys.sorted()
            guard let outline = bundle.outline(editing: texts),
                positions.allSatisfy({ baseline.chapterIDs[baseline.chapters[$0].path] == outline.chapters[$0].id }),
                let written = try bundle.write(positions.map { outline.chapters[$0] }, pictures: outline.pictureSizes())
            else { return false }
            PhaseTimer.shared.mark("bundle")
            _ = try BundleArchiveRenderer(previousIsRecorded: true, manifests: (written.manifest, bundle.manifest)).render(
                outline, into: files, context: RenderContext(previousOutput: output))
            PhaseTimer.shared.mark("bundle.zip")
            let site = SiteTextEdit(outline: outline, edited: positions)
            guard
                try site.write(
                    search: written.search.map { ($0.before, $0.after) }, previousVersion: bundle.manifest.bundleHash,
                    version: written.manifest.bundleHash, into: files.within("site"))
            else { return false }
            PhaseTimer.shared.mark("site")
            made = (written.manifest, bundle.manifest)
            return true
        }
        guard let changedOutputs, let made else { return nil }
        let messages = quiet ? record.standardError : String(record.standardError.dropLast(builtLine(made.previous).count))
        return Outcome(
            standardOutput: record.standardOutput, messages: messages, notes: driver.notes, built: quiet ? "" : builtLine(made.manifest),
            changedOutputs: changedOutputs)
    }
}
