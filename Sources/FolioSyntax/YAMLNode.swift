import FolioCore

/// A YAML value with the place it was written, built from libyaml's events.
public struct YAMLNode: Sendable {
    /// How a scalar was written; quoted scalars are always text.
    public enum ScalarStyle: Sendable { case plain, singleQuoted, doubleQuoted, literal, folded }

    public enum Kind: Sendable {
        case scalar(String, ScalarStyle)
        case mapping([YAMLPair])
        case sequence([YAMLNode])
    }

    public var kind: Kind
    public var location: SourceLocation
    /// Where the value's text ends (just after it), for a scalar; what replaces a scalar
    /// in place (`folio translate import`) needs both ends. In the node's file.
    public var end: SourceLocation? {
        get { endLine == 0 ? nil : SourceLocation(file: location.file, line: Int(endLine), column: Int(endColumn)) }
        set {
            endLine = Int32(clamping: newValue?.line ?? 0)
            endColumn = Int32(clamping: newValue?.column ?? 0)
        }
    }
    // The end's line and column alone (0 for none): every value of every file read is a
    // node, and a second place with its own path showed in the time to read a large
    // program's quizzes (docs/development.md, "Measured guards").
    private var endLine: Int32 = 0
    private var endColumn: Int32 = 0

    public init(_ kind: Kind, at location: SourceLocation, end: SourceLocation? = nil) {
        self.kind = kind
        self.location = location
        self.end = end
    }

    /// A word for the kind of value, as an author would say it.
    public var kindDescription: String {
        switch kind {
        case .scalar(let value, let style):
            if style == .plain, YAMLScalar.isNull(value) { return "nothing (an empty value)" }
            return "a single value"
        case .mapping: return "a group of `name: value` fields"
        case .sequence: return "a list"
        }
    }
}

/// One `key: value` entry of a mapping; the key keeps its own location.
public struct YAMLPair: Sendable {
    public var key: String
    public var keyLocation: SourceLocation
    public var value: YAMLNode
}

/// How plain scalars are read as typed values (YAML 1.2 core schema, which is what
/// authors expect: `no` stays the word "no").
public enum YAMLScalar {
    public static func isNull(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    public static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }
}
