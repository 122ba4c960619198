import ArgumentParser
import FolioCore
import FolioExplanations
import Foundation

/// `folio explain`: what a message code means, with an example of the mistake and of
/// its fix; without a code, every code with its summary.
struct ExplainCommand: ParsableCommand {
    /// The name, the help text and its examples.
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a message code, with an example of the mistake and its fix.",
        discussion: """
            Every message Folio gives ends with its code in brackets, such as
            [quiz-single-correct-count]. This command says what the code means and why it
            matters, and shows content with the mistake and the same content fixed.

            Examples:
              folio explain                              list every code with its summary
              folio explain unknown-field                explain one code
              folio explain unknown-field --format json  the same, for tools
            """)

    /// The code to explain, as printed in a message.
    @Argument(help: "The code, as printed in brackets at the end of a message. Leave it out to list every code.")
    var code: String?

    /// Text for people, JSON for tools.
    @Option(help: "How to print: `text` for people, `json` for tools.")
    var format: OutputFormat = .text

    /// An unknown code is a usage mistake, answered with the nearest code.
    func validate() throws {
        guard let code, Self.code(code) == nil else { return }
        let suggestions = Self.suggestions(for: Self.normalized(code))
        let question =
            suggestions.isEmpty
            ? "."
            : "; did you mean " + (suggestions.count == 1 ? "" : "one of ") + suggestions.map { "`\($0)`" }.joined(separator: ", ") + "?"
        throw ValidationError("there is no message code `\(code)`\(question) Run `folio explain` to list every code.")
    }

    /// Prints the explanation, or the list.
    func run() throws {
        let renderer = ExplanationRenderer(useColor: format == .text && Terminal.colorOnStandardOutput)
        guard let explanation = code.flatMap(Self.code) else {
            print(format == .json ? renderer.json(list: Explanation.all) : renderer.list(Explanation.all), terminator: "")
            return
        }
        print(format == .json ? renderer.json(explanation) : renderer.text(explanation), terminator: "")
    }

    /// The codes an author may have meant by `written`: a close spelling of a whole code
    /// (`quiz-no-hnit`), else, at most three, the codes with a word that is the one written
    /// or a close spelling of it (`hnit` gives `quiz-no-hint`).
    static func suggestions(for written: String) -> [String] {
        let names = Explanation.names
        guard !written.isEmpty else { return [] }
        if let near = NearestName.find(written, among: names) { return [near] }
        let words = written.split(separator: "-").map(String.init)
        let matching = names.filter { name in
            let parts = name.split(separator: "-").map(String.init)
            return words.allSatisfy { word in parts.contains { $0 == word || (word.count >= 4 && NearestName.find(word, among: [$0]) != nil) } }
        }
        return Array(matching.prefix(3))
    }

    /// The explanation of the code `text` names: as printed, in any case, with or
    /// without its brackets.
    static func code(_ text: String) -> Explanation? {
        Explanation.named(normalized(text))
    }

    static func normalized(_ text: String) -> String {
        var text = text.trimmingCharacters(in: .whitespaces).lowercased()
        if text.hasPrefix("[") { text.removeFirst() }
        if text.hasSuffix("]") { text.removeLast() }
        return text
    }
}
