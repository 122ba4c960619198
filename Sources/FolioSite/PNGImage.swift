import CDeflate
import FolioCore
import Foundation

/// A picture of opaque RGB pixels, written as a PNG file: what the web app manifest's
/// icons are (``AppIcon``). The only code of the site that touches libdeflate.
///
/// Written here rather than by an image library: an icon of two flat colours needs no
/// more than PNG's four chunks, and libdeflate, which the bundle's archive is already
/// deflated with, makes the same bytes from the same pixels on every build, which keeps
/// the site's files, and so its offline cache, unchanged until the program changes.
struct PNGImage {
    let width: Int
    let height: Int
    /// Row by row, three bytes a pixel (red, green, blue).
    var pixels: [UInt8]

    /// A picture of one colour.
    init(width: Int, height: Int, filledWith colour: RGBColour) {
        self.width = width
        self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 3)
        fill(x: 0..<width, y: 0..<height, with: colour)
    }

    /// Paints the pixels of a rectangle (clipped to the picture).
    mutating func fill(x: Range<Int>, y: Range<Int>, with colour: RGBColour) {
        let bytes = colour.bytes
        for row in y.clamped(to: 0..<height) {
            for column in x.clamped(to: 0..<width) {
                let at = (row * width + column) * 3
                pixels[at] = bytes.0
                pixels[at + 1] = bytes.1
                pixels[at + 2] = bytes.2
            }
        }
    }

    /// The PNG file: 8-bit RGB, not interlaced, every row unfiltered.
    func encoded() -> Data {
        var rows: [UInt8] = []
        rows.reserveCapacity(height * (width * 3 + 1))
        for row in 0..<height {
            rows.append(0)
            rows += pixels[row * width * 3..<(row + 1) * width * 3]
        }
        var header: [UInt8] = []
        header += Self.bigEndian(UInt32(width))
        header += Self.bigEndian(UInt32(height))
        header += [8, 2, 0, 0, 0]
        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file += Self.chunk("IHDR", header)
        file += Self.chunk("IDAT", Self.zlib(rows))
        file += Self.chunk("IEND", [])
        return Data(file)
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = typed.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        return bigEndian(UInt32(data.count)) + typed + bigEndian(crc)
    }

    /// The bytes in a zlib stream, as a PNG's image data is held; at libdeflate's middle
    /// level: rows of one or two flat colours deflate almost as small as at its strongest,
    /// which costs a build measurably more (docs/development.md, "Measured guards").
    private static func zlib(_ bytes: [UInt8]) -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(6) else { return stored(bytes) }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let size = bytes.withUnsafeBytes { input in
            out.withUnsafeMutableBytes { libdeflate_zlib_compress(compressor, input.baseAddress, input.count, $0.baseAddress, $0.count) }
        }
        return size > 0 ? Array(out.prefix(size)) : stored(bytes)
    }

    /// The bytes in a zlib stream of stored blocks, for when no compressor could be made.
    private static func stored(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let length = UInt16(end - start)
            out.append(end == bytes.count ? 1 : 0)
            out += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            out += bytes[start..<end]
            start = end
        } while start < bytes.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in bytes {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return out + bigEndian(b << 16 | a)
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
