/// Why `folio init` or `folio new` refused to change a folder, or could not: said in
/// words an author understands, with what to do instead. Nothing was changed.
public struct AuthoringFailure: Error, CustomStringConvertible, Sendable, Equatable {
    public var description: String
    public init(_ description: String) { self.description = description }
}
