import FolioCore
import FolioProgram
import FolioSyntax

/// Reads `facilitator:`, the notes for the adult who leads a session, in a chapter's
/// front matter or a quiz file: `goals`, `discussion` and `materials` (lists, or one text),
/// `notes` (text) and `time` (`45 min`, `1 h`, `1 h 30 min`).
enum FacilitatorFields {
    static let fields = ["goals", "discussion", "notes", "time", "materials"]

    /// The notes of `node`; nil when nothing could be read (and it was reported).
    static func read(_ node: YAMLNode, diagnostics: inout DiagnosticList) -> FacilitatorNotes? {
        let reported = diagnostics.all.count
        guard let fields = FieldReader(node, what: "`facilitator`", allowed: Self.fields, diagnostics: &diagnostics) else { return nil }
        var notes = FacilitatorNotes(
            goals: texts("goals", of: fields, diagnostics: &diagnostics),
            discussion: texts("discussion", of: fields, diagnostics: &diagnostics),
            notes: fields.string("notes", diagnostics: &diagnostics).flatMap(nonBlank),
            materials: texts("materials", of: fields, diagnostics: &diagnostics))
        if let time = fields.value("time", diagnostics: &diagnostics) {
            notes.minutes = minutes(time, diagnostics: &diagnostics)
        }
        // Fields that could not be read were reported; what was read is not said to be empty.
        if notes.isEmpty, diagnostics.all.count == reported {
            diagnostics.warning(
                .facilitatorEmpty, at: node.location, "`facilitator` says nothing, so the facilitator's guide shows nothing for it",
                help: "write what the facilitator needs under it, such as `goals: [...]`, `notes: ...` or `time: 45 min`; or remove it")
        }
        return notes
    }

    private static func nonBlank(_ text: String) -> String? { FieldReader.isBlank(text) ? nil : text }

    private static func texts(_ key: String, of fields: FieldReader, diagnostics: inout DiagnosticList) -> [String] {
        (fields.stringList(key, diagnostics: &diagnostics) ?? []).compactMap(nonBlank)
    }

    /// `45 min`, `45 minutes`, `1 h`, `2 hours`, `1 h 30 min`, or a number of minutes.
    static func minutes(_ node: YAMLNode, diagnostics: inout DiagnosticList) -> Int? {
        if case .scalar(let text, _) = node.kind, let minutes = minutes(in: text) { return minutes }
        let written: String
        if case .scalar(let text, _) = node.kind { written = ", not `\(text)`" } else { written = ", but this is \(node.kindDescription)" }
        diagnostics.error(
            .facilitatorTimeInvalid, at: node.location, "`time` should be a length of time such as `45 min` or `1 h 30 min`" + written,
            help: "write the minutes or hours the session takes, as `time: 45 min`, `time: 1 h` or `time: 1 h 30 min`")
        return nil
    }

    /// The minutes `text` says, or nil when it is not a length of time Folio reads.
    static func minutes(in text: String) -> Int? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" })
        var total = 0
        var index = 0
        var sawUnit = false
        while index < words.count {
            // `45min` as well as `45 min`.
            var word = words[index]
            let digits = word.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let number = Int(digits), number <= 24 * 60 else { return nil }
            word = word.dropFirst(digits.count)
            if word.isEmpty {
                index += 1
                guard index < words.count else { return total == 0 && !sawUnit && number > 0 ? number : nil }
                word = words[index]
            }
            switch word {
            case "min", "mins", "minute", "minutes", "m": total += number
            case "h", "hr", "hrs", "hour", "hours": total += number * 60
            default: return nil
            }
            sawUnit = true
            index += 1
        }
        return total > 0 && total <= 24 * 60 ? total : nil
    }
}

extension DiagnosticCode {
    public static let facilitatorTimeInvalid = DiagnosticCode("facilitator-time-invalid", .error, .fields)
    public static let facilitatorEmpty = DiagnosticCode("facilitator-empty", .warning, .fields)
}
