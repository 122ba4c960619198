/// The program's settings from `folio.yaml`, as carried in the bundle manifest.
public struct ProgramSettings: Codable, Sendable, Hashable {
    /// The program's id: `id:` in `folio.yaml`, or, when it states none, the id version 1
    /// made from the title. Learners' saved progress is kept under it, so it must not
    /// change once learners have started.
    public var id: String
    /// Whether `folio.yaml` states the id; a derived one changes with the title.
    public var idStated: Bool
    /// The program's title, as learners see it.
    public var title: String
    /// BCP 47 language tag: the program's default language, in which every part is
    /// written first.
    public var language: String
    /// Every language the program is written in (`languages:`), the default first or
    /// wherever `folio.yaml` lists it; `[language]` for a program in one language. Not
    /// part of the bundle's settings, whose format 1.x allows no other fields.
    public var languages: [String] {
        get { statedLanguages ?? [language] }
        set { statedLanguages = newValue == [language] ? nil : newValue }
    }
    /// `languages`, when it is more than the default language alone: kept so, a program
    /// that lists only its one language equals one that lists none.
    private var statedLanguages: [String]?
    /// The program's languages other than the default, in the order `languages` lists them.
    public var otherLanguages: [String] { languages.filter { $0 != language } }
    /// A sentence or two on what the program is (`description:`), shown by the site and its
    /// web app manifest.
    public var description: String?
    /// Where the site is served from; nil means relative links.
    public var baseURL: String?
    /// Share targets shown with chapters and videos (`twitter`, `facebook`).
    public var share: [String]
    /// The "report a problem with this page" address.
    public var contact: String?
    /// Whether raw HTML in chapters is passed through.
    public var allowHTML: Bool
    /// The site's accent colour, `#rrggbb` (`accent:`); nil for Folio's purple. The look of
    /// the site, not part of the bundle (``CodingKeys``).
    public var accent: String?
    /// The program's logo, a picture under `media/` (`logo:`), shown in the site's header.
    /// The site's, not part of the bundle's settings; the file itself is among its media.
    public var logo: String?
    /// Whether learners may share anonymous insights, and how (`insights:`); nil when the
    /// program does not ask. In the bundle since format 1.7, so that an app can ask its
    /// learners as the site does (docs/insights.md).
    public var insights: InsightsSettings?

    /// Settings from their fields; what is not given takes `folio.yaml`'s default.
    public init(
        id: String, idStated: Bool = true, title: String, language: String = "en", description: String? = nil, baseURL: String? = nil,
        share: [String] = [], contact: String? = nil, allowHTML: Bool = false, accent: String? = nil, logo: String? = nil
    ) {
        self.id = id
        self.idStated = idStated
        self.title = title
        self.language = language
        self.description = description
        self.baseURL = baseURL
        self.share = share
        self.contact = contact
        self.allowHTML = allowHTML
        self.accent = accent
        self.logo = logo
    }

    /// The fields the bundle's manifest carries (format 1.x: `bundle.schema.json` allows
    /// no others).
    private enum CodingKeys: String, CodingKey {
        case id, idStated, title, language, description, baseURL, share, contact, allowHTML, insights
    }
}

/// `insights:` in `folio.yaml`: learners may opt in to sending randomized reports
/// (docs/insights.md).
public struct InsightsSettings: Codable, Sendable, Hashable {
    /// The probability that each bit of a report is replaced by a fair coin.
    public var randomize: Double
    /// Where the site sends reports (`https://...`); nil: the learner shares a file.
    public var url: String?

    /// The settings; what is not given takes `folio.yaml`'s default.
    public init(randomize: Double = 0.3, url: String? = nil) {
        self.randomize = randomize
        self.url = url
    }
}
