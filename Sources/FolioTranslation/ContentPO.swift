import FolioCompiler
import FolioContent
import FolioCore
import FolioGettext
import FolioSyntax
import Foundation

/// The program's texts as a PO file for a translator, and back into its translation files.
///
/// Each translatable text of an original is one entry: its context is the original's path
/// and the text's key (`quizzes/feelings-check.yaml#naming-a-feeling/prompt`, an item
/// without a stated id by its place, `#3`, as the translation record keys it), its
/// original the original's words, its translation the words of the translation beside it
/// (empty when there is none). A typed answer's `accept` list is one entry, an answer a
/// line. The entries of an item the record finds outdated are fuzzy, with the words they
/// were translated from as the previous original.
public enum ContentPO {
    /// A content file as the PO files read and write it.
    public struct Files {
        /// Every file's path in the content folder.
        public var paths: [String]
        /// A text file's text, by its path.
        public var read: (String) -> String?

        /// The files of `paths`, read by `read`.
        public init(paths: [String], read: @escaping (String) -> String?) {
            self.paths = paths
            self.read = read
        }
    }

    /// The originals `files` holds that a translation into `language` translates, in order.
    static func originals(in files: Files, language: String) -> [(path: String, kind: ContentKind)] {
        files.paths.sorted().compactMap { path in
            let kind = ContentKind(path: path, otherLanguages: [language])
            switch kind {
            case .welcome, .billOfRights, .chapter, .quiz, .deck: return (path, kind)
            default: return nil
            }
        }
    }

    /// The PO file of the program's texts for translating into `language`. `recorded` is
    /// the translation record (`translations/<language>.yaml`), `current` the record as
    /// `mark-current` would write it now: an item whose fingerprint differs is outdated.
    public static func file(
        _ files: Files, language: String, recorded: TranslationRecord?, current: TranslationRecord?, project: String
    ) -> POFile {
        var entries: [POEntry] = []
        for (path, kind) in originals(in: files, language: language) {
            guard let text = files.read(path), let texts = ContentTexts.texts(of: kind, path: path, text: text) else { continue }
            let translationPath = ContentTexts.translationPath(of: path, language: language)
            var translated: [String: String] = [:]
            if let translation = files.read(translationPath), let their = ContentTexts.texts(of: kind, path: translationPath, text: translation) {
                for text in their { translated[text.key] = text.text }
            }
            let outdated = outdatedItems(recorded: recorded?.files[translationPath], current: current?.files[translationPath])
            let byItem = Dictionary(grouping: texts, by: \.item)
            for text in texts {
                var entry = POEntry(
                    context: "\(path)#\(text.key)", source: text.text, translation: translated[text.key] ?? "", notes: text.note,
                    references: ["\(path):\(text.line)"])
                if let before = outdated[text.item], !entry.translation.isEmpty {
                    entry.isFuzzy = true
                    entry.previousSource = previousWords(of: text, among: byItem[text.item] ?? [text], recorded: before)
                }
                entries.append(entry)
            }
        }
        return POFile(header: InterfacePO.header(language: language, project: project), entries: entries)
    }

    /// The items of one translation whose original changed since it was marked, with the
    /// words the record holds for each.
    static func outdatedItems(recorded: [TranslationRecord.Item]?, current: [TranslationRecord.Item]?) -> [String: String] {
        guard let recorded, let current else { return [:] }
        let before = Dictionary(recorded.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var outdated: [String: String] = [:]
        for item in current {
            guard let old = before[item.key] else { continue }
            if old.fingerprint != item.fingerprint { outdated[item.key] = old.text ?? "" }
        }
        return outdated
    }

    /// The words `text` was translated from, out of its item's recorded words: the record
    /// keeps an item's texts one after another, a line apart, so when the item has as
    /// many lines now as then, each text's lines are its own; otherwise the item's words.
    static func previousWords(of text: ContentText, among texts: [ContentText], recorded: String) -> String {
        guard texts.count > 1 else { return recorded }
        func lineCount(_ text: ContentText) -> Int {
            if case .list = text.place { return 1 }
            return text.text.split(separator: "\n", omittingEmptySubsequences: false).count
        }
        let lines = recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard texts.map(lineCount).reduce(0, +) == lines.count else { return recorded }
        var start = 0
        for each in texts {
            let count = lineCount(each)
            if each.key == text.key {
                let words = lines[start..<start + count].joined(separator: "\n")
                if case .list = each.place { return words.replacingOccurrences(of: ", ", with: "\n") }
                return words
            }
            start += count
        }
        return recorded
    }
}

/// Why a PO file cannot be imported, at its place in the PO file (or in a content file).
public struct ContentPOProblem: Error, Sendable, Equatable {
    /// The file the problem is in.
    public var file: String
    /// Its line, from 1; 0 when none is known.
    public var line: Int
    /// What is wrong, and what to do.
    public var message: String

