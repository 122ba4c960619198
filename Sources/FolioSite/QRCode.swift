import Foundation

#if canImport(CQREncode)
    import CQREncode
#endif

/// A QR code as its square of modules, made by libqrencode (the only code that touches
/// it), and drawn for a terminal with Unicode half blocks (each character is two modules,
/// one above the other, so that the code is about square on screen) or for a printed page
/// as SVG.
public struct QRCode: Sendable, Equatable {
    /// Modules on a side.
    public let size: Int
    /// Row by row from the top, `true` for a dark module.
    public let modules: [Bool]

    /// The modules around a code that must be light for a reader to find it.
    public static let quietZone = 4

    public init(size: Int, modules: [Bool]) {
        self.size = size
        self.modules = modules
    }

    /// Whether QR codes can be made: the self-contained executable of `make dist` is built
    /// without libqrencode, which Debian ships only as a shared library.
    public static var isAvailable: Bool {
        #if canImport(CQREncode)
            true
        #else
            false
        #endif
    }

    /// The code of `text` at error correction level M (15% of it can be lost), as small as
    /// that allows; nil when libqrencode is not linked or the text is too long for a code.
    public init?(encoding text: String) {
        #if canImport(CQREncode)
            guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
            defer { QRcode_free(code) }
            let size = Int(code.pointee.width)
            // Bit 0 of each byte is the module's colour; the others say what part it is of.
            let bytes = UnsafeBufferPointer(start: code.pointee.data, count: size * size)
            self.init(size: size, modules: bytes.map { $0 & 1 == 1 })
        #else
            return nil
        #endif
    }

    public func isDark(row: Int, column: Int) -> Bool {
        guard (0..<size).contains(row), (0..<size).contains(column) else { return false }
        return modules[row * size + column]
    }

    /// The code with its quiet zone, dark modules drawn as ink (`█ ▀ ▄`), a line of text for
    /// every two rows. With `color`, each line is black on white whatever the terminal's own
    /// colours, since a light code on a dark background is one that some phones cannot read;
    /// without, the ink is the terminal's text colour, as on paper.
    public func halfBlocks(color: Bool) -> [String] {
        let first = -Self.quietZone
        let last = size + Self.quietZone
        return stride(from: first, to: last, by: 2).map { top in
            let line = String(
                (first..<last).map { column -> Character in
                    switch (isDark(row: top, column: column), isDark(row: top + 1, column: column)) {
                    case (true, true): "█"
                    case (true, false): "▀"
                    case (false, true): "▄"
                    case (false, false): " "
                    }
                })
            // 256-colour black (16) on white (231): the 16 basic colours are the ones themes change.
            return color ? "\u{1B}[38;5;16;48;5;231m" + line + "\u{1B}[0m" : line
        }
    }

    /// The code as an SVG picture with its quiet zone, one module a unit: the dark modules
    /// of each row as strokes one unit wide along it (`M4 4.5h7m2 0h1`, each run from where
    /// the last ended), black on white whatever the page's colours, named for a screen
    /// reader by `label`.
    public func svg(label: String) -> String {
        let side = size + 2 * Self.quietZone
        var path = ""
        path.reserveCapacity(size * size)
        for row in 0..<size {
            var column = 0
            var pen: Int?
            while column < size {
                guard isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                let start = column
                while column < size, isDark(row: row, column: column) { column += 1 }
                if let pen {
                    path += "m\(start - pen) 0h\(column - start)"
                } else {
                    path += "M\(start + Self.quietZone) \(row + Self.quietZone).5h\(column - start)"
                }
                pen = column
            }
        }
        return "<svg class=\"qr-code\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" role=\"img\" aria-label=\""
            + HTML.escape(label) + "\" shape-rendering=\"crispEdges\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path stroke=\"#000\" d=\"" + path + "\"/></svg>"
    }

    /// The SVG of the code of `text` named by `label`, made once a process however many
    /// pages show it: a video is on its chapter's page and in the workbook, and twice in the
    /// facilitator's guide, and libqrencode's choice of mask was most of a large build's
    /// cost of them (docs/development.md, "Measured guards"). Nil as ``init(encoding:)``.
    public static func drawing(of text: String, label: String) -> String? {
        drawings.drawing(of: text, label: label)
    }

    private static let drawings = Drawings()

    /// The drawings made so far, by text and label.
    private final class Drawings: @unchecked Sendable {
        // Guarded by `lock`.
        private var made: [String: String?] = [:]
        private let lock = NSLock()

        func drawing(of text: String, label: String) -> String? {
            let key = text + "\u{0}" + label
            lock.lock()
            let known = made[key]
            lock.unlock()
            if let known { return known }
            let drawing = QRCode(encoding: text)?.svg(label: label)
            lock.lock()
            made[key] = .some(drawing)
            lock.unlock()
            return drawing
        }
    }
}
