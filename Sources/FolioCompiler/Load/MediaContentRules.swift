import FolioContent
import FolioCore
import FolioModel
import FolioSyntax
import Foundation

/// Media a browser would run as a part of the site: an HTML page or an SVG picture with
/// a script, an event handler, a `javascript:` address, a frame or a `<foreignObject>`.
/// Opened from a chapter's link, such a file runs on the site's own origin, where the
/// learner's name and progress are kept, so it is an error and nothing is published.
///
/// Only the files a browser reads as markup are read here (by their extension), so a
/// program's pictures and videos cost nothing. HTML is read by Gumbo as a browser reads
/// it; SVG and other XML is read the same way, and what an XML parser would read
/// differently from an HTML parser (an element inside `<textarea>`, an entity declared
/// in the file, a style sheet that could be an XSLT transform) is refused as well, so
/// that no element escapes the check.
enum MediaContentRules {
    /// Endings browsers show as HTML pages.
    static let htmlExtensions: Set<String> = ["html", "htm", "shtml"]
    /// Endings browsers read as XML: SVG, XHTML, XML and XSLT.
    static let xmlExtensions: Set<String> = ["svg", "xhtml", "xht", "xml", "xsl", "xslt"]
    /// A compressed SVG picture, which a host may send to be read as SVG.
    static let compressedSVGExtension = "svgz"
    /// The largest file read; real handouts and pictures are far smaller.
    static let maxSize = 16 * 1024 * 1024
    /// Deepest nesting of elements read, as ``HTMLSanitizer/nesting(of:from:uncounted:)``
    /// bounds it before parsing: the parser's time grows with the depth for each tag, and
    /// Gumbo frees its tree by recursion, which a file of nothing but `<g>` would take
    /// past the end of a thread's stack. Real pictures and handouts nest a few dozen deep.
    static let maxNesting = 256
    /// Elements whose end tag HTML lets an author leave out: the next one closes them.
    static let impliedEnds: Set<String> = [
        "p", "li", "dt", "dd", "option", "optgroup", "tr", "td", "th", "thead", "tbody", "tfoot", "colgroup", "caption", "rb", "rt", "rtc", "rp",
        "html", "head", "body",
    ]

    /// Elements that show another page or program inside this one.
    static let frameElements: Set<String> = ["iframe", "frame", "frameset", "object", "embed", "applet", "portal"]
    /// Attributes whose value is an address a browser follows or loads.
    static let addressAttributes: Set<String> = [
        "href", "src", "action", "formaction", "data", "poster", "background", "codebase", "cite", "ping",
    ]
    /// SVG animation elements, and their attributes that give the value set.
    static let animationElements: Set<String> = ["set", "animate", "animatemotion", "animatetransform", "animatecolor"]
    static let animationValues: Set<String> = ["to", "from", "by", "values"]
    /// `data:` addresses of documents, which a browser would show as a page.
    static let documentDataTypes = ["text/html", "application/xhtml+xml", "text/xml", "application/xml"]

    /// Whether `path` is a file this rule reads.
    static func isChecked(_ path: String) -> Bool {
        let ext = ContentPath.fileExtension(path).lowercased()
        return htmlExtensions.contains(ext) || xmlExtensions.contains(ext) || ext == compressedSVGExtension
    }

    /// Checks each media file that a browser reads as markup; a file with a problem is
    /// added to `sources`, so that its messages quote its lines.
    static func check(_ paths: [String], in source: any ContentSource, sources: inout SourceStore, diagnostics: inout DiagnosticList) {
        let checked = paths.filter(isChecked)
        let found = ParallelMap.run(checked) { path -> (SourceFile?, [Diagnostic]) in
            guard let data = source.read(path) else { return (nil, []) }
            return check(path, bytes: [UInt8](data))
        }
        for (file, problems) in found where !problems.isEmpty {
            if let file { sources.add(file) }
            diagnostics.append(contentsOf: problems)
        }
    }

