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
        let names = Explanation.names
        let written = Self.normalized(code)
        let suggestion = NearestName.find(written, among: names) ?? names.first { !written.isEmpty && $0.contains(written) }
        throw ValidationError(
            "there is no message code `\(code)`" + (suggestion.map { "; did you mean `\($0)`?" } ?? "")
                + " Run `folio explain` to list every code.")
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
