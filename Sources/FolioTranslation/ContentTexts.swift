import FolioCompiler
import FolioContent
import FolioCore
import FolioSyntax

/// One text of a content file that a translation translates, with where it is written.
public struct ContentText: Sendable {
    /// Where a text is written in its file, to be read or replaced there.
    public enum Place: Sendable {
        /// A YAML scalar, from its first character to just after its last; `inFlow` when
        /// it sits in `{ }` or `[ ]`, where a plain scalar may not hold `,` or brackets.
        case scalar(start: SourceLocation, end: SourceLocation, style: YAMLNode.ScalarStyle, inFlow: Bool)
        /// A list of texts (`accept`), from its first character to just after its last
        /// item; its texts are one per line.
        case list(start: SourceLocation, end: SourceLocation)
        /// A Markdown file's text after its front matter, from this offset in UTF-8 bytes
        /// to the file's end.
        case body(offset: Int)
        /// Part of a line of a TXT deck (its title, a card's front or back), these UTF-8
        /// bytes of the file; what replaces it is one line, and in a deck of front TAB
        /// back, without a TAB.
        case line(Range<Int>, tabbed: Bool)
    }

    /// The text's key within its file: its item (a stated id, else its place, `#3`) then
    /// its field (`naming-a-feeling/prompt`, `#2/choices/#1/text`), or a field of the
    /// file (`title`, `body`).
    public var key: String
    /// The item of the translation record the text belongs to (`naming-a-feeling`,
    /// `#3`, `title`).
    public var item: String
    /// What the text is, for the translator.
    public var note: String
    /// The words, as the file's reader reads them.
    public var text: String
    /// The line it starts on, from 1.
    public var line: Int
    /// Where it is written.
    public var place: Place
}

