import FolioCore
import FolioSyntax

/// Reads the fields of one YAML group (`name: value` mapping) into typed values,
/// reporting unknown, missing and mistyped fields at their place.
///
/// Every problem goes to the shared ``DiagnosticList``; a read that fails returns nil
/// so the caller can go on and find further problems in the same run.
struct FieldReader {
    let node: YAMLNode
    let pairs: [YAMLPair]
    /// What the group is, in an author's words ("a question"), for messages.
    let what: String
    /// Fields of this group written under another name (`hnit:` for `hint:`), already
    /// reported with a "did you mean". The author did write them, so they are never
    /// reported missing, and checks that need their value are left out.
    let misspelt: Set<String>
    /// Fields of another group written in this one (`correct:` in a question), already
    /// reported.
    let misplaced: Set<String>

    /// Another group of the same file and its fields, so that a field written at the
    /// wrong level can be told apart from a misspelt one.
    typealias Group = (what: String, fields: [String])

    /// Names authors use from other tools, and the Folio field each means.
    static let synonyms = [
        "question": "prompt", "text": "prompt", "options": "choices", "answers": "choices", "name": "title",
        "heading": "title", "description": "summary", "feedback": "explanation", "right": "correct",
    ]

    /// Reads `node` as a group with exactly the `allowed` fields; reports anything else.
    /// `elsewhere` lists the other groups of the file, for a field that belongs to one.
    /// `textField` is the field a group's one line of text goes in (`text` for a choice):
    /// a plain line written where the group belongs (`- A kind of exercise`) is shown
    /// written with it.
    init?(
        _ node: YAMLNode, what: String, allowed: [String], textField: String? = nil, elsewhere: [Group] = [], diagnostics: inout DiagnosticList
    ) {
        guard case .mapping(let pairs) = node.kind else {
            var help = "write it as fields such as `\(allowed.first ?? "title"): ...`, one per line"
            if let textField, case .scalar(let value, _) = node.kind, !value.isEmpty {
                help = "write the text after `\(textField):`, as `- \(textField): \(value)`, with any other fields of \(what) on the lines below it"
            }
            diagnostics.error(
                .wrongType, at: node.location, "\(what) should be a group of `name: value` fields, but this is \(node.kindDescription)", help: help)
            return nil
        }
        self.node = node
        self.pairs = pairs
        self.what = what
        var misspelt: Set<String> = []
        var misplaced: Set<String> = []
        for pair in pairs where !allowed.contains(pair.key) {
            // `{ text: A, hint: Wait, think }`: the comma ended the hint, and the rest
            // was read as a field with no value.
            if pair.key.contains(" "), case .scalar(let value, .plain) = pair.value.kind, YAMLScalar.isNull(value) {
                diagnostics.error(
                    .unknownField, at: pair.keyLocation,
                    "\"\(pair.key)\" was read as a field name: a comma inside `{ ... }` ends the value before it",
                    help: "put the whole text in quotes, like `hint: \"Wait, \(pair.key)\"`, or write the fields on separate lines")
                continue
            }
            let list = allowed.map { "`\($0)`" }.joined(separator: ", ")
            let synonym = Self.synonyms[pair.key.lowercased()].flatMap { name in
                allowed.contains(name) && !pairs.contains { $0.key == name } ? name : nil
            }
            if let suggestion = NearestName.find(pair.key, among: allowed) ?? synonym {
                misspelt.insert(suggestion)
                diagnostics.error(
                    .unknownField, at: pair.keyLocation, "unknown field `\(pair.key)` in \(what); did you mean `\(suggestion)`?",
                    help: "rename it to `\(suggestion)`; the fields allowed here are \(list)")
            } else if let owner = elsewhere.first(where: { $0.fields.contains(pair.key) }) {
                misplaced.insert(pair.key)
                diagnostics.error(
                    .unknownField, at: pair.keyLocation, "`\(pair.key)` is a field of \(owner.what), not of \(what)",
                    help: "check the indentation: line `\(pair.key):` up with the other fields of \(owner.what); the fields allowed here are \(list)")
            } else {
                diagnostics.error(
                    .unknownField, at: pair.keyLocation, "unknown field `\(pair.key)` in \(what)",
                    help: "check the spelling; the fields allowed here are \(list)")
            }
        }
        self.misspelt = misspelt
        self.misplaced = misplaced
    }

    func has(_ key: String) -> Bool { pairs.contains { $0.key == key } }

