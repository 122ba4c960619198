import FolioTestSupport
import Foundation
import XCTest

/// The help people read before anything else: examples for every command, the exit
/// codes, and shell completion that works.
final class HelpTests: XCTestCase {
    /// The names listed under SUBCOMMANDS in a command's help, `help` left out.
    func subcommands(of command: [String]) throws -> [String] {
        let help = try FolioProcess.run(command + ["--help"]).stdout
        guard let start = help.range(of: "\nSUBCOMMANDS:\n") else { return [] }
        return help[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "help" }
    }

    /// Every command, found from the root's help down, so a new one is checked too.
    func everyCommand() throws -> [[String]] {
        var found: [[String]] = [[]]
        var index = 0
        while index < found.count {
            found += try subcommands(of: found[index]).map { found[index] + [$0] }
            index += 1
        }
        return found
    }

    func testEveryCommandAndSubcommandHasExamplesThatFitTheScreen() throws {
        let commands = try everyCommand()
        for expected in [
            ["init"], ["new"], ["new", "chapter"], ["new", "quiz"], ["new", "deck"], ["check"], ["build"], ["serve"], ["explain"], ["import"],
        ] {
            XCTAssertTrue(commands.contains(expected), "\(expected) is listed in the help")
        }
        for command in commands {
            let name = (["folio"] + command).joined(separator: " ")
            let help = try FolioProcess.run(command + ["--help"])
            XCTAssertEqual(help.status, 0, name)
            guard let start = help.stdout.range(of: "\n\nExamples:\n") else {
                XCTFail("`\(name) --help` has no Examples: block:\n\(help.stdout)")
                continue
            }
            let examples = help.stdout[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            XCTAssertTrue(
                examples.contains { $0.hasPrefix("  \(name)") }, "`\(name) --help` shows `\(name)` itself in use:\n\(examples.joined(separator: "\n"))")
            for line in examples {
                // The help is wrapped at 80 columns; an example too long for that
                // continues at the left edge, out of its column.
                XCTAssertTrue(line.hasPrefix("  "), "`\(name) --help`: an example is too long for 80 columns: \(line)")
            }
        }
    }

    /// argument-parser wraps the discussion to the screen itself: a line as written that
    /// is 80 characters or more is broken at its last space, leaving a fragment (`3),`)
    /// on a line of its own. At 80 columns the discussion must read as written, as it
    /// does on a screen so wide that nothing wraps.
    func testAtEightyColumnsNoLineOfAnyHelpIsBrokenInTwo() throws {
        for command in try FolioHelp.everyCommand() {
            let name = (["folio"] + command).joined(separator: " ")
            let narrow = FolioHelp.discussion(of: try FolioHelp.text(command, columns: 80))
            let wide = FolioHelp.discussion(of: try FolioHelp.text(command, columns: 1000))
            XCTAssertFalse(wide.isEmpty, "`\(name) --help` has a discussion")
            XCTAssertEqual(narrow, wide, "`COLUMNS=80 \(name) --help` breaks a line that is too long")
        }
    }

    /// Every line of an Examples block is a whole example: `  folio ...` with, after two
    /// spaces or more, what it does, starting at the block's description column; or the
    /// rest of that description, at the same column. A fragment of a broken line, or an
    /// example run into its description, is neither.
    func testEveryLineOfEveryExamplesBlockIsAWholeExampleOrItsDescription() throws {
        for command in try FolioHelp.everyCommand() {
            let name = (["folio"] + command).joined(separator: " ")
            let help = try FolioHelp.text(command, columns: 80)
            let block = try XCTUnwrap(FolioHelp.examplesBlock(of: help), "`\(name) --help` has examples")
            let lines = block.map(ExampleLine.init)
            let columns = Set(lines.compactMap(\.descriptionColumn))
            XCTAssertLessThanOrEqual(columns.count, 1, "`\(name) --help`: descriptions start at one column:\n\(block.joined(separator: "\n"))")
            for (text, line) in zip(block, lines) {
                XCTAssertLessThan(text.count, 80, "`\(name) --help`: \(text)")
                if line.command == nil {
                    XCTAssertNotNil(line.descriptionColumn, "`\(name) --help`: an empty line inside the examples")
                    XCTAssertGreaterThan(line.descriptionColumn ?? 0, 2, "`\(name) --help`: a fragment, not an example: \(text)")
                } else {
                    XCTAssertTrue(line.command!.hasPrefix("folio "), text.description)
                    XCTAssertNotNil(line.words, "`\(name) --help`: \(text)")
                }
            }
            XCTAssertTrue(
                lines.contains { $0.command.map { "\($0) ".hasPrefix(name + " ") } ?? false }, "`\(name) --help` shows `\(name)` itself in use")
        }
    }

    func testTheRootHelpDocumentsTheExitCodesTheCodeUses() throws {
        let help = try FolioProcess.run(["--help"]).stdout
        for text in [
            "Exit codes: 0 no errors (warnings allowed), 1 the content has errors (or\nwarnings, with --strict), 2 a usage or file problem",
            "Also 1 when `import`\nleft a question out because of a mistake in the GIFT file, or the input of\n`quiz` ended before the quiz did; 130 when `quiz` or `study` is stopped with\nCtrl-C (`serve` stops with 0).",
        ] {
            XCTAssertTrue(help.contains(text), "\(text)\n---\n\(help)")
        }
        let folder = try TestFixtures.temporaryFolder(self)
        XCTAssertEqual(try FolioProcess.run(["--help"]).status, 0)
        XCTAssertEqual(try FolioProcess.run([]).status, 0, "folio alone shows the help")
        XCTAssertEqual(try FolioProcess.run(["check"], in: folder).status, 2, "no content folder")
        XCTAssertEqual(try FolioProcess.run(["bogus"], in: folder).status, 2, "an unknown command")
        XCTAssertEqual(try FolioProcess.run(["build", "--outptu", "x"], in: folder).status, 2, "an unknown option")
        XCTAssertEqual(try FolioProcess.run(["quiz", "x", "--bundle", "Nothing"], in: folder).status, 2, "no bundle")
        XCTAssertEqual(try FolioProcess.run(["grade"], in: folder).status, 2, "a missing argument")
        let progress = folder.appendingPathComponent("progress.sqlite")
        try "not a database".write(to: progress, atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(at: TestFixtures.sampleContent, to: folder.appendingPathComponent("Content"))
        let unreadable = try FolioProcess.run(["progress", "--content", "Content", "--progress", progress.path], in: folder)
        XCTAssertEqual(unreadable.status, 2, "a progress file that is not one: \(unreadable.stderr)")
        XCTAssertTrue(unreadable.stderr.hasPrefix("error: "), unreadable.stderr)
    }

    func testTheRootHelpSaysHowToInstallCompletion() throws {
        let help = try FolioProcess.run(["--help"]).stdout
        for shell in ["bash", "zsh", "fish"] {
            XCTAssertTrue(help.contains("folio --generate-completion-script \(shell)"), shell)
        }
    }

    /// Sources the bash script as bash-completion would and asks it what completes
    /// `line` (the cursor at its end).
    func bashCompletions(_ script: URL, _ line: String) throws -> [String] {
        var words = line.split(separator: " ").map(String.init)
        if line.hasSuffix(" ") { words.append("") }
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "bash", "-c",
            """
            source '\(script.path)'
            COMP_LINE='\(line)'; COMP_POINT=\(line.count); COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
            _folio folio '\(words.last!)' '\(words[words.count - 2])'
            printf '%s\\n' "${COMPREPLY[@]}"
            """,
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        return text.split(separator: "\n").map(String.init)
    }

    func testTheBashCompletionScriptCompletesTheCommandsAndTheirOptions() throws {
        let generated = try FolioProcess.run(["--generate-completion-script", "bash"])
        XCTAssertEqual(generated.status, 0, generated.stderr)
        for command in ["init", "new", "check", "build"] {
            XCTAssertTrue(generated.stdout.contains("_folio_\(command)()"), "a completion function for \(command)")
        }
        let script = try TestFixtures.temporaryFolder(self).appendingPathComponent("folio.bash")
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)

        let commands = try bashCompletions(script, "folio ")
        for command in ["init", "new", "check", "build", "quiz", "import"] {
            XCTAssertTrue(commands.contains(command), "folio <Tab> offers \(command): \(commands)")
        }
        XCTAssertEqual(Set(try bashCompletions(script, "folio new ")).intersection(["chapter", "quiz", "deck"]), ["chapter", "quiz", "deck"])
        let options = try bashCompletions(script, "folio check --")
        for option in ["--format", "--strict", "--quiet", "--drafts"] {
            XCTAssertTrue(options.contains(option), "folio check --<Tab> offers \(option): \(options)")
        }
        XCTAssertEqual(try bashCompletions(script, "folio check --format "), ["text", "json", "github"])
    }

    func testZshAndFishScriptsAreGeneratedToo() throws {
        for shell in ["zsh", "fish"] {
            let generated = try FolioProcess.run(["--generate-completion-script", shell])
            XCTAssertEqual(generated.status, 0, shell)
            for command in ["init", "new", "check", "build"] {
                XCTAssertTrue(generated.stdout.contains(command), "\(shell): \(command)")
            }
        }
    }
}
