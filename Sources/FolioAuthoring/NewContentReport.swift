extension NewContent.Plan {
    /// What `folio new` says once the files are written: what was made, where, and
    /// what to do next.
    public func report(_ kind: Kind, folder: ContentFolder) -> String {
        var lines: [String] = []
        let check = "`\(folder.command("check"))`"
        switch kind {
        case .chapter:
            lines.append("Created chapter \(number ?? 0), `\(id)`: \(folder.display(path))")
            if let quizPath { lines.append("Created its quiz: \(folder.display(quizPath))") }
            lines.append(
                "Next: write the chapter in that file (its notes show how)"
                    + (quizPath == nil ? "" : " and the questions in the quiz") + ", then run \(check).")
        case .quiz:
            lines.append("Created the quiz `\(id)`: \(folder.display(path))")
            let edited = Set(change.edits.map(\.path))
            for chapter in chapters {
                lines.append(
                    edited.contains(chapter.path)
                        ? "Added `quiz: \(id)` to \(folder.display(chapter.path)): the quiz ends that chapter."
                        : "The chapter `\(chapter.id)` already names it, so the quiz ends that chapter.")
            }
            if chapters.isEmpty {
                lines.append("No chapter ends with it yet: add the line `quiz: \(id)` to the front matter of the chapter it belongs to.")
            }
            lines.append("Next: write the questions in that file (its notes, on lines starting with #, show how), then run \(check).")
        case .deck:
            lines.append("Created the deck `\(id)`: \(folder.display(path))")
            lines.append("Next: write the cards in that file, then run \(check). Once built, the deck is with the site's flashcards.")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What was made.
    public enum Kind: Sendable { case chapter, quiz, deck }
}