    /// The problems of one file, and the file as text to quote when there are some.
    static func check(_ path: String, bytes: [UInt8]) -> (SourceFile?, [Diagnostic]) {
        var diagnostics = DiagnosticList()
        let ext = ContentPath.fileExtension(path).lowercased()
        let name = ContentPath.lastComponent(path)
        if ext == compressedSVGExtension {
            diagnostics.error(
                .mediaActiveContent, at: .startOf(path),
                "`\(name)` is a compressed SVG picture, which Folio cannot look inside for scripts, and which a browser may run on the site",
                help: "save the picture as a plain `.svg` file (or as a `.png`) and link to that instead")
            return (nil, diagnostics.all)
        }
        guard bytes.count <= maxSize else {
            diagnostics.error(
                .mediaActiveContent, at: .startOf(path),
                "`\(name)` is larger than \(maxSize / 1024 / 1024) MB, too large for Folio to check for scripts, which a browser would run on the site",
                help: "make the page or picture smaller, or publish it as a PDF, which Folio does not need to check")
            return (nil, diagnostics.all)
        }
        let bytes = utf8(bytes)
        let file = SourceFile(path: path, text: String(decoding: bytes, as: UTF8.self))
        let places = BytePlaces(bytes: bytes, path: path)
        // NUL and ESC are in no UTF-8 page: they are UTF-16 without its mark, or a Japanese
        // ISO-2022 encoding, in which a browser reads other tags than the bytes show.
        if let odd = bytes.firstIndex(where: { $0 == 0 || $0 == 0x1B }) {
            diagnostics.error(
                .mediaActiveContent, at: places.location(of: odd),
                "`\(name)` is saved in an encoding Folio cannot check for scripts (the byte here is in no UTF-8 text)",
                help: "open the file in an editor and save it as UTF-8")
            return (file, diagnostics.all)
        }
        if HTMLSanitizer.nesting(of: file.text, from: 0, uncounted: impliedEnds).deepest > maxNesting {
            diagnostics.error(
                .mediaActiveContent, at: .startOf(path),
                "`\(name)` nests its elements more than \(maxNesting) deep, too deep for Folio to check for scripts, which a browser would run on the site",
                help: "a page or picture never needs this much nesting: look for elements opened and never closed, "
                    + "or save it again from the program that made it")
            return (file, diagnostics.all)
        }
        let scan = HTMLFragment.scanDocument(bytes)
        // No more than a message shows of one file: a line of many thousands of problems
        // would otherwise cost a pass over the line for each.
        for element in scan.elements where diagnostics.all.count < DiagnosticList.perFileLimit {
            check(element, places: places, diagnostics: &diagnostics)
        }
        if xmlExtensions.contains(ext) { checkXML(bytes, scan: scan, places: places, diagnostics: &diagnostics) }
        return diagnostics.all.isEmpty ? (nil, []) : (file, diagnostics.all)
    }

    /// An element's name or an attribute's after any prefix (`x:script` -> `script`),
    /// lower-cased: in an XML file, any prefix may stand for the namespace of HTML or SVG.
    static func localName(_ name: String) -> String {
        String(name[(name.lastIndex(of: ":").map { name.index(after: $0) } ?? name.startIndex)...]).lowercased()
    }

    private static func check(_ element: HTMLFragment.PlacedElement, places: BytePlaces, diagnostics: inout DiagnosticList) {
        let name = localName(element.name)
        // Found only for a problem: finding a column reads its line, and a picture may be
        // one line of many thousands of elements.
        var at: SourceLocation { places.location(of: element.offset) }
        let leave = "or publish the page outside Folio and link to its `https://` address"
        switch name {
        case "script":
            diagnostics.error(
                .mediaActiveContent, at: at, "this `<\(element.name)>` element would run a script on the site, where learners' names and progress are kept",
                help: "remove the `<\(element.name)>` element, \(leave)")
        case "foreignobject":
            diagnostics.error(
                .mediaActiveContent, at: at, "`<\(element.name)>` puts a web page inside the picture, which could run a script on the site",
                help: "remove the `<\(element.name)>` element; for words in a picture, use SVG's `<text>`")
        case _ where frameElements.contains(name):
            diagnostics.error(
                .mediaActiveContent, at: at, "`<\(element.name)>` shows another page or program inside this one, which could run a script on the site",
                help: "remove the `<\(element.name)>` element and link to what it shows instead, \(leave)")
        case "meta" where element.attributes.contains { localName($0.name) == "http-equiv" && $0.value.trimmedSpaces.lowercased() == "refresh" }:
            diagnostics.error(
                .mediaActiveContent, at: at, "`<meta http-equiv=\"refresh\">` sends the reader to another address, which could be a script",
                help: "remove the `<meta>` element and link to the other page instead")
        default:
            break
        }
        for attribute in element.attributes {
            let attributeName = localName(attribute.name)
            var at: SourceLocation { places.location(of: attribute.offset) }
            if attributeName.hasPrefix("on"), attributeName.count > 2 {
                diagnostics.error(
                    .mediaActiveContent, at: at, "`\(attribute.name)` is an event handler: it runs a script on the site when the page or picture is used",
                    help: "remove `\(attribute.name)=\"…\"` from the `<\(element.name)>` element")
            } else if animationElements.contains(name), attributeName == "attributename", localName(attribute.value.trimmedSpaces).hasPrefix("on") {
                diagnostics.error(
                    .mediaActiveContent, at: at, "this animation sets the event handler `\(attribute.value.trimmedSpaces)`, which runs a script on the site",
                    help: "remove the `<\(element.name)>` element")
            } else if let scheme = addressAttributes.contains(attributeName)
                ? unsafeScheme(attribute.value)
                // An animation's `values` is a list, each of which is set in turn.
                : animationElements.contains(name) && animationValues.contains(attributeName)
                    ? attribute.value.split(separator: ";").lazy.compactMap({ unsafeScheme(String($0)) }).first : nil
            {
                diagnostics.error(
                    .mediaActiveContent, at: at, "`\(attribute.name)` here is a `\(scheme)` address, which could run a script on the site",
                    help: "use an `https://` address or the name of a file beside this one, or remove the `\(attribute.name)` attribute")
            }
        }
    }

