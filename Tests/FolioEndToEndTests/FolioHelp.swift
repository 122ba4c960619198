import Foundation

/// The help of every command, as `folio <command> --help` prints it, and the examples it
/// shows.
enum FolioHelp {
    /// The help of `command`, laid out for a screen `columns` wide (argument-parser reads
    /// `COLUMNS`; 80 is what it uses when the output is not a terminal).
    static func text(_ command: [String], columns: Int = 80) throws -> String {
        try FolioProcess.run(command + ["--help"], environment: ["COLUMNS": String(columns)]).stdout
    }

    /// The names listed under SUBCOMMANDS in a command's help, `help` left out.
    static func subcommands(of command: [String]) throws -> [String] {
        let help = try text(command)
        guard let start = help.range(of: "\nSUBCOMMANDS:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    /// Every command, found from the root's help down, so a new one is checked too.
    static func everyCommand() throws -> [[String]] {
        var found: [[String]] = [[]]
        var index = 0
        while index < found.count {
            found += try subcommands(of: found[index]).map { found[index] + [$0] }
            index += 1
        }
        return found
    }

    /// The lines of the help's `Examples:` block, up to the blank line that ends it.
    static func examplesBlock(of help: String) -> [Substring]? {
        guard let start = help.range(of: "\n\nExamples:\n") else { return nil }
        return Array(help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty })
    }

    /// The help's discussion: what follows the one-line abstract, up to USAGE.
    static func discussion(of help: String) -> Substring {
        guard let overview = help.range(of: "\n\n"), let usage = help.range(of: "\n\nUSAGE:") else { return "" }
        return help[overview.upperBound..<usage.lowerBound]
    }
}

/// One line of an Examples block: `  folio <arguments>`, then, after two spaces or
/// more, what it does; or, on a line of its own, the rest of what the line above does.
struct ExampleLine: Equatable {
    /// The command as typed, `folio` first; nil on a line that only goes on describing.
    var command: String?
    /// The column the description starts at; nil when the line has none.
    var descriptionColumn: Int?

    init(_ line: Substring) {
        let text = String(line)
        if text.hasPrefix("  folio ") {
            let rest = text.dropFirst(2)
            if let gap = rest.range(of: "  ") {
                command = String(rest[..<gap.lowerBound])
                let description = rest[gap.lowerBound...].firstIndex { $0 != " " }
                descriptionColumn = description.map { text.distance(from: text.startIndex, to: $0) }
            } else {
                command = String(rest)
            }
        } else {
            command = nil
            descriptionColumn = text.firstIndex { $0 != " " }.map { text.distance(from: text.startIndex, to: $0) }
        }
    }

    /// The command's words as a POSIX shell splits them (quotes removed), and the file
    /// it reads its standard input from (`< answers.txt`), if any.
    var words: (arguments: [String], input: String?)? {
        guard let command else { return nil }
        var words: [String] = []
        var word: String?
        var quote: Character?
        for character in command {
            if let open = quote {
                if character == open { quote = nil } else { word = (word ?? "") + String(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                word = word ?? ""
            } else if character == " " {
                if let finished = word { words.append(finished) }
                word = nil
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if let word { words.append(word) }
        var input: String?
        if let redirect = words.firstIndex(of: "<"), redirect + 1 < words.count {
            input = words[redirect + 1]
            words.removeSubrange(redirect...)
        }
        return (words, input)
    }
}
