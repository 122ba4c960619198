import ArgumentParser
import FolioInterface
import FolioRunner
import Foundation

/// `--language`: the language `folio quiz`, `folio study` and `folio progress` speak.
struct LanguageOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "The language to speak, such as `es` (default: the first of LC_ALL, LC_MESSAGES and LANG the program has, else its own).",
            discussion: "`en-XA`, accented and bracketed English, is a test language every program has.", valueName: "TAG"))
    var language: String?

    /// The catalogue for `source`: the language asked for, else the learner's locale's,
    /// else the program's. A language the program does not have is a usage mistake.
    func interface(for source: ProgramSource, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> InterfaceCatalogue {
        let available = Self.languages(of: source)
        guard
            let chosen = LanguageChoice.choose(
                requested: language, environment: environment, available: available, defaultLanguage: source.language)
        else {
            let listed = (available + [PseudoLanguage.tag]).map { "`\($0)`" }.joined(separator: ", ")
            throw ValidationError("\(source.title) has no language `\(language ?? "")`: give one of \(listed)")
        }
        return InterfaceCatalogue.forLanguage(chosen, adding: source.interfaceCatalogues[chosen])
    }

    /// The catalogue for what is said without reading a program (the learners here, moving
    /// a progress file): the language asked for or the locale's among Folio's own, else
    /// English.
    func interfaceWithoutProgram(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> InterfaceCatalogue {
        guard
            let chosen = LanguageChoice.choose(
                requested: language, environment: environment, available: InterfaceCatalogue.shippedLanguages, defaultLanguage: "en")
        else {
            let listed = (InterfaceCatalogue.shippedLanguages + [PseudoLanguage.tag]).map { "`\($0)`" }.joined(separator: ", ")
            throw ValidationError("Folio has no language `\(language ?? "")` of its own: give one of \(listed)")
        }
        return InterfaceCatalogue.forLanguage(chosen)
    }

    /// The options that keep the language, as typed after a command the runners suggest.
    var followUpOptions: String { language.map { " --language " + LearnerName.shellWord($0) } ?? "" }

    /// The languages a program can be shown in: its own, and every language with a
    /// catalogue, Folio's or the program's.
    static func languages(of source: ProgramSource) -> [String] {
        var languages = [source.language]
        for language in InterfaceCatalogue.shippedLanguages + source.interfaceCatalogues.keys.sorted() where !languages.contains(language) {
            languages.append(language)
        }
        return languages
    }
}
