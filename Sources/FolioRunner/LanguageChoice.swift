import FolioInterface

/// Which language the runners and `folio progress` speak: the one asked for, else the
/// first of the learner's locale settings the program has, else the program's own.
public enum LanguageChoice {
    /// The locale variables, in the order POSIX gives them precedence for messages.
    public static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

    /// The language for a program whose default is `defaultLanguage` and which has
    /// `available` languages: `requested` when given (nil when the program does not have
    /// it), else the first of the locale variables of `environment` that names one of
    /// them, else the default. A tag matches itself or, failing that, its base language (`es-MX`
    /// matches `es`); the pseudo-language ``PseudoLanguage/tag`` is always available.
    public static func choose(requested: String?, environment: [String: String], available: [String], defaultLanguage: String) -> String? {
        let languages = available + [defaultLanguage, PseudoLanguage.tag]
        if let requested { return match(tag(requested), in: languages) }
        // A variable that names no language (`C`) or one the program lacks says nothing
        // about what she reads: the next one is asked.
        for variable in localeVariables {
            if let wanted = environment[variable].flatMap(localeTag), let found = match(wanted, in: languages) { return found }
        }
        return defaultLanguage
    }

    /// The BCP 47 tag of a locale setting: `es_MX.UTF-8` is `es-MX`, `de_DE@euro` is
    /// `de-DE`; nil for `C` and `POSIX`, which name no language.
    public static func localeTag(_ value: String) -> String? {
        let name = value.prefix { $0 != "." && $0 != "@" }
        guard !name.isEmpty, name != "C", name != "POSIX" else { return nil }
        return tag(String(name))
    }

    /// `es_mx` written as a tag: `es-MX`.
    static func tag(_ text: String) -> String {
        let parts = text.split(whereSeparator: { $0 == "_" || $0 == "-" })
        return parts.enumerated().map { index, part in
            index == 0 ? part.lowercased() : part.count == 2 ? part.uppercased() : String(part)
        }.joined(separator: "-")
    }

    private static func match(_ wanted: String, in languages: [String]) -> String? {
        if let exact = languages.first(where: { $0.lowercased() == wanted.lowercased() }) { return exact }
        let base = wanted.split(separator: "-").first.map { String($0).lowercased() } ?? wanted
        return languages.first { $0.lowercased() == base }
    }
}
