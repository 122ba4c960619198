import FolioCore

/// Makes ``GIFTText`` out of the characters of a question part: trimmed, with its
/// `[format]` marker read, and the place of every character kept.
enum GIFTTextReader {
    /// Stands for the answer block of a missing-word question while the prompt is
    /// trimmed and its format marker read; it never reaches the text.
    private static let blankMark: Unicode.Scalar = "\u{E000}"

    /// Text that has no format marker of its own (titles).
    static func text(_ characters: ArraySlice<GIFTCharacter>, file: String, format: GIFTFormat, start: GIFTPosition) -> GIFTText {
        make(characters.trimmed, file: file, format: format, stated: false, start: start)
    }

    /// Text that may start with `[html]`, `[markdown]`, `[plain]` or `[moodle]`; without
    /// one it takes `format`. A bracketed word close to a marker's name is reported,
    /// since it is most likely a misspelt marker; it is kept as text, as Moodle does.
    static func text(
        _ characters: ArraySlice<GIFTCharacter>, file: String, format: GIFTFormat, start: GIFTPosition, diagnostics: inout DiagnosticList
    ) -> GIFTText {
        var rest = characters.trimmed
        var format = format
        var stated = false
        if let open = rest.first, open.isSymbol("["),
            let close = rest.prefix(12).firstIndex(where: { $0.scalar == "]" })
        {
            let name = rest[(rest.startIndex + 1)..<close].string
            if let known = GIFTFormat(rawValue: name) {
                format = known
                stated = true
                rest = rest[(close + 1)...].trimmed
            } else if name.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }),
                let suggestion = NearestName.find(name, among: GIFTFormat.allCases.map(\.rawValue))
            {
                diagnostics.warning(
                    .giftUnsupported, at: open.position.location(in: file),
                    "`[\(name)]` is not a GIFT format marker, so it is kept as text; did you mean `[\(suggestion)]`?",
                    help: "the markers are `[html]`, `[markdown]`, `[plain]` and `[moodle]`, in lower case")
            }
        }
        return make(rest, file: file, format: format, stated: stated, start: characters.first?.position ?? start)
    }

    /// The text of a question around its answer block. For a missing-word question (text
    /// after the block) the result says where the block stood in the text.
    static func prompt(
        before: ArraySlice<GIFTCharacter>, after: ArraySlice<GIFTCharacter>, file: String, start: GIFTPosition, diagnostics: inout DiagnosticList
    ) -> (text: GIFTText, blank: Int?) {
        guard !after.trimmed.isEmpty else {
            return (text(before, file: file, format: .moodle, start: start, diagnostics: &diagnostics), nil)
        }
        let mark = GIFTCharacter(scalar: blankMark, escaped: true, position: after.first?.position ?? start)
        var joined = Array(before)
        joined.append(mark)
        joined += after
        var prompt = text(joined[...], file: file, format: .moodle, start: start, diagnostics: &diagnostics)
        let scalars = Array(prompt.value.unicodeScalars)
        guard let blank = scalars.indices.first(where: { scalars[$0] == blankMark && prompt.positions[$0] == mark.position }) else {
            return (prompt, nil)
        }
        var value = String.UnicodeScalarView()
        value.append(contentsOf: scalars[..<blank])
        value.append(contentsOf: scalars[(blank + 1)...])
        prompt.value = String(value)
        prompt.positions.remove(at: blank)
        return (prompt, blank)
    }

    private static func make(_ characters: ArraySlice<GIFTCharacter>, file: String, format: GIFTFormat, stated: Bool, start: GIFTPosition) -> GIFTText {
        GIFTText(
            value: characters.string, format: format, formatStated: stated, file: file, positions: characters.map(\.position),
            emptyPosition: characters.first?.position ?? start)
    }
}
