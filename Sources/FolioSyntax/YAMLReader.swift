import CYAML
import FolioCore
import Foundation

/// Reads YAML text into a located ``YAMLNode`` tree through libyaml's event API.
///
/// libyaml checks the syntax; this type adds what a loader must: duplicate keys, bounded
/// aliases and nesting, and messages in plain words at the right place. It is the only
/// code that touches libyaml.
public struct YAMLReader {
    public var limits: YAMLLimits

    public init(limits: YAMLLimits = .standard) { self.limits = limits }

    /// The result of reading one YAML text.
    public struct Result: Sendable {
        /// The document's root, or nil for an empty document or a syntax error.
        public var root: YAMLNode?
        public var diagnostics: [Diagnostic]
    }

    /// Reads `text`, reporting locations in `file`. `lineOffset` is added to every line,
    /// for YAML that starts partway into a file (front matter).
    public func read(_ text: String, file: String, lineOffset: Int = 0) -> Result {
        var session = Session(file: file, text: text, lineOffset: lineOffset, limits: limits)
        return session.run()
    }
}

/// One pass over one text; holds the builder stack while events arrive.
private struct Session {
    let file: String
    let text: String
    let lineOffset: Int
    let limits: YAMLLimits

    /// A mapping or sequence being built. Changed in place on the stack, so that
    /// adding a value never copies what the group holds so far.
    struct Frame {
        var isMapping: Bool
        var pairs: [YAMLPair] = []
        var items: [YAMLNode] = []
        /// Where each key of a mapping was first given, once it has more than
        /// ``Session/keysLookedThrough`` fields: finds a repeated key at once, where
        /// searching the pairs would make a line of thousands of keys quadratic.
        var firstKeys: [String: SourceLocation] = [:]
        var pendingKey: (String, SourceLocation)?
        var anchor: String?
        var location: SourceLocation
        var size = 1
    }

    /// Stands for a key that was reported and is left out of the tree.
    static let skippedKey = "\u{0}skipped"

    var stack: [Frame] = []
    var anchors: [String: (node: YAMLNode, size: Int)] = [:]
    var root: YAMLNode?
    var totalNodes = 0
    var documents = 0
    var diagnostics: [Diagnostic] = []

    init(file: String, text: String, lineOffset: Int, limits: YAMLLimits) {
        self.file = file
        self.text = text
        self.lineOffset = lineOffset
        self.limits = limits
    }

