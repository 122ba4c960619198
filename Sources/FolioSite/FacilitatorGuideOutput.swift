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

    public init() {}

    public func render(_ program: CompiledProgram, into files: OutputFiles, context: RenderContext) throws -> RenderSummary {
        let guide = FacilitatorGuide(program: program)
        try ParallelMap.forEach(guide.files()) { file in try files.write(file.make(), to: file.path) }
        return RenderSummary(folder: folder)
    }

    /// After an edit of chapters' texts alone: each edited chapter's reading time and
    /// videos are replaced where they stand in its page; the rest of the guide is made from
    /// front matter and quizzes, which did not change.
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
            guard var page = files.stagedContents(path), Self.replaceTextPart(of: chapter, heading: 2, in: &page, guide: guide),
                Self.replaceTextPart(of: chapter, heading: 3, in: &whole, guide: guide)
            else { return nil }
            written.append((path, page))
        }
        written.append((FacilitatorGuide.wholeGuidePath, whole))
        for page in written { try files.write(page.data, to: page.path) }
        return RenderSummary(folder: folder)
    }

    /// Replaces the text part of `chapter` where it stands in `page`, when it stands there
    /// exactly once.
    static func replaceTextPart(of chapter: CompiledChapter, heading: Int, in page: inout Data, guide: FacilitatorGuide) -> Bool {
        guard let start = SystemCalls.onlyRange(of: Data(FacilitatorGuide.textStart(chapter.id).utf8), in: page),
            let end = SystemCalls.onlyRange(of: Data((FacilitatorGuide.textEnd(chapter.id) + "\n").utf8), in: page), start.lowerBound < end.upperBound
        else { return false }
        page.replaceSubrange(start.lowerBound..<end.upperBound, with: guide.textPart(chapter, heading: heading))
        return true
    }

    public func servedFiles(_ program: CompiledProgram, context: RenderContext) -> [String: ServedFile] {
        var served: [String: ServedFile] = [:]
        for file in FacilitatorGuide(program: program).files() { served[file.path] = .made(file.make) }
        return served
    }
}
