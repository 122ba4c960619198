import Foundation

/// The JSON documents the command line prints for tools (`--format json`; described by
/// docs/machine-output.schema.json). Every one has the same three fields (keys are sorted,
/// so they are not always first), so a pipeline can tell what it holds and which Folio
/// wrote it:
///
/// ```json
/// {"document": "diagnostics", "outputFormatVersion": 1, "tool": {"name": "folio", "version": "1.1.0"}, ...}
/// ```
public enum MachineOutput {
    /// What a document holds.
    public enum Kind: String, Sendable {
        /// `check`, `build`, `import`: the problems found.
        case diagnostics
        /// `explain CODE`.
        case explanation
        /// `explain` without a code.
        case explanations
        /// `progress`.
        case progress
        /// `translate status`.
        case translationStatus = "translation-status"
        /// Any command that could not run: a usage mistake, a missing folder, a file that
        /// cannot be read or written.
        case error
    }

    struct Tool: Encodable {
        let name = "folio"
        let version = FolioVersion.current
    }

    /// The body's fields after the three common ones (the body's keys are its own; a key
    /// of the three in the body would be overwritten).
    struct Document<Body: Encodable>: Encodable {
        let kind: Kind
        let body: Body
        enum Keys: String, CodingKey { case document, outputFormatVersion, tool }

        func encode(to encoder: any Encoder) throws {
            try body.encode(to: encoder)
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(kind.rawValue, forKey: .document)
            try container.encode(FolioVersion.machineOutputFormatVersion, forKey: .outputFormatVersion)
            try container.encode(Tool(), forKey: .tool)
        }
    }

    /// `body` as a document of `kind`: pretty-printed, keys sorted, ending in a line feed.
    public static func document<Body: Encodable>(_ kind: Kind, _ body: Body) -> String {
        let data = (try? JSONOutput.pretty(Document(kind: kind, body: body))) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// What went wrong when a command could not run.
    public struct Failure: Encodable, Sendable {
        /// `usage` (a mistake in the command) or `file` (a folder or file that is missing,
        /// cannot be read or cannot be written).
        public var kind: String
        public var message: String
        /// The command as far as it was understood (`folio build`).
        public var command: String
        /// The process's exit code, 2.
        public var exitCode: Int32

        public init(kind: String, message: String, command: String, exitCode: Int32) {
            self.kind = kind
            self.message = message
            self.command = command
            self.exitCode = exitCode
        }
    }

    /// The document for a command that could not run.
    public static func error(_ failure: Failure) -> String {
        struct Body: Encodable { let error: Failure }
        return document(.error, Body(error: failure))
    }

    /// Whether the command line asks for JSON (`--format json`, `--format=json`): then even
    /// a mistake in the rest of the command line is answered with a JSON document.
    public static func requested(in arguments: [String]) -> Bool {
        for (index, argument) in arguments.enumerated() {
            if argument == "--format=json" { return true }
            if argument == "--format", index + 1 < arguments.count, arguments[index + 1] == "json" { return true }
            if argument == "--" { break }
        }
        return false
    }
}
