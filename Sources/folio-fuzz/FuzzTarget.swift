import CFuzzDriver
import FolioCompiler
import FolioContent
import FolioCore
import Foundation

/// libFuzzer's entry: each input becomes one file of a small valid program (its first
/// byte says which: a chapter, a quiz, a deck in YAML or in text, the welcome page, the
/// settings, the bill of rights, or an HTML page or SVG picture of `media/`, which are
/// read for scripts), which is then checked as `folio check` would. A
/// crash, a hang or a memory error is a bug; problems reported are not.
///
/// Build and run with `make fuzz` (AddressSanitizer and libFuzzer together).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let start, count > 0 else { return 0 }
    let bytes = UnsafeBufferPointer(start: start, count: count)
    let targets = FuzzProgram.targets
    let target = targets[Int(bytes[0]) % targets.count]
    var files = FuzzProgram.base()
    files[target] = Data(bytes.dropFirst())
    var options = Compiler.Options()
    options.releasesLeftOverBeside = false
    _ = try? Compiler(content: ContentInMemory(files: files), options: options).compile()
    return 0
}

/// SwiftPM gives an executable its own `main`, so libFuzzer's is not used: this one
/// hands the command line to libFuzzer's driver.
@main
enum FuzzMain {
    static func main() {
        // Caches made once (this program, the compiler's tables) would look like leaks
        // to the fuzzer's leak check if they were made during its first run.
        for target in 0..<FuzzProgram.targets.count {
            let input: [UInt8] = [UInt8(target)] + Array("title: warm up\n".utf8)
            _ = input.withUnsafeBufferPointer { fuzz($0.baseAddress, $0.count) }
        }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { fuzz($0, $1) })
    }
}

/// The program each input is laid over.
enum FuzzProgram {
    static let targets = [
        "chapters/01-who-am-i.md", "quizzes/who-am-i.yaml", "decks/feelings.yaml", "decks/body-words.txt", "welcome.md", "folio.yaml",
        "bill-of-rights.yaml", "media/page.html", "media/picture.svg",
    ]

    /// Made for each input rather than kept in a global, which the leak check (it sees
    /// through Swift's globals poorly) would report as leaked at exit.
    static func base() -> [String: Data] {
        [
            "folio.yaml": "title: Go Grrrls\nallow_html: true\n",
            "welcome.md": "---\ntitle: Welcome\n---\n\nHello! Start with [the first chapter](chapters/01-who-am-i.md).\n",
            "bill-of-rights.yaml": "title: Girl Bill of Rights\nrights:\n  - text: I have the right to be myself.\n",
            "chapters/01-who-am-i.md":
                "---\ntitle: Who Am I?\nquiz: who-am-i\n---\n\nText with [a link](../welcome.md).\n\n![A talk](https://youtu.be/aBcDeFgHiJ0)\n",
            "quizzes/who-am-i.yaml":
                "title: Quiz\nquestions:\n  - prompt: Yes?\n    choices:\n      - text: yes\n        correct: true\n      - text: no\n        hint: Think.\n",
            "decks/feelings.yaml": "title: Feelings\ncards:\n  - front: Proud\n    back: Good about what you did\n",
            "decks/body-words.txt": "Body words\n\nPuberty\nThe years when your body changes\n",
        ].mapValues { Data($0.utf8) }
    }
}
