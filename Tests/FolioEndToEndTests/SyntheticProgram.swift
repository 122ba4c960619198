import Foundation

/// Writes a valid program of many chapters, for tests that need a long build.
enum SyntheticProgram {
    static func write(chapters: Int, to folder: URL) throws {
        let fm = FileManager.default
        for sub in ["chapters", "quizzes"] {
            try fm.createDirectory(at: folder.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try "id: large-program\ntitle: Large program\n".write(to: folder.appendingPathComponent("folio.yaml"), atomically: true, encoding: .utf8)
        try "Welcome.\n".write(to: folder.appendingPathComponent("welcome.md"), atomically: true, encoding: .utf8)
        let paragraph = String(repeating: "Growing up means *learning* about yourself, your friends and the world. ", count: 20)
        for n in 1...chapters {
            let chapter = "---\ntitle: Chapter \(n)\nquiz: quiz-\(n)\n---\n\n## Part one\n\n\(paragraph)\n\n## Part two\n\n\(paragraph)\n"
            try chapter.write(to: folder.appendingPathComponent("chapters/\(n)-chapter-\(n).md"), atomically: false, encoding: .utf8)
            let quiz = "title: Quiz \(n)\nquestions:\n  - prompt: Is this chapter \(n)?\n    type: true-false\n    answer: true\n    hint: Look at the title.\n"
            try quiz.write(to: folder.appendingPathComponent("quizzes/quiz-\(n).yaml"), atomically: false, encoding: .utf8)
        }
    }
}
