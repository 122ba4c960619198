/// A problem with the tool's own input or output (not with the content): a folder that
/// does not exist or cannot be written. These stop the run with exit code 2.
public struct ToolFailure: Error, CustomStringConvertible, Sendable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
