import Foundation

/// Where the repository and the shared external test material are.
enum TestPaths {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `../shared/external`, beside the repository.
    static let external = repository.deletingLastPathComponent().appendingPathComponent("shared/external")
}