    /// Whether `key` is written as one value without quotes, rather than as a list.
    func isPlainScalar(_ key: String) -> Bool {
        guard let pair = pairs.last(where: { $0.key == key }), case .scalar(_, .plain) = pair.value.kind else { return false }
        return true
    }

    /// Whether `key` was meant but could not be read: written under a misspelt name, or
    /// with a value whose reading failed (`read` is nil) although it is not empty. Either
    /// was reported, so a check that needs the value is left out: one mistake, one message.
    func couldNotRead(_ key: String, read: Any?) -> Bool {
        if misspelt.contains(key) { return true }
        guard read == nil, let pair = pairs.last(where: { $0.key == key }) else { return false }
        if case .scalar(let text, .plain) = pair.value.kind, YAMLScalar.isNull(text) { return false }
        return true
    }

    /// Whether `key` is given with nothing after its `:`.
    func isEmpty(_ key: String) -> Bool {
        guard let pair = pairs.last(where: { $0.key == key }), case .scalar(let text, .plain) = pair.value.kind else { return false }
        return YAMLScalar.isNull(text)
    }

    /// The `id:` the file states, or the one its name gives (`01-who-am-i.md` ->
    /// `who-am-i`), with where it comes from; nil (reported) when it is not a valid id.
    /// The id a file states, or the one its name gives; `name` is the name the id comes
    /// from when it is not the file's own (a translation's id is its original's).
    func id(of file: SourceFile, kind: String, name: String? = nil, diagnostics: inout DiagnosticList) -> (id: String, location: SourceLocation)? {
        let name = name ?? String(file.path.split(separator: "/").last!)
        if let stated = string("id", diagnostics: &diagnostics) {
            let location = self.location(of: "id")!
            return Identifier.check(stated, kind: kind, at: location, diagnostics: &diagnostics) ? (stated, location) : nil
        }
        let id = Identifier.fromFileName(name).id
        let location = SourceLocation.startOf(file.path)
        if Identifier.isValid(id) { return (id, location) }
        // The id comes from the file's name, so the fix is a name to rename the file to.
        let renamed = Identifier.suggestion(for: ContentPath.withoutExtension(name)) + "." + ContentPath.fileExtension(name)
        let renamedID = Identifier.fromFileName(renamed).id
        diagnostics.error(
            .invalidID, at: location,
            "the file name `\(name)` cannot give this \(kind) its id: ids, made from file names, use only lower-case letters, digits and single hyphens",
            help: "rename the file to `\(renamed)` (its id will be `\(renamedID)`), or give it an id inside: `id: \(renamedID)`")
        return nil
    }

    /// The value node of `key`, or nil (reporting it when `required`).
    func value(_ key: String, required: Bool = false, diagnostics: inout DiagnosticList, help: String? = nil) -> YAMLNode? {
        if let pair = pairs.last(where: { $0.key == key }) {
            if case .scalar(let text, .plain) = pair.value.kind, YAMLScalar.isNull(text) {
                if required { missing(key, diagnostics: &diagnostics, at: pair.value.location, help: help) }
                return nil
            }
            return pair.value
        }
        // A misspelt field was reported as such; "missing" would be the same mistake twice.
        if required, !misspelt.contains(key) { missing(key, diagnostics: &diagnostics, at: node.location, help: help) }
        return nil
    }

    func location(of key: String) -> SourceLocation? { pairs.last { $0.key == key }?.value.location }
    func keyLocation(of key: String) -> SourceLocation? { pairs.last { $0.key == key }?.keyLocation }

    private func missing(_ key: String, diagnostics: inout DiagnosticList, at location: SourceLocation, help: String?) {
        diagnostics.error(
            .missingField, at: location, "\(what) needs a `\(key)` field",
            help: help ?? "add a line `\(key): ...`")
    }

    // MARK: typed values

    func string(_ key: String, required: Bool = false, diagnostics: inout DiagnosticList, help: String? = nil) -> String? {
        guard let value = value(key, required: required, diagnostics: &diagnostics, help: help) else { return nil }
        guard let text = Self.string(value, field: key, diagnostics: &diagnostics) else { return nil }
        // A required text (a title, a card's front) that is empty is as good as missing.
        if required, Self.isBlank(text) {
            missing(key, diagnostics: &diagnostics, at: value.location, help: help)
            return nil
        }
        return text
    }

    /// Whether `text` is nothing but white space; most texts are known not to be by their
    /// first byte, a letter, without reading them as characters.
    static func isBlank(_ text: String) -> Bool {
        if let first = text.utf8.first, first < 0x80, first != 0x20, !(0x09...0x0D).contains(first) { return false }
        return text.allSatisfy(\.isWhitespace)
    }