    /// A problem at `line` of `file`.
    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }
}

extension ContentPO {
    /// What importing PO files changes in the content folder, planned in full before any
    /// file is written.
    public struct Import: Sendable {
        /// Files to create, by path, with their text.
        public var newFiles: [String: String] = [:]
        /// Existing files to change, by path: their text when read, and the new one.
        public var edits: [String: (original: String, text: String)] = [:]
        /// The items of each translation, by its path, that the PO file translates from
        /// the original's words as they are now, to be marked current.
        public var current: [String: Set<String>] = [:]

        /// An import that changes nothing yet.
        public init() {}

        /// Whether nothing changes.
        public var isEmpty: Bool { newFiles.isEmpty && edits.isEmpty && current.isEmpty }

        /// A text as this import leaves it: changed, created, or as `read` has it.
        public func text(_ path: String, read: (String) -> String?) -> String? { newFiles[path] ?? edits[path]?.text ?? read(path) }
    }

    /// Plans writing `po`, a PO file of the program's texts read from `poPath` (whose text
    /// is `poText`, for the lines of its entries), into the translations into its
    /// `Language`. Adds to `plan`, so that several files are planned as one change.
    public static func plan(
        _ po: POFile, poPath: String, poText: String, language: String, files: Files, into plan: inout Import
    ) throws(ContentPOProblem) {
        let lines = EntryLines(poText)
        let originals = Dictionary(originals(in: files, language: language).map { ($0.path, $0.kind) }, uniquingKeysWith: { first, _ in first })
        var byFile: [String: [(key: String, entry: POEntry)]] = [:]
        for entry in po.entries {
            let line = lines.line(of: entry.context)
            guard let context = entry.context, let hash = context.firstIndex(of: "#") else {
                throw ContentPOProblem(
                    file: poPath, line: line,
                    message: "this entry has no context naming a file and a text (`quizzes/x.yaml#id/prompt`): it is not from `folio translate export`")
            }
            let path = String(context[..<hash])
            guard originals[path] != nil else {
                throw ContentPOProblem(
                    file: poPath, line: line, message: "`\(context)` names `\(path)`, which is not a file of the program that is translated")
            }
            try checkLineEnds(entry, poPath: poPath, line: line)
            byFile[path, default: []].append((String(context[context.index(after: hash)...]), entry))
        }
        for (path, entries) in byFile.sorted(by: { $0.key < $1.key }) {
            let kind = originals[path]!
            guard let originalText = files.read(path), let originalTexts = ContentTexts.texts(of: kind, path: path, text: originalText) else {
                throw ContentPOProblem(file: path, line: 0, message: "`\(path)` cannot be read: run `folio check` and fix it first")
            }
            let known = Dictionary(originalTexts.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            for (key, entry) in entries where known[key] == nil {
                throw ContentPOProblem(
                    file: poPath, line: lines.line(of: entry.context),
                    message: "`\(path)` has no text `\(key)`: the original changed since the PO file was exported; export it again")
            }
            let translationPath = ContentTexts.translationPath(of: path, language: language)
            let existing = plan.text(translationPath, read: files.read)
            let target = existing ?? originalText
            guard let targetTexts = ContentTexts.texts(of: kind, path: translationPath, text: target) else {
                throw ContentPOProblem(file: translationPath, line: 0, message: "`\(translationPath)` cannot be read: run `folio check` and fix it first")
            }
            let byKey = Dictionary(targetTexts.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            var replacements: [(place: ContentText.Place, text: String)] = []
            var translatesSomething = false
            for (key, entry) in entries where !entry.translation.isEmpty {
                guard let written = byKey[key] else {
                    throw ContentPOProblem(
                        file: poPath, line: lines.line(of: entry.context),
                        message: "`\(translationPath)` has no text where `\(key)` goes: add it there by hand, then import again")
                }
                if case .line(_, let tabbed) = written.place,
                    entry.translation.contains("\n") || (tabbed && entry.translation.contains("\t"))
                        || entry.translation.trimmingCharacters(in: " \t") != entry.translation
                {
                    throw ContentPOProblem(
                        file: poPath, line: lines.line(of: entry.context),
                        message: "a text of a TXT deck is one line\(tabbed ? " without a TAB" : ""), without spaces around it: write this translation so")
                }
                translatesSomething = true
                if sameWords(written, entry.translation) { continue }
                replacements.append((written.place, entry.translation))
            }
            // A translation made from the original is made only when it translates something.
            if existing == nil, !translatesSomething { continue }
            if !replacements.isEmpty || existing == nil {
                let text = TextReplacement.apply(replacements, to: target)
                if existing == nil || plan.newFiles[translationPath] != nil {
                    plan.newFiles[translationPath] = text
                } else {
                    plan.edits[translationPath] = (plan.edits[translationPath]?.original ?? target, text)
                }
            }
            let byItem = Dictionary(grouping: entries, by: { known[$0.key]!.item })
            for (item, itemEntries) in byItem
            where itemEntries.allSatisfy({ !$0.entry.isFuzzy && !$0.entry.translation.isEmpty && $0.entry.source == known[$0.key]!.text }) {
                plan.current[translationPath, default: []].insert(item)
            }
        }
    }

    /// Whether `written` says `words` already (an `accept` list by its answers, whatever
    /// way its list is written).
    static func sameWords(_ written: ContentText, _ words: String) -> Bool {
        if case .list = written.place { return answers(written.text) == answers(words) }
        return written.text == words
    }

    /// The answers of an `accept` entry: one a line, without spaces around.
    static func answers(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: " \t") }.filter { !$0.isEmpty }
    }

