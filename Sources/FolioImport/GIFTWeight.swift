import FolioCore

/// Reads the `%50%` weight that may start an answer: the percentage of the question's
/// credit that answer earns, from -100 to 100.
enum GIFTWeight {
    /// The weight at the start of `body` (nil when there is none), where it was written,
    /// and the rest of the answer. Nil for all three when a weight is malformed (reported).
    static func read(
        _ body: ArraySlice<GIFTCharacter>, file: String, diagnostics: inout DiagnosticList
    ) -> (weight: Double?, location: SourceLocation?, rest: ArraySlice<GIFTCharacter>)? {
        let trimmed = body.trimmed
        guard let open = trimmed.first, open.isSymbol("%"),
            let close = trimmed.dropFirst().prefix(12).firstIndex(where: { $0.isSymbol("%") })
        else { return (nil, nil, body) }
        let written = trimmed[(trimmed.startIndex + 1)..<close].string
        // Only digits and signs make a weight; other text between two `%` is text.
        guard !written.isEmpty, written.unicodeScalars.allSatisfy({ "0123456789.-+".unicodeScalars.contains($0) }) else {
            return (nil, nil, body)
        }
        let at = open.position.location(in: file)
        guard let weight = Double(written), weight.isFinite, (-100...100).contains(weight) else {
            diagnostics.error(
                .giftSyntax, at: at, "`%\(written)%` is not a weight from -100% to 100%, so the question is skipped",
                help: "write the share of the credit this answer earns, such as `%50%` or `%-100%`")
            return nil
        }
        return (weight, at, trimmed[(close + 1)...])
    }
}
