/// Text with places marked by `1️⃣`, `2️⃣`, ... (as swift-format's tests mark theirs), so
/// that a test states a line and column by pointing at it. The markers are removed; each
/// stands for the place (1-based line; 1-based column in Unicode scalars) of the
/// character that follows it.
public struct MarkedText: Sendable {
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The text without its markers.
    public let text: String
    /// Each marker's place: line and column.
    public let places: [String: (line: Int, column: Int)]

    public init(_ marked: String, firstLine: Int = 1) {
        var text = ""
        var places: [String: (line: Int, column: Int)] = [:]
        var line = firstLine
        var column = 1
        var rest = Substring(marked)
        outer: while let character = rest.first {
            for marker in Self.markers where rest.hasPrefix(marker) {
                places[marker] = (line, column)
                rest = rest.dropFirst(marker.count)
                continue outer
            }
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
            rest = rest.dropFirst()
        }
        self.text = text
        self.places = places
    }

    /// `line:column` of `marker`, as the tests write places.
    public func place(_ marker: String) -> String {
        guard let place = places[marker] else { return "no \(marker) in the text" }
        return "\(place.line):\(place.column)"
    }
}
