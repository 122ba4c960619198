import FolioContent
import FolioCore
import FolioDigest
import FolioModel
import FolioProgram
import FolioSyntax
import Foundation

/// `Content/translations/<language>.yaml`: what each translation into a language was
/// made from. Folio writes it (`folio translate mark-current`), never the author: for
/// each translation file, each item of its original (the title, the text, a question by
/// its stated id or its place, `#3`) with the fingerprint of the item's words as they
/// were when the translation was marked current, and the words themselves, to show
/// what changed since.
public struct TranslationRecord: Sendable, Equatable {
    /// One item of an original: its key, the fingerprint of its words, and the words.
    public struct Item: Sendable, Equatable {
        /// `title`, `summary`, `body`, `intro`, or an item's stated id, else its place
        /// (`#3`: the third question, card or right).
        public var key: String
        /// The first 16 hexadecimal digits of the SHA-256 of the item's words.
        public var fingerprint: String
        /// The words; nil where they were not kept (a chapter's text, until asked for).
        public var text: String?

        /// An item from its key, fingerprint and words.
        public init(key: String, fingerprint: String, text: String?) {
            self.key = key
            self.fingerprint = fingerprint
            self.text = text
        }
    }

    /// The items of each translation's original, by the translation's path.
    public var files: [String: [Item]]

    /// A record of the items of each translation's original, by the translation's path.
    public init(files: [String: [Item]] = [:]) { self.files = files }

    /// The items of `items`, an original's as it is now, whose words differ from the
    /// record's `recorded`. An item whose key changed with the same words (`folio pin-ids`
    /// wrote the id it had by its place) is as it was.
    ///
    /// Each item is looked for from its own place on: a record lists an original's items
    /// in their order, so it is almost always there. A file has tens of items, and making
    /// a dictionary and a set of each record's to look them up was most of this
    /// (docs/development.md, "Measured guards").
    static func changedItems(_ items: [Item], since recorded: [Item]) -> [Item] {
        func recordedItem(_ key: String, near place: Int) -> Item? {
            guard !recorded.isEmpty else { return nil }
            let start = min(place, recorded.count - 1)
            for offset in 0..<recorded.count {
                let index = (start + offset) % recorded.count
                if recorded[index].key == key { return recorded[index] }
            }
            return nil
        }
        return items.indices.compactMap { place in
            let item = items[place]
            // A record made before answers were recorded compares the words alone.
            guard let old = recordedItem(item.key, near: place) else {
                return item.key != answersKey && !recorded.contains { $0.fingerprint == item.fingerprint } ? item : nil
            }
            return old.fingerprint != item.fingerprint ? item : nil
        }
    }

    /// The fingerprint of an item's words: the first 16 hexadecimal digits of their SHA-256.
    static func fingerprint(_ text: String) -> String { FileDigest.sha256(utf8: text, digits: 16) }

    /// The same, of the words' UTF-8 bytes where they lie.
    static func fingerprint(utf8 bytes: UnsafeBufferPointer<UInt8>) -> String { FileDigest.sha256(utf8: bytes, digits: 16) }

    /// The item `key` of `text`.
    static func item(_ key: String, _ text: String) -> Item { Item(key: key, fingerprint: fingerprint(text), text: text) }

    // MARK: The items of an original

    static func items(ofWelcome welcome: ParsedWelcome) -> [Item] {
        (welcome.title.map { [item("title", $0)] } ?? []) + [item("body", String(welcome.body))]
    }

    /// A chapter's items; the text's words are read only when they are needed
    /// (``withTexts(of:)``), its fingerprint having been taken as it was read.
    static func items(ofChapter chapter: ParsedChapter) -> [Item] {
        var items = [item("title", chapter.title)]
        if let summary = chapter.summary { items.append(item("summary", summary)) }
        let body = chapter.bodyFingerprint ?? fingerprint(String(chapter.inMemory.body))
        items.append(Item(key: "body", fingerprint: body, text: nil))
        return items
    }