    mutating func run() -> YAMLReader.Result {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            return .init(
                root: nil,
                diagnostics: [
                    Diagnostic(
                        .fileUnreadable, at: .startOf(file), "this file could not be read: the computer ran out of memory",
                        help: "close other programs and run Folio again")
                ])
        }
        defer { yaml_parser_delete(&parser) }
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer -> YAMLReader.Result in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            while true {
                var event = yaml_event_t()
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    // A file that cannot be parsed gets one clear error, not a list of
                    // consequences.
                    diagnostics = [syntaxError(parser)]
                    return .init(root: nil, diagnostics: diagnostics)
                }
                defer { yaml_event_delete(&event) }
                if event.type == YAML_STREAM_END_EVENT { break }
                if !handle(event) {
                    return .init(root: nil, diagnostics: diagnostics)
                }
            }
            // Duplicate keys are reported but the tree is kept, so later checks still run.
            return .init(root: root, diagnostics: diagnostics)
        }
    }

    func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(file: file, line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
    }

    /// Handles one event; false stops the read (a limit was hit).
    mutating func handle(_ event: yaml_event_t) -> Bool {
        let here = location(event.start_mark)
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                diagnostics.append(
                    Diagnostic(
                        .yamlMultipleDocuments, at: here,
                        "this file holds more than one YAML document; Folio reads one per file",
                        help: "remove the `---` line here, or move what follows into a file of its own"))
                return false
            }
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let bytes = UnsafeBufferPointer(start: s.value, count: s.value == nil ? 0 : Int(s.length))
            let value = String(decoding: bytes, as: UTF8.self)
            let style: YAMLNode.ScalarStyle
            switch s.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            // Only an escape in double quotes (`"\e[2J"`) can put one here: the file's
            // own bytes were checked when it was read.
            if ControlCharacter.mayHold(bytes), let control = value.unicodeScalars.first(where: ControlCharacter.isControl) {
                diagnostics.append(ControlCharacter.diagnostic(control, at: here, escape: ControlCharacter.yamlEscape(control)))
            }
            return add(YAMLNode(.scalar(value, style), at: here, end: location(event.end_mark)), size: 1, anchor: cString(s.anchor))
        case YAML_ALIAS_EVENT:
            let name = cString(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                diagnostics.append(
                    Diagnostic(
                        .yamlUnknownAlias, at: here,
                        "a value that starts with `*` is read by YAML as a reference to a value named `&\(name)`, and there is none",
                        help: "if `*` starts the text (Markdown emphasis or a bullet), put the whole text in double quotes: `\"*\(name) ...\"`"))
                return false
            }
            var node = target.node
            node.location = here
            return add(node, size: target.size, anchor: nil)
        case YAML_MAPPING_START_EVENT:
            guard push(at: here) else { return false }
            stack.append(Frame(isMapping: true, anchor: cString(event.data.mapping_start.anchor), location: here))
        case YAML_SEQUENCE_START_EVENT:
            guard push(at: here) else { return false }
            stack.append(Frame(isMapping: false, anchor: cString(event.data.sequence_start.anchor), location: here))
        case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
            guard let frame = stack.popLast() else { return true }
            let node = YAMLNode(frame.isMapping ? .mapping(frame.pairs) : .sequence(frame.items), at: frame.location)
            return add(node, size: frame.size, anchor: frame.anchor, counted: true)
        default:
            break
        }
        return true
    }

    mutating func push(at location: SourceLocation) -> Bool {
        if stack.count >= limits.maxDepth {
            diagnostics.append(
                Diagnostic(
                    .yamlNestingLimit, at: location,
                    "the lists and groups here are nested more than \(limits.maxDepth) levels deep",
                    help: "Folio content never needs this much nesting: look for a `[` or `{` that is never closed, and check the indentation of this part"))
            return false
        }
        return true
    }

    /// Adds a finished node to its parent. `size` is how many values it stands for once
    /// aliases are expanded, which is what the node limit counts.
    mutating func add(_ node: YAMLNode, size: Int, anchor: String?, counted: Bool = false) -> Bool {
        if !counted { totalNodes += size } else { totalNodes += 1 }
        if totalNodes > limits.maxNodes {
            diagnostics.append(
                Diagnostic(
                    .yamlAliasLimit, at: node.location,
                    "this file expands to more than \(limits.maxNodes.withThousandsSeparators) values, usually because aliases (`*name`) repeat each other",
                    help: "write the values out instead of building them from aliases"))
            return false
        }
        if let anchor { anchors[anchor] = (node, size) }
        guard !stack.isEmpty else {
            root = node
            return true
        }
        let top = stack.count - 1
        stack[top].size += size
        guard stack[top].isMapping else {
            stack[top].items.append(node)
            return true
        }
        if let (key, keyLocation) = stack[top].pendingKey {
            if key != Self.skippedKey { stack[top].pairs.append(YAMLPair(key: key, keyLocation: keyLocation, value: node)) }
            stack[top].pendingKey = nil
            return true
        }
        guard case .scalar(let key, _) = node.kind else {
            diagnostics.append(
                Diagnostic(
                    .yamlComplexKey, at: node.location,
                    "the name of this field is a list or a group; a field's name is a word, such as `accept`",
                    help: "write the field as `name: value`, with its name first, such as `accept: [me, myself]`"))
            // Read on, so that a syntax error further down is still found.
            stack[top].pendingKey = (Self.skippedKey, node.location)
            return true
        }
        if let first = firstLocation(of: key, inGroup: top) {
            diagnostics.append(
                Diagnostic(
                    .yamlDuplicateKey, at: node.location,
                    "the field `\(key)` is given twice in the same group",
                    help: "keep one `\(key):` and remove the other; YAML would silently keep only the last",
                    notes: [.init(location: first, message: "`\(key)` is first given here")]))
        } else if !stack[top].firstKeys.isEmpty {
            stack[top].firstKeys[key] = node.location
        }
        stack[top].pendingKey = (key, node.location)
        return true
    }

    /// Groups of at most this many fields are looked through for a repeated key; a larger
    /// one keeps a table of its keys. Most groups have a few fields, and a table for each
    /// was a large part of reading a quiz (docs/development.md, "Measured choices").
    static let keysLookedThrough = 8

    /// Where `key` was first given in the group at `top` of the stack, if it was.
    mutating func firstLocation(of key: String, inGroup top: Int) -> SourceLocation? {
        if stack[top].pairs.count <= Self.keysLookedThrough, stack[top].firstKeys.isEmpty {
            return stack[top].pairs.first { $0.key == key }?.keyLocation
        }
        if stack[top].firstKeys.isEmpty {
            for pair in stack[top].pairs where stack[top].firstKeys[pair.key] == nil { stack[top].firstKeys[pair.key] = pair.keyLocation }
        }
        return stack[top].firstKeys[key]
    }

    func cString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: UnsafePointer(pointer))
    }

    /// Turns libyaml's terse problem into a message an author understands.
    func syntaxError(_ parser: yaml_parser_t) -> Diagnostic {
        YAMLSyntaxProblem(
            problem: parser.problem.map { String(cString: $0) } ?? "unknown problem",
            context: parser.context.map { String(cString: $0) } ?? "",
            line: Int(parser.problem_mark.line), column: Int(parser.problem_mark.column),
            contextLine: Int(parser.context_mark.line), contextColumn: Int(parser.context_mark.column),
            // Split only here: every quiz and front matter is read, few have an error.
            lines: text.split(separator: "\n", omittingEmptySubsequences: false), file: file, lineOffset: lineOffset
        ).diagnostic
    }
}

extension DiagnosticCode {
    public static let yamlDuplicateKey = DiagnosticCode("yaml-duplicate-key", .error, .yaml)
    public static let yamlAliasLimit = DiagnosticCode("yaml-alias-limit", .error, .yaml)
    public static let yamlNestingLimit = DiagnosticCode("yaml-nesting-limit", .error, .yaml)
    public static let yamlMultipleDocuments = DiagnosticCode("yaml-multiple-documents", .error, .yaml)
    public static let yamlUnknownAlias = DiagnosticCode("yaml-unknown-alias", .error, .yaml)
    public static let yamlComplexKey = DiagnosticCode("yaml-complex-key", .error, .yaml)
}

extension DiagnosticCode {
    /// The codes this module declares, for the check that every code is explained.
    public static let yamlCodes: [DiagnosticCode] = [
        .yamlSyntax, .yamlTab, .yamlUnclosedQuote, .yamlDuplicateKey, .yamlAliasLimit, .yamlNestingLimit, .yamlMultipleDocuments,
        .yamlUnknownAlias, .yamlComplexKey,
    ]
}