/// The translatable texts of a content file, found in its YAML or its Markdown as written,
/// each keyed as a translation matches it: by the stated id of its item, else by place.
public enum ContentTexts {
    /// The texts of `text`, a file of `kind`; nil when it cannot be read (a syntax error),
    /// which `folio check` reports.
    public static func texts(of kind: ContentKind, path: String, text: String) -> [ContentText]? {
        var collector = Collector(path: path, source: text)
        switch kind {
        case .chapter, .welcome:
            guard case .success(let split) = FrontMatter.split(text) else { return nil }
            if let yaml = split.yaml {
                guard let root = YAMLReader().read(yaml, file: path, lineOffset: split.yamlLineOffset).root else { return nil }
                collector.scalar(root["title"], key: "title", item: "title", note: kind == .welcome ? "The welcome page's title." : "The chapter's title.")
                collector.scalar(root["summary"], key: "summary", item: "summary", note: "The chapter's summary, shown in the list of chapters.")
            }
            let offset = text.utf8.distance(from: text.startIndex, to: split.body.startIndex)
            collector.texts.append(
                ContentText(
                    key: "body", item: "body",
                    note: kind == .welcome ? "The welcome page's text (Markdown)." : "The chapter's text (Markdown): keep its links, pictures and videos.",
                    text: String(split.body), line: split.bodyLineOffset + 1, place: .body(offset: offset)))
        case .quiz:
            guard let root = YAMLReader().read(text, file: path).root else { return nil }
            collector.scalar(root["title"], key: "title", item: "title", note: "The quiz's title.")
            for (index, question) in (root["questions"]?.items ?? []).enumerated() {
                let isReflection = question["type"]?.scalarText == "reflection"
                let place = "#\(index + 1)"
                let stated = question["id"]?.scalarText
                // A reflection that states no id is recorded by the id its prompt makes.
                let recorded = stated ?? (isReflection ? ImplicitID.make(for: question["prompt"]?.scalarText ?? "", fallback: "thought") : place)
                let item = stated ?? place
                collector.scalar(
                    question["prompt"], key: "\(item)/prompt", item: recorded,
                    note: isReflection ? "A reflection question's prompt." : "A question's prompt.")
                for (choiceIndex, choice) in (question["choices"]?.items ?? []).enumerated() {
                    let name = "\(item)/choices/\(choice["id"]?.scalarText ?? "#\(choiceIndex + 1)")"
                    if case .scalar = choice.kind {
                        collector.scalar(choice, key: "\(name)/text", item: recorded, note: "A choice of the question.")
                        continue
                    }
                    collector.scalar(choice["text"], key: "\(name)/text", item: recorded, note: "A choice of the question.")
                    collector.scalar(
                        choice["hint"], key: "\(name)/hint", item: recorded, note: "The hint shown when the learner picks this wrong choice.")
                    collector.scalar(
                        choice["feedback"], key: "\(name)/feedback", item: recorded, note: "What the learner reads after picking this right choice.")
                }
                collector.scalar(question["hint"], key: "\(item)/hint", item: recorded, note: "The question's hint, shown after a wrong answer.")
                for (hintIndex, hint) in (question["hints"]?.items ?? []).enumerated() {
                    collector.scalar(hint, key: "\(item)/hints/\(hintIndex + 1)", item: recorded, note: "One of the question's hints, in order.")
                }
                collector.scalar(question["explanation"], key: "\(item)/explanation", item: recorded, note: "Shown once the question is answered.")
                collector.list(
                    question["accept"], key: "\(item)/accept", item: recorded,
                    note: "The typed answers accepted, one per line; case, spacing, punctuation and accents are forgiven.")
                collector.scalar(
                    question["discussion"], key: "\(item)/discussion", item: recorded, note: "The reflection's discussion prompt, shown once she has written.")
            }
        case .deck(text: false):
            guard let root = YAMLReader().read(text, file: path).root else { return nil }
            collector.scalar(root["title"], key: "title", item: "title", note: "The deck's title.")
            for (index, card) in (root["cards"]?.items ?? []).enumerated() {
                let item = card["id"]?.scalarText ?? "#\(index + 1)"
                collector.scalar(card["front"], key: "\(item)/front", item: item, note: "The front of a card.")
                collector.scalar(card["back"], key: "\(item)/back", item: item, note: "The back of a card.")
                collector.scalar(card["alt"], key: "\(item)/alt", item: item, note: "What the card's picture shows, for whoever cannot see it.")
            }
        case .deck(text: true):
            collector.texts = textDeck(text)
        case .billOfRights:
            guard let root = YAMLReader().read(text, file: path).root else { return nil }
            collector.scalar(root["title"], key: "title", item: "title", note: "The bill of rights' title.")
            collector.scalar(root["intro"], key: "intro", item: "intro", note: "The bill of rights' introduction (Markdown).")
            for (index, right) in (root["rights"]?.items ?? []).enumerated() {
                let item = right["id"]?.scalarText ?? "#\(index + 1)"
                if case .scalar = right.kind {
                    collector.scalar(right, key: "\(item)/text", item: item, note: "A right.")
                    continue
                }
                collector.scalar(right["text"], key: "\(item)/text", item: item, note: "A right.")
                collector.scalar(right["detail"], key: "\(item)/detail", item: item, note: "What the right means, under it.")
            }
        default:
            return nil
        }
        return collector.texts
    }

