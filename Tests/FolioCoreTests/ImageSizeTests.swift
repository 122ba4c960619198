import FolioCore
import Foundation
import XCTest

/// Picture sizes read from real files, made by ImageMagick and libwebp's cwebp
/// (`Tests/Fixtures/images`), whose sizes `identify` reported.
final class ImageSizeTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images")

    func size(_ name: String) -> ImageSize? { ImageSize.read(file: Self.folder.appendingPathComponent(name).path) }

    func testEachFormatGivesTheSizeItsFileRecords() {
        XCTAssertEqual(size("picture.png"), ImageSize(width: 37, height: 21))
        XCTAssertEqual(size("photo.jpg"), ImageSize(width: 640, height: 480))
        XCTAssertEqual(size("anim.gif"), ImageSize(width: 12, height: 34))
        XCTAssertEqual(size("lossy.webp"), ImageSize(width: 123, height: 45), "VP8")
        XCTAssertEqual(size("lossless.webp"), ImageSize(width: 50, height: 60), "VP8L")
        XCTAssertEqual(size("alpha.webp"), ImageSize(width: 70, height: 80), "VP8X")
    }

    func testAJPEGFrameAfterLongMetadataIsFound() {
        // A 70 KB comment stands before the frame header.
        XCTAssertEqual(size("exif.jpg"), ImageSize(width: 300, height: 200))
    }

    func testAnSVGSaysItsSizeInPixelsOrByItsViewBox() {
        XCTAssertEqual(size("sized.svg"), ImageSize(width: 200, height: 100), "width and height win over the viewBox")
        XCTAssertEqual(size("viewbox.svg"), ImageSize(width: 301, height: 150), "the viewBox, rounded")
        XCTAssertNil(size("percent.svg"), "percentages say nothing about pixels")
    }

    func testWhatIsNotAPictureHasNoSize() {
        XCTAssertNil(size("notes.png"), "a text file named .png")
        XCTAssertNil(size("missing.png"))
        XCTAssertNil(ImageSize.read([UInt8]()))
        // A PNG cut short inside its header.
        let png = (try? Data(contentsOf: Self.folder.appendingPathComponent("picture.png"))) ?? Data()
        XCTAssertNil(ImageSize.read(png.prefix(20)))
        // A JPEG whose segments run off its end, or loop on a zero length.
        XCTAssertNil(ImageSize.read([0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x00, 0xFF, 0xC0, 0, 0, 0, 0, 0, 0]))
    }
}
