import FolioCore

/// Turns the HTML that Moodle questions carry into Markdown.
///
/// Only the simple tags have a Markdown equivalent and are converted: `<b>` and
/// `<strong>` (bold), `<i>` and `<em>` (italic), `<a href>` to a web or mail address,
/// `<br>` and `<p>` (line breaks; a quiz text is a single paragraph). Every other tag
/// (`<img>`, `<table>`, `<span style>`, ...) is left out with its text kept, and
/// reported once per text at the first such tag; `<script>` and `<style>` are left out
/// with their content. Attributes other than a link's `href` are dropped. The common
/// entities (`&amp;`, `&lt;`, `&nbsp;`, `&#233;`, ...) are decoded.
enum HTMLToMarkdown {
    /// The Markdown for `text`. With `newlinesAreBreaks` (Moodle's auto-format) a line
    /// break in the text is kept; in HTML it is a space.
    static func convert(_ text: GIFTText, blank: Int?, newlinesAreBreaks: Bool, diagnostics: inout DiagnosticList) -> String {
        let scalars = Array(text.value.unicodeScalars)
        var writer = MarkdownWriter()
        var links: [String] = []
        var leftOut: [String] = []
        var firstLeftOut: Int?
        var index = 0
        func leaveOut(_ name: String, at position: Int) {
            if !leftOut.contains(name) { leftOut.append(name) }
            if firstLeftOut == nil { firstLeftOut = position }
        }
        while index < scalars.count {
            if index == blank { writer.raw(MarkdownText.blank) }
            let scalar = scalars[index]
            if scalar == "<", let tag = HTMLTag.read(scalars, at: index) {
                switch (tag.name, tag.closing) {
                case ("!--", _): break
                case ("br", _): writer.lineBreak()
                case ("p", _), ("div", _): writer.lineBreak()
                case ("b", false), ("strong", false): writer.open("**")
                case ("b", true), ("strong", true): writer.close("**", with: "**")
                case ("i", false), ("em", false): writer.open("*")
                case ("i", true), ("em", true): writer.close("*", with: "*")
                case ("a", false):
                    if let href = tag.attributes["href"], let address = linkAddress(href) {
                        writer.open("[")
                        links.append(address)
                    } else {
                        leaveOut("a", at: index)
                        links.append("")
                    }
                case ("a", true):
                    if let address = links.popLast(), !address.isEmpty { writer.close("[", with: "](\(address))") }
                case ("script", false), ("style", false):
                    leaveOut(tag.name, at: index)
                    index = HTMLTag.end(of: tag.name, in: scalars, from: tag.end)
                    continue
                default:
                    if !tag.closing { leaveOut(tag.name, at: index) }
                }
                index = tag.end
                continue
            }
            if scalar == "&", let (decoded, end) = HTMLTag.entity(scalars, at: index) {
                if let decoded { writer.text(decoded, next: end < scalars.count ? scalars[end] : nil) }
                index = end
                continue
            }
            if scalar == "\n", newlinesAreBreaks {
                writer.lineBreak()
            } else if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                writer.space()
            } else {
                writer.text(scalar, next: index + 1 < scalars.count ? scalars[index + 1] : nil)
            }
            index += 1
        }
        if let blank, blank >= scalars.count { writer.raw(MarkdownText.blank) }
        if let firstLeftOut {
            let names = leftOut.map { $0 == "a" ? "`<a>` (a link that is not to a web or mail address)" : "`<\($0)>`" }
            diagnostics.warning(
                .giftChanged, at: text.location(atScalar: firstLeftOut),
                "this HTML has no Markdown equivalent in a quiz and is left out, keeping its text: \(names.joined(separator: ", "))",
                help: "check the imported text; Folio quiz text is Markdown (`**bold**`, `*italic*`, `[link](https://...)`)")
        }
        return writer.markdown
    }

    /// The address of a link Folio keeps (web and mail), made safe inside `(...)`.
    private static func linkAddress(_ href: String) -> String? {
        let address = href.trimmedASCIIWhitespace
        let lower = address.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") else { return nil }
        var out = ""
        for scalar in address.unicodeScalars {
            switch scalar {
            case " ": out += "%20"
            case "(": out += "%28"
            case ")": out += "%29"
            case "<", ">", "\n", "\t": continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