    static func items(ofQuiz checked: CheckedQuiz) -> [Item] {
        let quiz = checked.quiz
        var items = [item("title", quiz.title)]
        guard checked.fromDeck == nil else { return items }
        // Each question read where it is, by index: a copy of each was much of the time
        // this took.
        let count = min(quiz.questions.count, checked.questions.count)
        for index in 0..<count {
            let located = checked.questions[index]
            var words = [quiz.questions[index].prompt.markdown]
            for choice in quiz.questions[index].choices {
                words.append(choice.text.markdown)
                if let hint = choice.hint { words.append(hint.markdown) }
                if let feedback = choice.feedback { words.append(feedback.markdown) }
            }
            words += quiz.questions[index].hints.map(\.markdown)
            if let explanation = quiz.questions[index].explanation { words.append(explanation.markdown) }
            if let accept = quiz.questions[index].accept { words.append(accept.joined(separator: ", ")) }
            items.append(item(located.idStated ? quiz.questions[index].id : "#\(located.position)", words.joined(separator: "\n")))
        }
        for reflection in quiz.reflections ?? [] {
            items.append(item(reflection.id, ([reflection.prompt.markdown] + (reflection.discussion.map { [$0.markdown] } ?? [])).joined(separator: "\n")))
        }
        // Answers are not words, but an original whose answer changed no longer matches
        // its translation: recorded, that change makes the translation outdated.
        // Each by its place, which `folio pin-ids` does not change.
        let answers = (0..<count).map { index -> String in
            let key = "#\(checked.questions[index].position)"
            let answer: String
            switch quiz.questions[index].type {
            case .single, .multiple:
                let choices = quiz.questions[index].choices
                let right = choices.indices.filter { choices[$0].correct }.map { "\($0 + 1)" }
                answer = (right.count == 1 ? "right choice " : "right choices ") + right.joined(separator: ", ")
            case .trueFalse: answer = quiz.questions[index].answer.map(String.init) ?? "-"
            case .number:
                answer = (quiz.questions[index].number.map { "\($0)" } ?? "-") + (quiz.questions[index].tolerance.map { " ± \($0)" } ?? "")
            case .text: answer = "typed"
            }
            return "\(key): \(quiz.questions[index].type.rawValue), \(answer)"
        }
        if !answers.isEmpty { items.append(item(answersKey, answers.joined(separator: "\n"))) }
        return items
    }

    /// The key of a quiz's answers, which no stated id or place can be.
    static let answersKey = "#answers"

    static func items(ofDeck parsed: ParsedDeck, stated: [Bool]) -> [Item] {
        var items = [item("title", parsed.deck.title)]
        for (index, card) in parsed.deck.cards.enumerated() {
            let key = index < stated.count && stated[index] ? card.id : "#\(index + 1)"
            items.append(item(key, [card.front, card.back].joined(separator: "\n") + (card.image.map { "\n" + $0.alt } ?? "")))
        }
        return items
    }

    static func items(ofBillOfRights bill: BillOfRights, stated: [Bool]) -> [Item] {
        var items = [item("title", bill.title)]
        if let intro = bill.intro { items.append(item("intro", intro.markdown)) }
        for (index, right) in bill.rights.enumerated() {
            let key = index < stated.count && stated[index] ? right.id : "#\(index + 1)"
            items.append(item(key, [right.text.markdown, right.detail?.markdown].compactMap { $0 }.joined(separator: "\n")))
        }
        return items
    }

    /// The record of each language's translations that match their originals, as the
    /// originals are now.
    static func current(_ translations: [CheckedTranslation]) -> [String: TranslationRecord] {
        var records: [String: TranslationRecord] = [:]
        for translation in translations where translation.matches {
            records[translation.source.language, default: TranslationRecord()].files[translation.source.file.path] = withTexts(
                translation.items, of: translation.form)
        }
        return records
    }

    /// The items with every text, a chapter's read back from where it waits.
    static func withTexts(_ items: [Item], of form: CheckedTranslation.Form) -> [Item] {
        guard case .chapter(_, let original) = form, items.contains(where: { $0.text == nil }) else { return items }
        let body = String(original.inMemory.body)
        return items.map { $0.text == nil && $0.key == "body" ? item("body", body) : $0 }
    }

    // MARK: State

    /// How far `translation` is translated, by the record; warns when it is outdated or
    /// not recorded.
    static func state(
        of translation: CheckedTranslation, recorded: TranslationRecord?, withWords: () -> TranslationRecord? = { nil }, defaultLanguage: String,
        diagnostics: inout DiagnosticList
    ) -> TranslationState {
        guard translation.matches || !translation.structureChanges.isEmpty else { return .missing }
        let source = translation.source
        let path = source.file.path
        let command = "folio translate mark-current \(source.language) \(path)"
        guard let items = recorded?.files[path] else {
            diagnostics.warning(
                .translationUnmarked, at: .startOf(path),
                "`\(path)` is not marked as translated from `\(source.original)` as it is now: learners see it, but it is not counted as translated, and a later change to the original will not be noticed",
                help: "once the translation is checked, run `\(command)`")
            return .unmarked
        }
        let changed = changedItems(translation.items, since: items)
        guard !changed.isEmpty else { return .translated }
        let now = withTexts(changed, of: translation.form)
        let recordedWords: [String: String] = Dictionary(
            (items.first?.text == nil ? withWords()?.files[path] ?? items : items).compactMap { item in item.text.map { (item.key, $0) } },
            uniquingKeysWith: { first, _ in first })
        var changes = now.map { item -> String in
            let old = recordedWords[item.key]
            let name = item.key == answersKey ? "the answer key" : "`\(item.key)`"
            guard let old else { return "\(name) is new: \(quoted(item.text ?? ""))" }
            return "\(name) was \(quoted(old, against: item.text ?? "")) and is now \(quoted(item.text ?? "", against: old))"
        }
        if !translation.structureChanges.isEmpty {
            changes.append("and its structure changed: " + translation.structureChanges.joined(separator: "; "))
        }
        diagnostics.warning(
            .translationOutdated, at: changed.lazy.compactMap { translation.places[$0.key] }.first ?? .startOf(path),
            "`\(path)` was translated from an earlier `\(source.original)`, so learners see the original (\(defaultLanguage)) until it is brought up to date: "
                + changes.joined(separator: "; "),
            help: "translate what changed, then run `\(command)`")
        return .outdated
    }

