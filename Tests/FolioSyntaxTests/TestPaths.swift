import Foundation

/// Where the repository and the shared external test material are.
enum TestPaths {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Tests/External`: test material Folio did not write, copied with its licences.
    static let external = repository.appendingPathComponent("Tests/External")
}