    func bool(_ key: String, diagnostics: inout DiagnosticList) -> Bool? {
        guard let value = value(key, diagnostics: &diagnostics) else { return nil }
        return Self.bool(value, field: key, diagnostics: &diagnostics)
    }

    func number(_ key: String, diagnostics: inout DiagnosticList) -> Double? {
        guard let value = value(key, diagnostics: &diagnostics) else { return nil }
        return Self.number(value, field: key, diagnostics: &diagnostics)
    }

    func integer(_ key: String, diagnostics: inout DiagnosticList) -> Int? {
        guard let value = value(key, diagnostics: &diagnostics) else { return nil }
        guard case .scalar(let text, .plain) = value.kind, let number = Int(text) else {
            diagnostics.error(.wrongType, at: value.location, "`\(key)` should be a whole number, like `3`", help: "write a number without quotes")
            return nil
        }
        return number
    }

    func list(_ key: String, diagnostics: inout DiagnosticList) -> [YAMLNode]? {
        guard let value = value(key, diagnostics: &diagnostics) else { return nil }
        guard case .sequence(let items) = value.kind else {
            diagnostics.error(
                .wrongType, at: value.location, "`\(key)` should be a list, but this is \(value.kindDescription)",
                help: "write each item on its own line starting with `- `, or as `[a, b]`")
            return nil
        }
        return items
    }

    /// A list of plain values; a single value is taken as a list of one, which is what
    /// an author writing `accept: yes` means.
    func stringList(_ key: String, diagnostics: inout DiagnosticList) -> [String]? {
        guard let value = value(key, diagnostics: &diagnostics) else { return nil }
        switch value.kind {
        case .scalar:
            return Self.string(value, field: key, diagnostics: &diagnostics).map { [$0] }
        case .sequence(let items):
            return items.compactMap { Self.string($0, field: key, diagnostics: &diagnostics) }
        case .mapping:
            diagnostics.error(
                .wrongType, at: value.location, "`\(key)` should be a list of values, but this is \(value.kindDescription)",
                help: "write the values as `[first, second]`, or each on its own line starting with `- `")
            return nil
        }
    }

    static func string(_ node: YAMLNode, field: String, diagnostics: inout DiagnosticList) -> String? {
        guard case .scalar(let text, _) = node.kind else {
            diagnostics.error(
                .wrongType, at: node.location, "`\(field)` should be text, but this is \(node.kindDescription)",
                help: "write the text on the same line as `\(field):`, in quotes if it contains `: ` or starts with `-`, `[` or `{`")
            return nil
        }
        return text
    }

    static func bool(_ node: YAMLNode, field: String, diagnostics: inout DiagnosticList) -> Bool? {
        guard case .scalar(let text, let style) = node.kind, style == .plain, let value = YAMLScalar.bool(text) else {
            diagnostics.error(
                .wrongType, at: node.location, "`\(field)` should be `true` or `false`" + Self.notABoolean(node),
                help: "write `\(field): true` or `\(field): false`, without quotes")
            return nil
        }
        return value
    }

    /// What was written instead of `true` or `false`, and, when it looks like one, why
    /// it is not, for messages.
    static func notABoolean(_ node: YAMLNode) -> String {
        guard case .scalar(let text, let style) = node.kind else { return ", but this is \(node.kindDescription)" }
        if style != .plain, YAMLScalar.bool(text) != nil { return ", without quotes: in quotes, `\(text)` is text" }
        if ["yes", "no", "on", "off", "y", "n"].contains(text.lowercased()) { return ", not `\(text)`, which Folio reads as a word" }
        let shown = text.count > 30 ? text.prefix(30) + "..." : Substring(text)
        return text.isEmpty ? "" : ", not `\(shown)`"
    }

    static func number(_ node: YAMLNode, field: String, diagnostics: inout DiagnosticList) -> Double? {
        guard case .scalar(let text, .plain) = node.kind, let value = Double(text), value.isFinite else {
            diagnostics.error(
                .wrongType, at: node.location, "`\(field)` should be a number, like `9` or `2.5`",
                help: "write the number without quotes or units")
            return nil
        }
        return value
    }
}

extension DiagnosticCode {
    public static let unknownField = DiagnosticCode("unknown-field", .error, .fields)
    public static let missingField = DiagnosticCode("missing-field", .error, .fields)
    public static let wrongType = DiagnosticCode("wrong-type", .error, .fields)
    public static let invalidValue = DiagnosticCode("invalid-value", .error, .fields)
}