    /// What an XML parser reads that an HTML parser does not: elements that the HTML
    /// parser took as the text of `<textarea>`, `<style>` and the like, entities
    /// declared in the file, and style sheets that could be XSLT transforms.
    private static func checkXML(_ bytes: [UInt8], scan: HTMLFragment.Scan, places: BytePlaces, diagnostics: inout DiagnosticList) {
        for text in scan.markupInText where localName(text.parent) != "script" && diagnostics.all.count < DiagnosticList.perFileLimit {
            diagnostics.error(
                .mediaActiveContent, at: places.location(of: text.offset),
                "in an SVG or XML file this `<` starts an element, which a web page would read as the text of `<\(text.parent)>`, so Folio cannot check it",
                help: "remove the `<\(text.parent)>` element, or write a `<` that is meant as text as `&lt;`")
        }
        for (needle, message, help) in [
            (
                "<!ENTITY", "this file declares an entity, which an SVG viewer expands into elements Folio cannot check",
                "remove the `<!ENTITY …>` declarations and write out what they stand for"
            ),
            (
                "<?xml-stylesheet", "`<?xml-stylesheet?>` may transform the file into a page with scripts (XSLT)",
                "remove it, and put the picture's styles in a `<style>` element inside it"
            ),
        ] {
            let found = Array(needle.utf8).withUnsafeBufferPointer { needle in
                bytes.withUnsafeBufferPointer { ByteScan.start(of: needle, in: $0) }
            }
            if let found { diagnostics.error(.mediaActiveContent, at: places.location(of: found), message, help: help) }
        }
    }

    /// The scheme of an address that could run a script when followed or loaded:
    /// `javascript:`, `vbscript:`, or a `data:` address of a document. Read as a browser
    /// reads an address: tabs and line breaks anywhere are dropped, and spaces and control
    /// characters around it.
    static func unsafeScheme(_ value: String) -> String? {
        var address = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        address = String(String.UnicodeScalarView(address.unicodeScalars.drop { $0.value <= 0x20 })).lowercased()
        for scheme in ["javascript:", "vbscript:", "livescript:"] where address.hasPrefix(scheme) { return scheme }
        guard address.hasPrefix("data:") else { return nil }
        let type = address.dropFirst(5).drop { $0 == " " }
        return documentDataTypes.contains { type.hasPrefix($0) } ? "data:" : nil
    }

    /// The bytes as UTF-8: a file with a UTF-16 byte order mark, as a browser reads it, is
    /// converted; any other is taken as it is (Gumbo reads bytes that are not UTF-8 as
    /// replacement characters, and every tag is ASCII).
    private static func utf8(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF),
            let text = String(data: Data(bytes), encoding: .utf16)
        else { return bytes }
        return Array(text.utf8)
    }

    /// Lines and columns of byte offsets in a file: lines counted by `\n`, columns in
    /// Unicode scalars, as every location is.
    struct BytePlaces {
        let bytes: [UInt8]
        let path: String
        /// The offset at which each line starts, so that many places in a large file cost
        /// one pass over it.
        let lineStarts: [Int]

        init(bytes: [UInt8], path: String) {
            self.bytes = bytes
            self.path = path
            lineStarts = [0] + bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        }

        func location(of offset: Int) -> SourceLocation {
            let offset = min(max(offset, 0), bytes.count)
            // The last line that starts at or before `offset`.
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            // Bytes that start a scalar: all but UTF-8's continuation bytes.
            let column = bytes[lineStarts[low]..<offset].reduce(1) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            return SourceLocation(file: path, line: low + 1, column: column)
        }
    }
}

extension DiagnosticCode {
    /// An HTML page or SVG picture in `media/` that could run a script on the site.
    public static let mediaActiveContent = DiagnosticCode("media-active-content", .error, .files)
}
