import FolioCore
import FolioModel

/// Reflection questions (`type: reflection`): a prompt and, if the author wants, a
/// `discussion` prompt, and nothing that grades (no choices, answer, hints, points).
/// They become the quiz's ``Reflection``s, with ids unique among all its questions.
enum ReflectionRules {
    static let typeName = "reflection"
    /// What a reflection question may have besides its prompt.
    static let fields: Set<String> = ["id", "prompt", "type", "discussion"]

    static func isReflection(_ written: WrittenQuestion) -> Bool { written.type?.value == typeName }

    static func build(_ written: [WrittenQuestion], into parsed: inout CheckedQuiz, diagnostics: inout DiagnosticList) {
        var taken = Dictionary(
            zip(parsed.quiz.questions, parsed.questions).map { ($0.id, $1.idStated ? $1.idLocation : $1.location) }, uniquingKeysWith: { first, _ in first })
        var reflections: [Reflection] = []
        for question in written {
            for (key, at) in question.keys.sorted(by: { ($0.value.line, $0.value.column) < ($1.value.line, $1.value.column) }) where !fields.contains(key) {
                diagnostics.error(
                    .quizFieldNotForType, at: at, "a reflection question does not use `\(key)`: it is never graded, so it has no right answer, hints or points",
                    help: "remove `\(key)`, or remove `type: reflection` if this question has a right answer")
            }
            var id = ImplicitID.make(for: question.prompt ?? "", fallback: "thought")
            if let stated = question.id, Identifier.check(stated.value, kind: "question", at: stated.location, diagnostics: &diagnostics) {
                id = stated.value
            }
            let at = question.id?.location ?? question.location
            if let first = taken[id] {
                if question.id != nil {
                    diagnostics.error(
                        .quizDuplicateQuestionID, at: at, "two questions of this quiz have the id `\(id)`", help: "give this question an id of its own",
                        notes: [.init(location: first, message: "the other question with this id")])
                    continue
                }
                // An id made from a prompt that reads like another's is told apart by its place.
                var number = 2
                while taken["\(id)-\(number)"] != nil { number += 1 }
                id = "\(id)-\(number)"
            }
            taken[id] = at
            reflections.append(
                Reflection(id: id, prompt: QuestionRules.rich(question.prompt ?? ""), discussion: question.discussion.map(QuestionRules.rich)))
        }
        parsed.quiz.reflections = reflections.isEmpty ? nil : reflections
    }
}