    /// A text for a message: one line, quoted; of a text of several lines, the first line
    /// that differs from `other`.
    static func quoted(_ text: String, against other: String? = nil) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if let other {
            let otherLines = other.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if let first = lines.indices.first(where: { $0 >= otherLines.count || lines[$0] != otherLines[$0] }) {
                lines = Array(lines[first...])
            }
        }
        var line = (lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? "").trimmingCharacters(in: .whitespaces)
        if line.count > 80 { line = String(line.prefix(77)) + "..." }
        return "\"\(line)\""
    }

    /// The records Folio would write for the translations among `files` (texts by path,
    /// `folio.yaml` listing the languages), by the record's path: what
    /// `folio translate mark-current` writes for them, for examples of content.
    public static func marking(_ files: [String: String]) -> [String: String] {
        var options = Compiler.Options()
        options.keepsTranslationRecords = true
        let content = ContentInMemory(files: files.mapValues { Data($0.utf8) })
        guard let result = try? Compiler(content: content, options: options).compile() else { return [:] }
        return Dictionary(uniqueKeysWithValues: result.translationRecords.map { ("translations/\($0.key).yaml", $0.value.yaml) })
    }

    /// The languages besides the default that the settings `text` (`folio.yaml`) lists.
    public static func otherLanguages(inSettings text: String) -> [String] {
        SettingsParser.otherLanguages(in: SourceFile(path: "folio.yaml", text: text))
    }

    // MARK: The file

    /// The record `file` holds; nil when it cannot be read, so that every translation is
    /// then unmarked.
    static func read(_ file: SourceFile) -> TranslationRecord? {
        if let written = readAsWritten(file.text, keepingTexts: true) { return written }
        var ignored = DiagnosticList()
        guard let root = YAMLFile.root(of: file, diagnostics: &ignored), case .mapping(let files) = root.kind else { return nil }
        var record = TranslationRecord()
        for file in files {
            guard case .mapping(let entries) = file.value.kind else { continue }
            record.files[file.key] = entries.compactMap { entry in
                guard case .mapping(let fields) = entry.value.kind else { return nil }
                var fingerprint: String?
                var text: String?
                for field in fields {
                    guard case .scalar(let value, _) = field.value.kind else { continue }
                    if field.key == "fingerprint" { fingerprint = value }
                    if field.key == "text" { text = value }
                }
                return fingerprint.map { Item(key: entry.key, fingerprint: $0, text: text) }
            }
        }
        return record
    }

    /// Reads the record as Folio writes it (``yaml``), a line at a time, without a YAML
    /// tree: the record holds the words of every translated original, tens of megabytes
    /// for a large program, which a build reads only for their fingerprints. Nil when a
    /// line is not as Folio writes it (the file was edited), for YAML's reader to read.
    static func readAsWritten(_ text: String, keepingTexts: Bool) -> TranslationRecord? {
        var text = text
        return text.withUTF8 { readAsWritten(UnsafeRawBufferPointer($0), keepingTexts: keepingTexts) }
    }

    /// The same, of the file's bytes: a line of words that are not kept is passed over
    /// eight bytes at a time (``ByteScan``), and only keys and fingerprints become
    /// strings, straight from the bytes between their quotes when nothing in them is
    /// escaped. A record holds the words of every item of the program, the largest file a
    /// build reads, and read by line and character it was most of the time a build in two
    /// languages spent reading files (docs/development.md, "Measured guards").
    static func readAsWritten(_ raw: UnsafeRawBufferPointer, keepingTexts: Bool) -> TranslationRecord? {
        let bytes = raw.assumingMemoryBound(to: UInt8.self)
        var record = TranslationRecord()
        var path: String?
        var items: [Item] = []
        var key: String?
        var fingerprint: String?
        var words: String?
        func endItem() {
            if let key, let fingerprint { items.append(Item(key: key, fingerprint: fingerprint, text: words)) }
            key = nil
            fingerprint = nil
            words = nil
        }
        func endFile() {
            endItem()
            if let path { record.files[path] = items }
            path = nil
            items = []
        }
        let textPrefix = Array("    text: ".utf8)
        let fingerprintPrefix = Array("    fingerprint: ".utf8)
        let newline = UInt8(ascii: "\n"), quote = UInt8(ascii: "\""), colon = UInt8(ascii: ":"), space = UInt8(ascii: " ")
        let backslash = UInt8(ascii: "\\")
        func starts(at start: Int, _ end: Int, with prefix: [UInt8]) -> Bool {
            end - start >= prefix.count && prefix.indices.allSatisfy { bytes[start + $0] == prefix[$0] }
        }
        /// The text quoted in `bytes[start..<end]`.
        func unquoted(_ start: Int, _ end: Int) -> String? {
            guard end - start >= 2, bytes[start] == quote, bytes[end - 1] == quote else { return nil }
            let inner = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(end - 1)])
            let escaped = ByteScan.next(in: inner, from: 0) { ByteScan.byte(backslash, in: $0) | ByteScan.byte(quote, in: $0) }
            guard escaped < inner.count else { return String(decoding: inner, as: UTF8.self) }
            return unquote(Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)))
        }
        var offset = 0
        while offset < bytes.count {
            let start = offset
            let end = ByteScan.next(in: bytes, from: start) { ByteScan.byte(newline, in: $0) }
            offset = end + 1
            guard end > start, bytes[start] != UInt8(ascii: "#") else { continue }
            if starts(at: start, end, with: textPrefix) {
                guard keepingTexts else { continue }
                guard let value = unquoted(start + textPrefix.count, end) else { return nil }
                words = value
            } else if starts(at: start, end, with: fingerprintPrefix) {
                guard let value = unquoted(start + fingerprintPrefix.count, end) else { return nil }
                fingerprint = value
            } else if end - start > 3, bytes[start] == space, bytes[start + 1] == space, bytes[start + 2] == quote, bytes[end - 1] == colon {
                endItem()
                guard path != nil, let value = unquoted(start + 2, end - 1) else { return nil }
                key = value
            } else if bytes[start] == quote, bytes[end - 1] == colon {
                endFile()
                guard let value = unquoted(start, end - 1) else { return nil }
                path = value
            } else {
                return nil
            }
        }
        endFile()
        return record
    }

    /// The text `quoted` says in YAML's double quotes, as ``quote(_:)`` writes it; nil
    /// when it is not one quoted text.
    static func unquote(_ quoted: Substring) -> String? {
        guard quoted.count >= 2, quoted.hasPrefix("\""), quoted.hasSuffix("\"") else { return nil }
        let inner = quoted.dropFirst().dropLast()
        guard inner.contains("\\") || inner.contains("\"") else { return String(inner) }
        var text = ""
        var scalars = inner.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\" else {
                if scalar == "\"" { return nil }
                text.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.next() {
            case "n": text += "\n"
            case "t": text += "\t"
            case "r": text += "\r"
            case "\"": text += "\""
            case "\\": text += "\\"
            case "u":
                var hex = ""
                for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
                guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                text.unicodeScalars.append(decoded)
            default: return nil
            }
        }
        return text
    }

    /// Reads the record of the text `text`, as it is written at `path`.
    public static func read(text: String, path: String) -> TranslationRecord? { read(SourceFile(path: path, text: text)) }

    /// The record as Folio writes it: files and their items in a stable order, every
    /// value quoted.
    public var yaml: String {
        var text = """
            # Written by `folio translate mark-current`; do not edit. For each
            # translation, the words of each item of its original when the
            # translation was marked current, and their fingerprint: a later
            # change to the original shows as `translation-outdated`.

            """
        for path in files.keys.sorted() {
            text += Self.quote(path) + ":\n"
            for item in files[path] ?? [] {
                text += "  " + Self.quote(item.key) + ":\n"
                text += "    fingerprint: " + Self.quote(item.fingerprint) + "\n"
                if let words = item.text { text += "    text: " + Self.quote(words) + "\n" }
            }
        }
        return text
    }

    /// `text` in YAML's double quotes, which say every character.
    static func quote(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0xFEFF
                    || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    quoted += String(format: "\\u%04X", scalar.value)
                } else {
                    quoted.unicodeScalars.append(scalar)
                }
            }
        }
        return quoted + "\""
    }
}

extension DiagnosticCode {
    /// The original changed since its translation was marked current.
    public static let translationOutdated = DiagnosticCode("translation-outdated", .warning, .translations)
    /// A translation was never marked current.
    public static let translationUnmarked = DiagnosticCode("translation-unmarked", .warning, .translations)
}
