import FolioCore

/// The files `folio new` starts from: real files in `Assets/Templates/`, with
/// `{{name}}` where the title, the id or a quiz line goes.
enum ContentTemplate {
    /// A new chapter, naming the quiz `quiz` when there is one.
    static func chapter(title: String, quiz: String?) -> String {
        fill("chapter.md", ["title": YAMLQuoting.scalar(title), "quiz": quiz.map(quizLines) ?? ""])
    }

    /// A new quiz with one example question, and the other kinds in notes.
    static func quiz(title: String, id: String) -> String {
        fill("quiz.yaml", ["title": YAMLQuoting.scalar(title), "id": id, "stated-id": statedID(id, kind: "quiz")])
    }

    /// A new deck with two example cards.
    static func deck(title: String, id: String) -> String {
        fill("deck.yaml", ["title": YAMLQuoting.scalar(title), "id": id, "stated-id": statedID(id, kind: "deck")])
    }

    /// The lines of a chapter's front matter that name its quiz.
    static func quizLines(_ quiz: String) -> String {
        "# The quiz at the end of the chapter: the file quizzes/\(quiz).yaml.\nquiz: \(quiz)\n"
    }

    /// An `id:` line for a quiz or deck whose file name alone would give another id:
    /// `3-2-1-go.yaml` would be read as `2-1-go`, its leading number being taken for
    /// an order.
    private static func statedID(_ id: String, kind: String) -> String {
        guard ContentID.fromFileName(id + ".yaml").id != id else { return "" }
        return "# The \(kind)'s id; its file name alone would give another.\nid: \(id)\n"
    }

    private static func fill(_ name: String, _ values: [String: String]) -> String {
        var text = AuthoringAssets.files["Templates/" + name] ?? ""
        for (key, value) in values { text = text.replacingOccurrences(of: "{{\(key)}}", with: value) }
        return text
    }
}
