import FolioCompiler
import FolioCore

extension Explanation {
    /// `insights:` in `folio.yaml`: anonymous reports learners may opt in to.
    static let insights: [Explanation] = [
        Explanation(
            .insightsRandomizeInvalid,
            summary: "`insights: randomize:` is not between 0 and 1",
            meaning: """
                A learner who shares insights sends, after each quiz, a few yes-or-no \
                answers about one question. Before anything leaves her device, each answer is \
                replaced by a coin toss with the chance `randomize` says, so that no report \
                tells anything certain about her. The chance must be more than 0 (at 0 every \
                report would tell the truth) and less than 1 (at 1 reports would tell \
                nothing). The default, 0.3, replaces three answers in ten.
                """,
            why:
                "The promise made to learners and their parents rests on this chance; Folio will not build a site that would break it, or send reports that say nothing.",
            mistake: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\ninsights:\n  randomize: 0\n"),
            fix: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\ninsights:\n  randomize: 0.3\n")),
        Explanation(
            .insightsURLInvalid,
            summary: "`insights: url:` is not an `https://` address",
            meaning: """
                `url` is where the site sends the reports of learners who share insights: \
                the address of `folio insights collect`, or of another collector, behind a \
                TLS proxy. It must start with `https://` (or be on this machine, \
                `http://localhost`), so that reports travel encrypted, and the site's \
                security policy allows that address and no other. Without `url`, learners \
                save their reports as a file and give it to the facilitator.
                """,
            why: "A report sent in the clear could be read on the way; an address that is not one would leave every report waiting on the device.",
            mistake: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\ninsights:\n  url: insights.example.org\n"),
            fix: .file("folio.yaml", "id: go-grrrls\ntitle: Go Grrrls\ninsights:\n  url: https://insights.example.org/reports\n")),
    ]
}
