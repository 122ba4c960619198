import XCTest

@testable import FolioCompiler

/// Every YouTube address form of the authoring spec, with and without start times.
final class VideoLinkTests: XCTestCase {
    func testEveryAcceptedFormGivesTheVideoID() {
        let forms = [
            "https://www.youtube.com/watch?v=aBcDeFgHiJ0",
            "https://youtube.com/watch?v=aBcDeFgHiJ0",
            "https://m.youtube.com/watch?feature=share&v=aBcDeFgHiJ0",
            "https://youtu.be/aBcDeFgHiJ0",
            "https://www.youtube.com/embed/aBcDeFgHiJ0",
            "https://www.youtube.com/shorts/aBcDeFgHiJ0",
            "https://www.youtube-nocookie.com/embed/aBcDeFgHiJ0",
            "http://youtube-nocookie.com/embed/aBcDeFgHiJ0",
        ]
        for form in forms {
            XCTAssertEqual(VideoLink.parse(form), .youtube(id: "aBcDeFgHiJ0", start: nil), form)
        }
    }

    func testStartTimesInSecondsOrMinutesAndSeconds() {
        XCTAssertEqual(VideoLink.parse("https://www.youtube.com/watch?v=aBcDeFgHiJ0&t=30"), .youtube(id: "aBcDeFgHiJ0", start: 30))
        XCTAssertEqual(VideoLink.parse("https://youtu.be/aBcDeFgHiJ0?t=1m30s"), .youtube(id: "aBcDeFgHiJ0", start: 90))
        XCTAssertEqual(VideoLink.parse("https://youtu.be/aBcDeFgHiJ0?t=45s"), .youtube(id: "aBcDeFgHiJ0", start: 45))
        XCTAssertEqual(VideoLink.parse("https://www.youtube.com/embed/aBcDeFgHiJ0?start=90"), .youtube(id: "aBcDeFgHiJ0", start: 90))
        XCTAssertEqual(VideoLink.parse("https://www.youtube.com/shorts/aBcDeFgHiJ0?t=1h2m3s"), .youtube(id: "aBcDeFgHiJ0", start: 3723))
        XCTAssertEqual(VideoLink.parse("https://youtu.be/aBcDeFgHiJ0#t=2m"), .youtube(id: "aBcDeFgHiJ0", start: 120))
        XCTAssertEqual(VideoLink.parse("https://youtu.be/aBcDeFgHiJ0?t=0"), .youtube(id: "aBcDeFgHiJ0", start: nil))
    }

    func testInvalidIDsAndStartsAreRecognisedAsSuch() {
        XCTAssertEqual(VideoLink.parse("https://youtu.be/short"), .invalidID("short"))
        XCTAssertEqual(VideoLink.parse("https://www.youtube.com/watch?v=aBcDeFgHiJ0x"), .invalidID("aBcDeFgHiJ0x"))
        XCTAssertEqual(VideoLink.parse("https://www.youtube.com/watch?v=aBcDe%20gHiJ0"), .invalidID("aBcDe gHiJ0"))
        XCTAssertEqual(VideoLink.parse("https://www.youtube.com/watch"), .invalidID(""))
        XCTAssertEqual(VideoLink.parse("https://youtu.be/aBcDeFgHiJ0?t=soon"), .invalidStart("soon"))
        XCTAssertEqual(VideoLink.parse("https://youtu.be/aBcDeFgHiJ0?t=30m1h"), .invalidStart("30m1h"))
        XCTAssertEqual(VideoLink.parse("https://www.youtube.com/playlist?list=PL123"), .unsupported)
    }

    func testOtherAddressesAreNotVideos() {
        for address in ["../media/photo.png", "https://example.org/watch?v=aBcDeFgHiJ0", "mailto:a@b.c", "notyoutube.com/embed/x"] {
            XCTAssertEqual(VideoLink.parse(address), .notVideo, address)
        }
    }
}

/// Addresses are passed over by their bytes when they cannot name YouTube; never one that
/// reading it as a URL would find to be YouTube's.
final class VideoLinkQuickTests: XCTestCase {
    func testAnAddressIsPassedOverOnlyWhenItCannotNameYouTube() {
        let addresses = [
            "https://www.youtube.com/watch?v=aBcDeFgHiJ0", "HTTPS://WWW.YOUTUBE.COM/watch?v=aBcDeFgHiJ0", "https://YouTu.be/aBcDeFgHiJ0",
            "youtu.be/aBcDeFgHiJ0", "https://www.youtube-nocookie.com/embed/aBcDeFgHiJ0", "https://you%74ube.com/watch?v=aBcDeFgHiJ0",
            "https://www.youtube.com/@channel", "https://youtu.be/short", "https://vimeo.com/123", "../media/photo.png", "media/you.png",
            "https://example.org/yout", "", "youtu", "%", "Read the chapter again.", "https://ｙｏｕｔｕｂｅ.com/watch?v=aBcDeFgHiJ0",
            "https://ｙｏｕｔｕ.be/aBcDeFgHiJ0", "media/café.png",
        ]
        for address in addresses {
            let read = VideoLink.parsedAsURL(address)
            if read != .notVideo { XCTAssertTrue(VideoLink.mayNameYouTube(address), address) }
            XCTAssertEqual(VideoLink.parse(address), read, address)
        }
        XCTAssertFalse(VideoLink.mayNameYouTube("../media/photo.png"))
        XCTAssertFalse(VideoLink.mayNameYouTube("https://example.org/yout"))
        XCTAssertTrue(VideoLink.mayNameYouTube("https://you%74ube.com/watch?v=aBcDeFgHiJ0"), "a % could spell it")
        XCTAssertTrue(VideoLink.mayNameYouTube("https://ｙｏｕｔｕ.be/aBcDeFgHiJ0"), "so could letters beyond ASCII")
    }
}
