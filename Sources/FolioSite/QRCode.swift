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

    /// The code as an SVG picture with its quiet zone, one module a unit, dark modules as
    /// one path of runs along each row: black on white whatever the page's colours, named
    /// for a screen reader by `label`.
    public func svg(label: String) -> String {
        let side = size + 2 * Self.quietZone
        var path = ""
        path.reserveCapacity(size * size)
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                let start = column
                while column < size, isDark(row: row, column: column) { column += 1 }
                path += "M\(start + Self.quietZone) \(row + Self.quietZone)h\(column - start)v1h-\(column - start)z"
            }
        }
        return "<svg class=\"qr-code\" xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" role=\"img\" aria-label=\""
            + HTML.escape(label) + "\" shape-rendering=\"crispEdges\"><rect width=\"\(side)\" height=\"\(side)\" fill=\"#fff\"/>"
            + "<path fill=\"#000\" d=\"" + path + "\"/></svg>"
    }
}