    /// What msgfmt refuses of an entry: a translation that does not begin and end with a
    /// line break where its original does.
    static func checkLineEnds(_ entry: POEntry, poPath: String, line: Int) throws(ContentPOProblem) {
        guard !entry.translation.isEmpty else { return }
        if entry.source.hasPrefix("\n") != entry.translation.hasPrefix("\n") {
            throw ContentPOProblem(
                file: poPath, line: line,
                message:
                    "the original \(entry.source.hasPrefix("\n") ? "begins" : "does not begin") with a line break and the translation \(entry.translation.hasPrefix("\n") ? "does" : "does not"): msgfmt refuses it; begin both alike"
            )
        }
        if entry.source.hasSuffix("\n") != entry.translation.hasSuffix("\n") {
            throw ContentPOProblem(
                file: poPath, line: line,
                message:
                    "the original \(entry.source.hasSuffix("\n") ? "ends" : "does not end") with a line break and the translation \(entry.translation.hasSuffix("\n") ? "does" : "does not"): msgfmt refuses it; end both alike"
            )
        }
    }
}

/// The line of each entry of a PO file, by its context, found in the file's text: what
/// libgettextpo reads does not say where each message was.
struct EntryLines {
    /// The line of each context's `msgctxt`, from 1; the first, for a context given twice.
    var lines: [String: Int] = [:]

    init(_ text: String) {
        let all = text.split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < all.count {
            let line = all[index]
            guard line.hasPrefix("msgctxt ") else {
                index += 1
                continue
            }
            // A long context is written as `msgctxt ""` and the lines of strings below it.
            var context = Self.string(line.dropFirst("msgctxt ".count))
            var next = index + 1
            while next < all.count, all[next].hasPrefix("\"") {
                context += Self.string(all[next])
                next += 1
            }
            if lines[context] == nil { lines[context] = index + 1 }
            index = next
        }
    }

    /// The text of a quoted PO string, its escapes read.
    static func string(_ quoted: Substring) -> String {
        var body = quoted.trimmingCharacters(in: " \t")
        guard body.count >= 2, body.hasPrefix("\""), body.hasSuffix("\"") else { return "" }
        body = String(body.dropFirst().dropLast())
        var text = ""
        var escaped = false
        for character in body {
            if escaped {
                switch character {
                case "n": text.append("\n")
                case "t": text.append("\t")
                default: text.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                text.append(character)
            }
        }
        return text
    }

    /// The line of the entry whose context is `context`, from 1; 0 when it is not found.
    func line(of context: String?) -> Int { context.flatMap { lines[$0] } ?? 0 }
}

extension StringProtocol {
    fileprivate func trimmingCharacters(in set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
