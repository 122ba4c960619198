import FolioCore

/// Reads Moodle's GIFT format into a ``GIFTDocument``, following Moodle's own importer
/// where the documentation is silent, and reporting malformed text as `gift-syntax`.
///
/// The reader knows GIFT only; whether Folio can express a question is decided later,
/// by ``GIFTQuizMapper``. It never stops at a problem: a malformed question is reported
/// and skipped, and the next blank line starts afresh.
public enum GIFTReader {
    /// Reads every question of `file`. Work is linear in the size of the file.
    public static func read(_ file: SourceFile, diagnostics: inout DiagnosticList) -> GIFTDocument {
        var document = GIFTDocument()
        var block: [GIFTCharacter] = []
        func flush() {
            if !block.isEmpty { readBlock(block[...], file: file.path, into: &document, diagnostics: &diagnostics) }
            block.removeAll(keepingCapacity: true)
        }
        // Questions are separated by blank lines. Comment lines are left out but do not
        // separate, as in Moodle.
        for (index, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.drop { $0 == " " || $0 == "\t" }
            if content.isEmpty {
                flush()
                continue
            }
            if content.hasPrefix("//") { continue }
            if !block.isEmpty {
                let end = GIFTPosition(line: index, column: Int(block.last?.position.column ?? 0) + 1)
                block.append(GIFTCharacter(scalar: "\n", escaped: false, position: end))
            }
            block += GIFTCharacter.line(line, number: index + 1)
        }
        flush()
        return document
    }

    private static func readBlock(_ all: ArraySlice<GIFTCharacter>, file: String, into document: inout GIFTDocument, diagnostics: inout DiagnosticList) {
        var rest = all.trimmed
        guard let first = rest.first else { return }
        if rest.hasSymbols("$CATEGORY:", at: rest.startIndex) {
            // Moodle reads the whole block as the category; only its line is, here, so
            // that a question written right below it is not lost.
            let lineEnd = rest.firstSymbol("\n") ?? rest.endIndex
            let name = rest[(rest.startIndex + 10)..<lineEnd].trimmed
            document.categories.append(GIFTCategory(name: name.string, location: first.position.location(in: file)))
            rest = rest[lineEnd...].trimmed
            guard !rest.isEmpty else { return }
        }

        let start = rest[rest.startIndex].position.location(in: file)
        /// Leaves the question out, with the error just reported as the reason.
        func skip() {
            document.malformed.append(MalformedQuestion(location: start, error: diagnostics.all.last { $0.severity == .error }))
        }
        var title: GIFTText?
        if rest.hasSymbols("::", at: rest.startIndex) {
            let afterOpening = rest.startIndex + 2
            if let closing = rest.firstSymbols("::", from: afterOpening) {
                title = GIFTTextReader.text(rest[afterOpening..<closing], file: file, format: .plain, start: rest[afterOpening].position)
                rest = rest[(closing + 2)...].trimmed
            } else {
                diagnostics.warning(
                    .giftSyntax, at: start, "this title is not closed with `::`, so it is read as part of the question's text",
                    help: "write the title as `::Title::` before the question, or write `\\:` for a colon that is only text")
                rest = rest[afterOpening...].trimmed
            }
        }
        let afterTitle = rest.first?.position ?? first.position

        let opening = rest.firstSymbol("{")
        let closing = rest.firstSymbol("}")
        switch (opening, closing) {
        case (nil, nil):
            let prompt = GIFTTextReader.text(rest, file: file, format: .moodle, start: afterTitle, diagnostics: &diagnostics)
            document.questions.append(GIFTQuestion(location: start, title: title, prompt: prompt, answersLocation: start, answers: .description))
            return
        case (nil, let close?):
            strayBrace(rest[close], file: file, diagnostics: &diagnostics)
            skip()
        case (let open?, nil):
            diagnostics.error(
                .giftSyntax, at: rest[open].position.location(in: file), "this `{` is never closed, so the question is skipped",
                help: "end the answers with `}` before the next blank line (a blank line ends a question), or write `\\{` for a brace that is only text")
            skip()
        case (let open?, let close?) where close < open:
            strayBrace(rest[close], file: file, diagnostics: &diagnostics)
            skip()
        case (let open?, let close?):
            if let inner = rest[(open + 1)..<close].firstSymbol("{") {
                diagnostics.error(
                    .giftSyntax, at: rest[inner].position.location(in: file), "this `{` is inside another answer block, so the question is skipped",
                    help: "close the first answer block with `}` first, or write `\\{` for a brace that is only text")
                skip()
                return
            }
            if let extra = rest[(close + 1)...].firstIndex(where: { $0.isSymbol("{") || $0.isSymbol("}") }) {
                if rest[extra].isSymbol("}") {
                    strayBrace(rest[extra], file: file, diagnostics: &diagnostics)
                } else {
                    diagnostics.error(
                        .giftSyntax, at: rest[extra].position.location(in: file),
                        "a question has one answer block, and this one already has one at \(rest[open].position.line):\(rest[open].position.column)",
                        help: "put a blank line between two questions, or write `\\{` for a brace that is only text")
                }
                skip()
                return
            }
            let question = GIFTAnswerReader.question(
                rest, open: open, close: close, title: title, start: start, file: file, diagnostics: &diagnostics)
            if let question {
                document.questions.append(question)
            } else {
                skip()
            }
        }
    }

    private static func strayBrace(_ brace: GIFTCharacter, file: String, diagnostics: inout DiagnosticList) {
        diagnostics.error(
            .giftSyntax, at: brace.position.location(in: file), "this `}` closes no `{`, so the question is skipped",
            help: "start the answers with `{`, or write `\\}` for a brace that is only text")
    }
}
