import FolioCore
import Foundation

/// Text placed in HTML by the site: escaped as FolioCore's ``HTMLText`` escapes it.
enum HTML {
    static func escape(_ text: String) -> String { HTMLText.escape(text) }

    /// JSON placed in a `<script type="application/json">` block: `<`, `>` and `&` are
    /// written as `\u` escapes, so that no text of an author can end the block early.
    static func scriptJSON(_ json: String) -> String {
        // Byte-wise, copying the runs between escapes whole: every quiz and the search
        // index pass through here, and a large program's index is tens of megabytes.
        var json = json
        return json.withUTF8 { input -> String in
            var out: [UInt8] = []
            out.reserveCapacity(input.count + 64)
            var runStart = 0
            var index = 0
            func escape(_ replacement: StaticString, skipping length: Int) {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<index]))
                out.append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
                index += length
                runStart = index
            }
            while true {
                // The bytes between escapes are passed over eight at a time (``ByteScan``).
                index = ByteScan.next(in: input, from: index, marks: scriptMarks)
                guard index < input.count else { break }
                if let (replacement, length) = scriptEscape(in: input, at: index) {
                    escape(replacement, skipping: length)
                } else {
                    index += 1
                }
            }
            if runStart == 0 { return String(decoding: input, as: UTF8.self) }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: input[runStart..<input.count]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The bytes script JSON may need to escape, eight at a time (``ByteScan``): `<`, `>`,
    /// `&`, and the first byte of U+2028 and U+2029.
    @inline(__always) static func scriptMarks(_ word: UInt64) -> UInt64 {
        ByteScan.byte(UInt8(ascii: "<"), in: word) | ByteScan.byte(UInt8(ascii: ">"), in: word) | ByteScan.byte(UInt8(ascii: "&"), in: word)
            | ByteScan.byte(0xE2, in: word)
    }

    /// What script JSON writes for the character at `index` of `input`, and how many
    /// bytes that character takes; nil when it is written as it is. `<`, `>` and `&` could
    /// end the block; U+2028 LINE SEPARATOR (E2 80 A8) and U+2029 PARAGRAPH SEPARATOR
    /// (E2 80 A9) end a line of script in older readers.
    @inline(__always) static func scriptEscape(in input: UnsafeBufferPointer<UInt8>, at index: Int) -> (StaticString, Int)? {
        switch input[index] {
        case UInt8(ascii: "<"): return (#"\u003c"#, 1)
        case UInt8(ascii: ">"): return (#"\u003e"#, 1)
        case UInt8(ascii: "&"): return (#"\u0026"#, 1)
        case 0xE2 where index + 2 < input.count && input[index + 1] == 0x80 && input[index + 2] == 0xA8: return (#"\u2028"#, 3)
        case 0xE2 where index + 2 < input.count && input[index + 1] == 0x80 && input[index + 2] == 0xA9: return (#"\u2029"#, 3)
        default: return nil
        }
    }

    /// Percent-encodes a value for a URL query.
    static func queryValue(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            let c = Character(UnicodeScalar(byte))
            if c.isASCII && (c.isLetter || c.isNumber || "-_.~".contains(c)) {
                out.append(c)
            } else {
                out += String(format: "%%%02X", byte)
            }
        }
        return out
    }
}

/// HTML built as bytes, piece by piece, for markup made in bulk (every chapter's quiz):
/// no piece is copied into a string of its own on the way.
struct HTMLBytes {
    private(set) var bytes: [UInt8] = []

    mutating func reserve(_ count: Int) { bytes.reserveCapacity(count) }

    /// Appends `text` as it is: markup, or text escaped already.
    static func += (out: inout HTMLBytes, text: String) {
        var text = text
        text.withUTF8 { out.bytes.append(contentsOf: $0) }
    }

    /// Appends markup made as bytes already.
    static func += (out: inout HTMLBytes, bytes: [UInt8]) { out.bytes.append(contentsOf: bytes) }

    /// Appends `text` escaped as ``HTML/escape(_:)`` escapes it.
    mutating func escaped(_ text: String) {
        var text = text
        text.withUTF8 { HTMLText.appendEscaped($0, to: &bytes) }
    }

    /// Appends the JSON `json` as ``HTML/scriptJSON(_:)`` writes it, with the whitespace
    /// between its tokens taken out as ``JSONOutput/compacted(_:)`` does: one pass over
    /// the bundle's pretty file of a quiz, where compacting, then escaping, each copied it.
    /// The text of its strings, most of it, is copied in runs between the bytes that need
    /// a look (``ByteScan``).
    mutating func appendScriptJSON(compacting json: Data) {
        // Written through a pointer into room for the worst case (every byte escaped to
        // six): pretty JSON is short runs between indents, and appending each run to the
        // array cost more than the scan.
        let written = [UInt8](unsafeUninitializedCapacity: json.count * 6) { output, count in
            json.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
                let input = raw.bindMemory(to: UInt8.self)
                var index = 0
                var end = 0
                var inString = false
                func put(_ text: StaticString) {
                    for offset in 0..<text.utf8CodeUnitCount { output[end + offset] = text.utf8Start[offset] }
                    end += text.utf8CodeUnitCount
                }
                while index < input.count {
                    if inString {
                        let run = ByteScan.next(
                            in: input, from: index,
                            marks: {
                                ByteScan.byte(UInt8(ascii: "\""), in: $0) | ByteScan.byte(UInt8(ascii: "\\"), in: $0) | HTML.scriptMarks($0)
                            })
                        if run > index { (output.baseAddress! + end).update(from: input.baseAddress! + index, count: run - index) }
                        end += run - index
                        index = run
                        guard index < input.count else { break }
                    }
                    let byte = input[index]
                    index += 1
                    switch byte {
                    case UInt8(ascii: "\""):
                        inString.toggle()
                        output[end] = byte
                        end += 1
                    // An escape in a string: the byte after the backslash is its own, never a
                    // closing quote.
                    case UInt8(ascii: "\\") where inString && index < input.count:
                        output[end] = byte
                        output[end + 1] = input[index]
                        end += 2
                        index += 1
                    // A line break and the indent after it: the indent's spaces skipped
                    // eight at a time, most of what pretty JSON has between its tokens.
                    case 0x0A where !inString:
                        index = ByteScan.next(in: input, from: index, marks: { ByteScan.other(than: 0x20, in: $0) })
                    case 0x20, 0x0D,
                        0x09 where !inString:
                        continue
                    default:
                        if let (replacement, length) = HTML.scriptEscape(in: input, at: index - 1) {
                            put(replacement)
                            index += length - 1
                        } else {
                            output[end] = byte
                            end += 1
                        }
                    }
                }
                count = end
            }
        }
        bytes.append(contentsOf: written)
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
