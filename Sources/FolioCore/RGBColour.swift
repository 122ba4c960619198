import Foundation

/// A colour of the web's sRGB space, 8 bits a channel, as `folio.yaml` writes one
/// (`#0a7d5a`), with what WCAG says of its contrast against another.
public struct RGBColour: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// `#rrggbb` or `#rgb`, in either case; nil for anything else.
    public init?(hex text: String) {
        guard text.hasPrefix("#") else { return nil }
        var digits = Array(text.utf8.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6 else { return nil }
        var channels: [UInt8] = []
        for at in stride(from: 0, to: 6, by: 2) {
            guard let high = Self.hexValue(digits[at]), let low = Self.hexValue(digits[at + 1]) else { return nil }
            channels.append(high << 4 | low)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// `#rrggbb`, in lower case, as a stylesheet and a manifest take it.
    public var description: String {
        let digits = Array("0123456789abcdef")
        return "#" + String([red, green, blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0xF)]] })
    }

    /// The channels as a tuple of bytes, for writing pixels.
    public var bytes: (UInt8, UInt8, UInt8) { (red, green, blue) }

    /// WCAG 2's relative luminance: 0 for black, 1 for white.
    public var luminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio with another colour, from 1 to 21.
    public func contrast(with other: RGBColour) -> Double {
        let (light, dark) = luminance > other.luminance ? (luminance, other.luminance) : (other.luminance, luminance)
        return (light + 0.05) / (dark + 0.05)
    }

    /// This colour mixed with another: `amount` 0 is this colour, 1 the other.
    public func mixed(with other: RGBColour, _ amount: Double) -> RGBColour {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * amount).rounded()) }
        return RGBColour(red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue))
    }

    /// The shade nearest this colour, mixed towards `other` in steps of 1%, that has a
    /// contrast of at least `ratio` with every colour of `against`; nil when even
    /// `other` itself has not.
    public func nearest(towards other: RGBColour, contrast ratio: Double, against: [RGBColour]) -> RGBColour? {
        for step in 0...100 {
            let shade = mixed(with: other, Double(step) / 100)
            if against.allSatisfy({ shade.contrast(with: $0) >= ratio }) { return shade }
        }
        return nil
    }

    public static let white = RGBColour(red: 255, green: 255, blue: 255)
    public static let black = RGBColour(red: 0, green: 0, blue: 0)

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return digit - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
