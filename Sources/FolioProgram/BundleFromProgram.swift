import FolioCore
import FolioModel

extension Chapter {
    /// The chapter as the bundle carries it, its body rendered as the bundle's HTML.
    public init(_ compiled: CompiledChapter, pictures: PictureSizes = PictureSizes()) {
        // The pictures are gathered as the HTML is written: a body on a shelf is read once.
        var images = PictureSizes.Gathering(pictures)
        let html = BodyHTML.renderBytes(compiled.body, style: BodyHTML.BundleStyle(pictures: pictures)) { images.see($0) }
        self.init(
            id: compiled.id, title: compiled.title, summary: compiled.summary, order: compiled.order, quiz: compiled.quiz,
            html: String(decoding: html, as: UTF8.self), videos: compiled.videos, headings: compiled.headings,
            plainText: compiled.plainText, previous: compiled.previous, next: compiled.next)
        self.images = images.images
    }
}

extension WelcomePage {
    /// The welcome page as the bundle carries it, its body rendered as the bundle's HTML.
    public init(_ compiled: CompiledPage, pictures: PictureSizes = PictureSizes()) {
        self.init(title: compiled.title, html: BodyHTML.render(compiled.body, style: BodyHTML.BundleStyle(pictures: pictures)), videos: compiled.videos)
    }
}

/// The sizes of a program's pictures, by bundle path, for the outputs to write them.
public struct PictureSizes: Sendable, Hashable {
    let sizes: [String: ChapterImage]
    public init(_ sizes: [String: ChapterImage] = [:]) { self.sizes = sizes }

    /// The size of the picture at `source`, when it is one of the media and known.
    public func size(_ source: ImageSource) -> (width: Int, height: Int)? {
        guard case .media(let path, _) = source, let image = sizes[path], let width = image.width, let height = image.height else { return nil }
        return (width, height)
    }

    /// The media pictures of `body`, each once, in the order they first appear.
    public func images(in body: Body) -> [ChapterImage] {
        guard body.holdsMediaPictures else { return [] }
        var gathering = Gathering(self)
        body.slots.forEach { gathering.see($0.segment) }
        return gathering.images
    }

    /// The media pictures of a body, gathered from its slots as they are read, each with
    /// the words it first appears with.
    struct Gathering {
        let pictures: PictureSizes
        private var seen = Set<String>()
        private(set) var images: [ChapterImage] = []

        init(_ pictures: PictureSizes) { self.pictures = pictures }

        mutating func see(_ segment: BodySegment) {
            guard case .image(.media(let path, _), let alt, _) = segment, seen.insert(path).inserted else { return }
            var image = pictures.sizes[path] ?? ChapterImage(source: path)
            image.alt = alt
            images.append(image)
        }
    }
}
