import FolioCore
import FolioModel
import FolioProgram
import Foundation

/// A renderer whose files can each be made on their own, when asked for: `folio serve`
/// shows such an output straight from the program, making only the pages a browser asks
/// for, so that a save shows in a moment however large the program is.
public protocol ServableRenderer: OutputRenderer {
    /// Every file ``OutputRenderer/render(_:into:context:)`` writes, by its path in the
    /// renderer's folder, each made only when asked for, to the same bytes.
    func servedFiles(_ program: CompiledProgram, context: RenderContext) -> [String: ServedFile]
}

/// A file of an output, made when asked for.
public enum ServedFile: Sendable {
    /// Made from the program.
    case made(@Sendable () -> Data)
    /// A file of the content folder, as it is (a picture, a video).
    case copied(from: String)
}

/// The files of one servable output.
public struct ServedOutput: Sendable {
    /// The renderer's folder (empty for one that writes at the output's root).
    public var folder: String
    public var files: [String: ServedFile]
}

extension BuildDriver {
    /// The files of every renderer that can make each on request (``ServableRenderer``),
    /// in the renderers' order. `previewVersion` versions what caches (the site's offline
    /// copy) instead of the bundle's hash, which a preview does not make.
    public func servedOutputs(_ program: CompiledProgram, previewVersion: String) -> [ServedOutput] {
        let store = BuildProducts.Store(program: program, shelf: nil)
        return renderers.compactMap { renderer in
            guard let servable = renderer as? any ServableRenderer else { return nil }
            let context = RenderContext(
                previewVersion: previewVersion,
                products: BuildProducts(store: store, renderer: Self.name(of: renderer), uses: renderer.uses, makes: renderer.makes))
            return ServedOutput(folder: renderer.folder, files: servable.servedFiles(program, context: context))
        }
    }
}
