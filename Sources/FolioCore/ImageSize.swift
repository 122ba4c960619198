import Foundation

/// The size in pixels of a picture, read from the first bytes of its file: PNG, JPEG,
/// GIF, WebP (lossy, lossless, extended) and SVG (its `width` and `height`, else its
/// `viewBox`). Written here because it needs only a few header fields, and a decoding
/// library would read whole images where 64 KB of header does.
public struct ImageSize: Sendable, Hashable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// How much of a file ``read(_:)`` needs at most: JPEG's frame header follows its
    /// metadata, which can be long.
    public static let headerLength = 256 * 1024

    /// The size of the picture whose file starts with `bytes`, or nil when it is none of
    /// the formats above or its header does not say.
    public static func read(_ bytes: some Collection<UInt8>) -> ImageSize? {
        let b = Array(bytes.prefix(headerLength))
        let size: ImageSize?
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            size = png(b)
        } else if b.starts(with: [0xFF, 0xD8]) {
            size = jpeg(b)
        } else if b.starts(with: Array("GIF87a".utf8)) || b.starts(with: Array("GIF89a".utf8)) {
            size = b.count >= 10 ? ImageSize(width: le16(b, 6), height: le16(b, 8)) : nil
        } else if b.count >= 16, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) {
            size = webp(b)
        } else {
            size = svg(b)
        }
        guard let size, size.width > 0, size.height > 0, size.width <= 1 << 24, size.height <= 1 << 24 else { return nil }
        return size
    }

    /// The size of the picture in the file at `path`, reading only its header.
    public static func read(file path: String) -> ImageSize? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: headerLength) else { return nil }
        return read(data)
    }

    /// The file extensions ``read(file:)`` is asked about.
    public static let extensions: Set<String> = ["png", "jpg", "jpeg", "gif", "webp", "svg"]

    private static func be16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    private static func be32(_ b: [UInt8], _ i: Int) -> Int { be16(b, i) << 16 | be16(b, i + 2) }
    private static func le16(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
    private static func le24(_ b: [UInt8], _ i: Int) -> Int { le16(b, i) | Int(b[i + 2]) << 16 }

    /// IHDR is the first chunk: width and height at bytes 16 and 20.
    private static func png(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 24, Array(b[12..<16]) == Array("IHDR".utf8) else { return nil }
        return ImageSize(width: be32(b, 16), height: be32(b, 20))
    }

    /// Walks the segments to the first start-of-frame (SOF0-15 but DHT, JPG and DAC).
    private static func jpeg(_ b: [UInt8]) -> ImageSize? {
        var i = 2
        while i + 9 < b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF {
                i += 1
                continue
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) {
                i += 2
                continue
            }
            let length = be16(b, i + 2)
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                return ImageSize(width: be16(b, i + 7), height: be16(b, i + 5))
            }
            guard length >= 2 else { return nil }
            i += 2 + length
        }
        return nil
    }

    private static func webp(_ b: [UInt8]) -> ImageSize? {
        guard b.count >= 30 else { return nil }
        switch String(decoding: b[12..<16], as: UTF8.self) {
        case "VP8 ":
            // The key frame's start code, then 14-bit width and height.
            guard b[23] == 0x9D, b[24] == 0x01, b[25] == 0x2A else { return nil }
            return ImageSize(width: le16(b, 26) & 0x3FFF, height: le16(b, 28) & 0x3FFF)
        case "VP8L":
            guard b[20] == 0x2F else { return nil }
            let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
            return ImageSize(width: (bits & 0x3FFF) + 1, height: ((bits >> 14) & 0x3FFF) + 1)
        case "VP8X":
            return ImageSize(width: le24(b, 24) + 1, height: le24(b, 27) + 1)
        default: return nil
        }
    }

    /// The `<svg>` start tag's `width` and `height` in pixels (plain numbers or `px`),
    /// else its `viewBox`'s; percentages and other units say nothing about pixels.
    private static func svg(_ b: [UInt8]) -> ImageSize? {
        let text = String(decoding: b.prefix(16 * 1024), as: UTF8.self)
        guard let start = text.range(of: "<svg"), let end = text[start.upperBound...].firstIndex(of: ">") else { return nil }
        let tag = text[start.upperBound..<end]
        func attribute(_ name: String) -> String? {
            var rest = tag[...]
            while let found = rest.range(of: name) {
                let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
                var after = found.upperBound
                while after < tag.endIndex, tag[after] == " " { after = tag.index(after: after) }
                if before.isWhitespace, after < tag.endIndex, tag[after] == "=" {
                    var open = tag.index(after: after)
                    while open < tag.endIndex, tag[open] == " " { open = tag.index(after: open) }
                    guard open < tag.endIndex, tag[open] == "\"" || tag[open] == "'" else { return nil }
                    let quote = tag[open]
                    let valueStart = tag.index(after: open)
                    guard let close = tag[valueStart...].firstIndex(of: quote) else { return nil }
                    return String(tag[valueStart..<close])
                }
                rest = tag[found.upperBound...]
            }
            return nil
        }
        func pixels(_ value: String?) -> Double? {
            guard var value = value?.trimmingCharacters(in: .whitespaces) else { return nil }
            if value.hasSuffix("px") { value.removeLast(2) }
            return Double(value).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        }
        if let width = pixels(attribute("width")), let height = pixels(attribute("height")) {
            return ImageSize(width: Int(width.rounded()), height: Int(height.rounded()))
        }
        let box = (attribute("viewBox") ?? "").split { $0 == " " || $0 == "," }.compactMap { Double($0) }
        guard box.count == 4, box[2] > 0, box[3] > 0, box[2].isFinite, box[3].isFinite else { return nil }
        if let width = pixels(attribute("width")) { return ImageSize(width: Int(width.rounded()), height: Int((width * box[3] / box[2]).rounded())) }
        return ImageSize(width: Int(box[2].rounded()), height: Int(box[3].rounded()))
    }
}