    /// The texts of a TXT deck, read as Folio reads it: the first line that is not blank
    /// is the title; then, when the first card line has a TAB, each line is a card, front
    /// TAB back, else a card is a front line and a back line.
    static func textDeck(_ text: String) -> [ContentText] {
        let bytes = Array(text.utf8)
        var lines: [(number: Int, range: Range<Int>)] = []
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == 0x0A {
            lines.append((lines.count + 1, start..<index))
            start = index + 1
        }
        lines.append((lines.count + 1, start..<bytes.count))
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0D }
        /// `range` without the spaces and TABs at its end, and at its start too when `both`.
        func trimmed(_ range: Range<Int>, both: Bool) -> Range<Int> {
            var lower = range.lowerBound
            var upper = range.upperBound
            while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
            while both, lower < upper, isSpace(bytes[lower]) { lower += 1 }
            return lower..<upper
        }
        func words(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }
        let filled = lines.map { (number: $0.number, range: trimmed($0.range, both: false)) }.filter { !$0.range.isEmpty }
        guard let title = filled.first else { return [] }
        var texts = [
            ContentText(
                key: "title", item: "title", note: "The deck's title.", text: words(title.range), line: title.number, place: .line(title.range, tabbed: false))
        ]
        let cards = filled.dropFirst()
        let tabbed = cards.first.map { bytes[$0.range].contains(0x09) } ?? false
        func add(_ index: Int, _ side: String, _ range: Range<Int>, line: Int) {
            texts.append(
                ContentText(
                    key: "#\(index)/\(side)", item: "#\(index)", note: side == "front" ? "The front of a card." : "The back of a card.",
                    text: words(range), line: line, place: .line(range, tabbed: tabbed)))
        }
        if tabbed {
            for (index, card) in cards.enumerated() {
                guard let tab = bytes[card.range].firstIndex(of: 0x09) else { continue }
                add(index + 1, "front", trimmed(card.range.lowerBound..<tab, both: true), line: card.number)
                add(index + 1, "back", trimmed(tab + 1..<card.range.upperBound, both: true), line: card.number)
            }
        } else {
            // A card is two lines with nothing between; a line alone before a blank one is
            // no card.
            var index = 0
            var pending: (number: Int, range: Range<Int>)?
            for line in lines.drop(while: { $0.number <= title.number }) {
                let range = trimmed(line.range, both: false)
                if range.isEmpty {
                    pending = nil
                } else if let front = pending {
                    index += 1
                    add(index, "front", front.range, line: front.number)
                    add(index, "back", range, line: line.number)
                    pending = nil
                } else {
                    pending = (line.number, range)
                }
            }
        }
        return texts
    }

    /// The original's path of a translation's, and the translation's path of an original's.
    public static func translationPath(of original: String, language: String) -> String {
        let ext = ContentPath.fileExtension(original)
        return ContentPath.withoutExtension(original) + ".\(language)." + ext
    }

    /// Gathers the texts of one file, each with its place in the file's text.
    struct Collector {
        let path: String
        let source: String
        var texts: [ContentText] = []

        mutating func scalar(_ node: YAMLNode?, key: String, item: String, note: String) {
            guard let node, case .scalar(let value, let style) = node.kind, let end = node.end else { return }
            if style == .plain, YAMLScalar.isNull(value) { return }
            let inFlow = TextPositions(source).isInFlow(node.location)
            texts.append(
                ContentText(
                    key: key, item: item, note: note, text: value, line: node.location.line,
                    place: .scalar(start: node.location, end: end, style: style, inFlow: inFlow)))
        }

        mutating func list(_ node: YAMLNode?, key: String, item: String, note: String) {
            guard let node else { return }
            switch node.kind {
            case .scalar(let value, _):
                guard let end = node.end else { return }
                texts.append(ContentText(key: key, item: item, note: note, text: value, line: node.location.line, place: .list(start: node.location, end: end)))
            case .sequence(let items):
                let words = items.compactMap(\.scalarText)
                guard words.count == items.count, let end = items.last?.end else { return }
                texts.append(
                    ContentText(
                        key: key, item: item, note: note, text: words.joined(separator: "\n"), line: node.location.line,
                        place: .list(start: node.location, end: end)))
            case .mapping:
                return
            }
        }
    }
}

extension YAMLNode {
    /// The value of the field `key` of a mapping.
    subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = kind else { return nil }
        return pairs.first { $0.key == key }?.value
    }

    /// The items of a list; none for anything else.
    var items: [YAMLNode] {
        guard case .sequence(let items) = kind else { return [] }
        return items
    }

    /// A scalar's text.
    var scalarText: String? {
        guard case .scalar(let value, _) = kind else { return nil }
        return value
    }
}

/// Line and column (in Unicode scalars, as libyaml counts) to offsets in a text's UTF-8.
struct TextPositions {
    let bytes: [UInt8]
    let lineStarts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    /// The UTF-8 offset of `location`.
    func offset(_ location: SourceLocation) -> Int {
        guard location.line - 1 < lineStarts.count else { return bytes.count }
        var offset = lineStarts[location.line - 1]
        var column = 1
        while column < location.column, offset < bytes.count {
            offset += 1
            // Continuation bytes belong to the scalar before them.
            while offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            column += 1
        }
        return offset
    }

    /// Whether the value at `location` is inside a flow collection (`{ }`, `[ ]`) on its
    /// line: a `{` or `[` before it that is not closed before it.
    func isInFlow(_ location: SourceLocation) -> Bool {
        guard location.line - 1 < lineStarts.count else { return false }
        var depth = 0
        var quote: UInt8?
        for byte in bytes[lineStarts[location.line - 1]..<offset(location)] {
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "'"): quote = byte
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return depth > 0
    }
}
