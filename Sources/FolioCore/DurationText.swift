/// A number of seconds as people read a duration: `45 s`, `2 min 5 s`, `1 h 1 s`,
/// `1 h 30 min`. Every part that is not zero is shown, so that a time limit and the time
/// a quiz took read the same way in the site and in the terminal.
public enum DurationText {
    public static func words(_ seconds: Int) -> String {
        guard seconds > 0 else { return "0 s" }
        var parts: [String] = []
        if seconds >= 3600 { parts.append("\(seconds / 3600) h") }
        if seconds % 3600 >= 60 { parts.append("\(seconds % 3600 / 60) min") }
        if seconds % 60 > 0 { parts.append("\(seconds % 60) s") }
        return parts.joined(separator: " ")
    }
}
