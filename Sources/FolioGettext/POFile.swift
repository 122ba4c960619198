import CGettextPO

/// One entry of a PO file: an original text (`msgid`), the context that tells it apart from
/// others with the same words (`msgctxt`), and its translation (`msgstr`).
public struct POEntry: Sendable, Hashable {
    /// What tells the entry apart from others with the same original; Folio writes an
    /// item's stable id here.
    public var context: String?
    /// The original text.
    public var source: String
    /// The translation; empty while untranslated.
    public var translation: String
    /// Whether a translator must look again (`#, fuzzy`): the original changed since.
    public var isFuzzy: Bool
    /// The original the translation was made from, when it has changed since (`#| msgid`).
    public var previousSource: String?
    /// Notes for the translator that the tool writes (`#.`).
    public var notes: String?
    /// The translator's own comments (`# `), kept on a round trip.
    public var translatorComments: String?
    /// Where the original is (`#:`), as `file:line`.
    public var references: [String]

    /// An entry of `source`, with its translation and what goes with it.
    public init(
        context: String?, source: String, translation: String = "", isFuzzy: Bool = false, previousSource: String? = nil,
        notes: String? = nil, translatorComments: String? = nil, references: [String] = []
    ) {
        self.context = context
        self.source = source
        self.translation = translation
        self.isFuzzy = isFuzzy
        self.previousSource = previousSource
        self.notes = notes
        self.translatorComments = translatorComments
        self.references = references
    }
}

/// A PO file (GNU gettext's format for translations), read and written by libgettextpo.
public struct POFile: Sendable {
    /// The header's fields (`Language`, `Content-Type`, ...), in order.
    public var header: [(name: String, value: String)]
    /// The entries, in order.
    public var entries: [POEntry]

    /// A PO file of `entries` with `header`'s fields.
    public init(header: [(name: String, value: String)], entries: [POEntry]) {
        self.header = header
        self.entries = entries
    }

    /// The value of the header field `name`.
    public func headerField(_ name: String) -> String? { header.first { $0.name == name }?.value }
}

/// Why a PO file could not be read or written, with the line libgettextpo named.
public struct POFileProblem: Error, Sendable, Equatable {
    /// The file's path.
    public var path: String
    /// The line of the problem, from 1; 0 when no line is known.
    public var line: Int
    /// The column, from 1; 0 when none is known.
    public var column: Int
    /// libgettextpo's words.
    public var message: String
}

extension POFile {
    /// The PO file at `path`.
    public static func read(path: String) throws(POFileProblem) -> POFile {
        var problem = folio_po_problem()
        guard let file = folio_po_read(path, &problem) else { throw POFileProblem(path: path, problem) }
        defer { po_file_free(file) }
        var header: [(name: String, value: String)] = []
        var entries: [POEntry] = []
        let iterator = po_message_iterator(file, nil)
        defer { po_message_iterator_free(iterator) }
        while let message = po_next_message(iterator) {
            if po_message_is_obsolete(message) != 0 { continue }
            let source = string(po_message_msgid(message)) ?? ""
            if source.isEmpty, po_message_msgctxt(message) == nil {
                header = Self.fields(of: string(po_message_msgstr(message)) ?? "")
                continue
            }
            var references: [String] = []
            var index: Int32 = 0
            while let position = po_message_filepos(message, index) {
                let file = string(po_filepos_file(position)) ?? ""
                let line = po_filepos_start_line(position)
                references.append(line == Int(bitPattern: UInt.max) ? file : "\(file):\(line)")
                index += 1
            }
            entries.append(
                POEntry(
                    context: string(po_message_msgctxt(message)), source: source, translation: string(po_message_msgstr(message)) ?? "",
                    isFuzzy: po_message_is_fuzzy(message) != 0, previousSource: string(po_message_prev_msgid(message)),
                    notes: nonEmpty(string(po_message_extracted_comments(message))),
                    translatorComments: nonEmpty(string(po_message_comments(message))), references: references))
        }
        return POFile(header: header, entries: entries)
    }

    /// Writes the file to `path` (replacing what is there).
    public func write(path: String) throws(POFileProblem) {
        let file = po_file_create()
        defer { po_file_free(file) }
        let iterator = po_message_iterator(file, nil)
        defer { po_message_iterator_free(iterator) }
        let headerMessage = po_message_create()
        po_message_set_msgid(headerMessage, "")
        po_message_set_msgstr(headerMessage, header.map { "\($0.name): \($0.value)\n" }.joined())
        po_message_insert(iterator, headerMessage)
        for entry in entries {
            let message = po_message_create()
            if let context = entry.context { po_message_set_msgctxt(message, context) }
            po_message_set_msgid(message, entry.source)
            po_message_set_msgstr(message, entry.translation)
            if entry.isFuzzy { po_message_set_fuzzy(message, 1) }
            if let previous = entry.previousSource { po_message_set_prev_msgid(message, previous) }
            if let notes = entry.notes { po_message_set_extracted_comments(message, notes) }
            if let comments = entry.translatorComments { po_message_set_comments(message, comments) }
            for reference in entry.references {
                let parts = reference.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
                let line = parts.count == 2 ? Int(parts[1]) : nil
                po_message_add_filepos(message, line == nil ? reference : String(parts[0]), line ?? Int(bitPattern: UInt.max))
            }
            po_message_insert(iterator, message)
        }
        var problem = folio_po_problem()
        guard folio_po_write(file, path, &problem) == 0 else { throw POFileProblem(path: path, problem) }
    }

    static func fields(of header: String) -> [(name: String, value: String)] {
        header.split(separator: "\n").compactMap { line in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: " "))
        }
    }
}

extension POFileProblem {
    init(path: String, _ problem: folio_po_problem) {
        let message = withUnsafeBytes(of: problem.message) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        self.init(path: path, line: Int(problem.line), column: Int(problem.column), message: message)
    }
}

private func string(_ pointer: UnsafePointer<CChar>?) -> String? { pointer.map { String(cString: $0) } }
private func nonEmpty(_ text: String?) -> String? { text?.isEmpty == false ? text : nil }

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
