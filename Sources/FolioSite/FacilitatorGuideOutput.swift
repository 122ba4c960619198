import FolioCore
import FolioModel
import FolioOutput
import FolioProgram
import FolioSystem
import Foundation

/// The facilitator's guide as an output of `folio build` (``FacilitatorGuide``): its own
/// folder, `facilitator/`, which `folio serve` shows under a path of its own.
public struct FacilitatorGuideOutput: ServableRenderer {
    public let folder = "facilitator"
    /// In the program's own language: its translations change nothing here.
    public var reads: ProgramParts { ProgramParts.all.subtracting(.translatedChapterTexts) }

    /// Nothing reads the guide: it is written while the site is, each filling the other's
    /// idle moments (docs/development.md, "Measured guards").
    public var writesBesideLaterRenderers: Bool { true }

    public init() {}

    /// Every page, then the whole guide, which takes each chapter's article from the page
    /// just written rather than making it twice.
    public func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
        let guide = FacilitatorGuide(program: program)
        try ParallelMap.forEach(guide.pages()) { file in try files.write(file.make(), to: file.path) }
        try files.write(to: FacilitatorGuide.wholeGuidePath) { emit in
            try guide.wholeGuide(articles: { place in try Self.article(of: program.chapters[place].id, in: files) ?? guide.article(place) }) { bytes in
                try bytes.withUnsafeBytes { try emit($0) }
            }
        }
        return RenderSummary(folder: folder)
    }

    /// The article of the chapter `id` as its staged page has it.
    static func article(of id: String, in files: OutputFiles) throws -> [UInt8]? {
        guard let page = files.stagedContents(FacilitatorGuide.chapterPath(id)),
            let article = SystemCalls.onlyRange(from: Data(FacilitatorGuide.articleStart(id)), through: Data(FacilitatorGuide.articleEnd(id)), in: page)
        else { return nil }
        return [UInt8](page[article])
    }

    /// After an edit of chapters' texts alone: each edited chapter's reading time and
    /// videos are replaced where they stand in its page and in the whole guide; the rest
    /// of the guide is made from front matter and quizzes, which did not change.
    public func update(_ program: CompiledProgram, for change: ProgramChange, into files: OutputFiles, context: RenderContext) throws
        -> RenderSummary?
    {
        guard change.parts.subtracting(.translatedChapterTexts) == .chapterTexts else { return nil }
        let guide = FacilitatorGuide(program: program)
        var written: [(path: String, data: Data)] = []
        guard var whole = files.stagedContents(FacilitatorGuide.wholeGuidePath) else { return nil }
        for position in change.chapters {
            let chapter = program.chapters[position]
            let path = FacilitatorGuide.chapterPath(chapter.id)
            let part = guide.textPart(chapter)
            guard var page = files.stagedContents(path), Self.replaceTextPart(of: chapter.id, with: part, in: &page),
                Self.replaceTextPart(of: chapter.id, with: part, in: &whole)
            else { return nil }
            written.append((path, page))
        }
        written.append((FacilitatorGuide.wholeGuidePath, whole))
        for page in written { try files.write(page.data, to: page.path) }
        return RenderSummary(folder: folder)
    }

    /// Replaces the text part of the chapter `id` with `part` where it stands in `page`,
    /// when it stands there exactly once.
    static func replaceTextPart(of id: String, with part: [UInt8], in page: inout Data) -> Bool {
        guard
            let text = SystemCalls.onlyRange(from: Data(FacilitatorGuide.textStart(id).utf8), through: Data(FacilitatorGuide.textEnd(id).utf8), in: page)
        else { return false }
        page.replaceSubrange(text, with: part)
        return true
    }

    public func servedFiles(_ program: CompiledProgram, context: RenderContext) -> [String: ServedFile] {
        let guide = FacilitatorGuide(program: program)
        var served: [String: ServedFile] = [:]
        for file in guide.pages() { served[file.path] = .made(file.make) }
        served[FacilitatorGuide.wholeGuidePath] = .made {
            var data = Data()
            try? guide.wholeGuide(articles: guide.article) { data.append(contentsOf: $0) }
            return data
        }
        return served
    }
}
