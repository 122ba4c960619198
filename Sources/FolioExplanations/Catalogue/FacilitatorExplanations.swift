import FolioCompiler
import FolioCore

extension Explanation {
    /// `facilitator:` in a chapter's front matter or a quiz: the facilitator's guide.
    static let facilitator: [Explanation] = [
        Explanation(
            .facilitatorTimeInvalid,
            summary: "a facilitator's `time` is not a length of time",
            meaning: """
                `time` under `facilitator:` says how long a session on the chapter or the \
                quiz takes, for the facilitator's guide. Folio reads minutes and hours: \
                `45 min`, `45 minutes`, `1 h`, `2 hours`, `1 h 30 min`, or a number alone, \
                taken as minutes. Anything else (`soon`, `half an hour`, `45-60 min`) cannot \
                be added up into a session's plan, so it is refused.
                """,
            why: "The guide shows each session's time and adds them up for the whole program; a time it could not read would be left out without a word.",
            mistake: .file(
                "chapters/02-friendship.md",
                friendship(
                    "A good friend listens, and is honest with you even when it is hard.\n",
                    frontMatter: "facilitator:\n  time: about an hour\n")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship(
                    "A good friend listens, and is honest with you even when it is hard.\n",
                    frontMatter: "facilitator:\n  time: 1 h\n"))),
        Explanation(
            .facilitatorEmpty,
            summary: "`facilitator:` is written with nothing under it",
            meaning: """
                `facilitator:` holds what the adult leading a session needs: `goals`, \
                `discussion` questions, `notes`, the `time` it takes and the `materials` to \
                bring. Here it holds none of them (or only blank ones), so the facilitator's \
                guide has nothing to show for it. Often the fields under it are not indented, \
                and were read as fields of the chapter or quiz instead.
                """,
            why: "An empty group is usually notes that were meant to be there; the guide would show nothing without a word.",
            mistake: .file(
                "chapters/02-friendship.md",
                friendship("A good friend listens, and is honest with you even when it is hard.\n", frontMatter: "facilitator: {}\n")),
            fix: .file(
                "chapters/02-friendship.md",
                friendship(
                    "A good friend listens, and is honest with you even when it is hard.\n",
                    frontMatter: "facilitator:\n  goals: [Name two things a good friend does]\n"))),
    ]
}
