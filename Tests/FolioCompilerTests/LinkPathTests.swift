import XCTest

@testable import FolioCompiler

/// A link's address resolved against its file's folder: segment by segment, `..` going
/// up a folder, never above the content folder.
final class LinkPathTests: XCTestCase {
    func testAnAddressIsResolvedFromItsFolder() {
        XCTAssertEqual(BodyResolver.resolved("../media/sun.png", from: "chapters"), "media/sun.png")
        XCTAssertEqual(BodyResolver.resolved("./02-friends.md", from: "chapters"), "chapters/02-friends.md")
        XCTAssertEqual(BodyResolver.resolved("/media//sun.png", from: "chapters"), "media/sun.png")
        XCTAssertEqual(BodyResolver.resolved("a/../../media/é.png", from: "chapters/deep"), "chapters/media/é.png")
        XCTAssertEqual(BodyResolver.resolved("../../x", from: "chapters"), nil, "above the content folder")
        XCTAssertEqual(BodyResolver.resolved("..", from: "chapters"), "")
        XCTAssertEqual(BodyResolver.resolved("", from: ""), "")
    }

    /// As splitting and joining the path as strings resolves it, for any mix of segments.
    func testAnyAddressResolvesAsSegmentsJoined() {
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "bé", ".", "..", "", "...", ".x", "c.png", "/", "//"]
        for _ in 0..<3000 {
            let address = (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined(separator: "/")
            let folder = (0..<Int.random(in: 0...3, using: &random)).map { _ in ["chapters", "deep", "x"].randomElement(using: &random)! }
                .joined(separator: "/")
            var parts: [String]? = address.hasPrefix("/") ? [] : folder.split(separator: "/").map(String.init)
            for segment in address.split(separator: "/") where parts != nil && segment != "." {
                if segment == ".." {
                    if parts!.isEmpty { parts = nil } else { parts!.removeLast() }
                } else {
                    parts!.append(String(segment))
                }
            }
            XCTAssertEqual(BodyResolver.resolved(address, from: folder), parts?.joined(separator: "/"), "\(address) from \(folder)")
        }
    }
}
