import FolioCore

/// Reads the answer of a GIFT numeric question: `1822`, `1822:5` (a number and how far
/// off it may be) or `1817..1827` (a range, read as its midpoint and half-width).
enum GIFTNumberText {
    /// The value and tolerance, or nil when the text is not one of the three forms.
    static func read(_ text: String) -> (value: Double, tolerance: Double)? {
        let scalars = Array(text.unicodeScalars)
        if let dots = (1..<max(1, scalars.count - 1)).first(where: { scalars[$0] == "." && scalars[$0 + 1] == "." }) {
            guard let low = number(scalars[..<dots]), let high = number(scalars[(dots + 2)...]), low <= high else { return nil }
            return ((low + high) / 2, (high - low) / 2)
        }
        if let colon = scalars.indices.dropFirst().first(where: { scalars[$0] == ":" }) {
            guard let value = number(scalars[..<colon]), let tolerance = number(scalars[(colon + 1)...]), tolerance >= 0 else { return nil }
            return (value, tolerance)
        }
        return number(scalars[...]).map { ($0, 0) }
    }

    /// A decimal number as people write it; not `inf`, `nan` or hexadecimal, which
    /// Swift's own parser would accept.
    private static func number(_ scalars: ArraySlice<Unicode.Scalar>) -> Double? {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        let trimmed = String(text).trimmedASCIIWhitespace
        guard !trimmed.isEmpty, trimmed.unicodeScalars.allSatisfy({ "0123456789.-+eE".unicodeScalars.contains($0) }),
            let value = Double(trimmed), value.isFinite
        else { return nil }
        return value
    }
}
