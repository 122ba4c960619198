import FolioCore

/// The welcome page: `welcome.json`.
public struct WelcomePage: Codable, Sendable, Hashable {
    /// The page's title.
    public var title: String
    /// As in ``Chapter/html``: videos are placeholders indexing ``videos``.
    public var html: String
    /// The page's videos, indexed by the placeholders in ``html``.
    public var videos: [Video]
    /// A welcome page from its title, HTML and videos.
    public init(title: String, html: String, videos: [Video] = []) {
        self.title = title
        self.html = html
        self.videos = videos
    }
}

/// The bill of rights: `bill-of-rights.json`.
public struct BillOfRights: Codable, Sendable, Hashable {
    /// The page's title.
    public var title: String
    /// Words before the rights, when the program has them.
    public var intro: RichText?
    /// The rights, in the order written.
    public var rights: [Right]

    /// A bill of rights from its title, introduction and rights.
    public init(title: String, intro: RichText?, rights: [Right]) {
        self.title = title
        self.intro = intro
        self.rights = rights
    }

    /// One right every learner has.
    public struct Right: Codable, Sendable, Hashable {
        /// The right's id, stable for links to it.
        public var id: String
        /// The right, in one sentence.
        public var text: RichText
        /// What the right means in practice, when the program says more.
        public var detail: RichText?
        /// A right from its id, text and detail.
        public init(id: String, text: RichText, detail: RichText?) {
            self.id = id
            self.text = text
            self.detail = detail
        }
    }
}

/// A flashcard deck: `decks/<id>.json`.
public struct Deck: Codable, Sendable, Hashable {
    /// The deck's id, which names its file (`decks/<id>.json`).
    public var id: String
    /// The deck's title.
    public var title: String
    /// The cards, in the order written.
    public var cards: [Card]
    /// A deck from its id, title and cards.
    public init(id: String, title: String, cards: [Card]) {
        self.id = id
        self.title = title
        self.cards = cards
    }

    /// One card.
    public struct Card: Codable, Sendable, Hashable {
        /// Stable across reordering: the `id` the author wrote, or one made from the
        /// front's words (see ``Quiz`` for the rule). Study progress is kept by it.
        public var id: String
        /// The front and back as the author wrote them: inline Markdown, most often plain
        /// words (decks are often imported from plain lists).
        public var front: String
        /// The back, as the author wrote it.
        public var back: String
        /// A picture shown with the front (format 1.3).
        public var image: CardImage?
        /// The front and back as quiz text is carried, the Markdown with its HTML (format
        /// 1.4 on, in the bundle): nil in bundles written before, whose readers have
        /// ``front`` and ``back`` alone.
        public var frontText: RichText?
        /// The back as rich text, as ``frontText`` is the front.
        public var backText: RichText?
        /// A card from its id, words and picture; its rich texts are set by
        /// ``Deck/withRichText(_:)``.
        public init(id: String, front: String, back: String, image: CardImage? = nil) {
            self.id = id
            self.front = front
            self.back = back
            self.image = image
        }
    }

    /// The deck as the bundle carries it: each card's front and back also as rich text,
    /// their HTML `html[text]` (``CompiledProgram/cardHTML``, which holds only texts whose
    /// HTML is not the text itself), its media addresses from the bundle's root
    /// (`media/...`), as in quiz text. A text `html` does not hold is escaped, never
    /// taken as HTML: the same for plain words, and no `<script>` for any other.
    public func withRichText(_ html: [String: String]) -> Deck {
        func rich(_ text: String) -> RichText {
            RichText(
                markdown: text, html: html[text].map { MediaAddresses.rewrite($0, from: "../media/", to: "media/") } ?? escaped(text))
        }
        // As cmark escapes text: an apostrophe left as it is.
        func escaped(_ text: String) -> String {
            var text = text
            var out: [UInt8] = []
            text.withUTF8 { HTMLText.appendEscaped($0, to: &out, apostrophes: false) }
            return String(decoding: out, as: UTF8.self)
        }
        var deck = self
        for index in deck.cards.indices {
            deck.cards[index].frontText = rich(deck.cards[index].front)
            deck.cards[index].backText = rich(deck.cards[index].back)
        }
        return deck
    }

    /// A card's picture: a file of the bundle's `media/`, and words for whoever cannot see it.
    public struct CardImage: Codable, Sendable, Hashable {
        /// `media/...`, as chapters' pictures are.
        public var path: String
        /// Words for whoever cannot see the picture.
        public var alt: String
        /// A card's picture from its path and words.
        public init(path: String, alt: String) {
            self.path = path
            self.alt = alt
        }
    }
}
