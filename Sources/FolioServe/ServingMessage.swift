import FolioSite

/// What `folio serve` prints once it listens: where the preview is, and, when it is served
/// beyond this computer, that anyone on the network can see it and a QR code of its network
/// address for a phone.
struct ServingMessage: Sendable {
    var title: String?
    var address: ServeAddress
    var port: Int
    var includeDrafts: Bool
    /// The content folder as the author named it.
    var display: String
    var useColor: Bool

    var text: String {
        let named = title.map { "\"\($0)\" " } ?? ""
        guard let network = address.network else {
            let shown = address.bind == ServeAddress.loopback.bind ? "127.0.0.1" : address.bind
            return "Serving \(named)at \(ServeAddress.url(shown, port: port))\n" + watching
        }
        let networkURL = ServeAddress.url(network, port: port)
        // Lines under 80 columns, so that none is broken in a small terminal window.
        var out =
            address.hosts.contains("localhost")
            ? "Serving \(named)at \(ServeAddress.url("127.0.0.1", port: port))\nand on this network at \(networkURL)\n"
            : "Serving \(named)on this network at \(networkURL)\n"
        out += "Anyone on this network can open this preview\(includeDrafts ? ", drafts included," : "") while it runs.\n"
        out += "Use it only on a network you trust, not on public Wi-Fi; Ctrl-C stops it.\n"
        if let code = QRCode(encoding: networkURL) {
            out += "To open it on a phone on the same network, point its camera at this code:\n"
            out += code.halfBlocks(color: useColor).map { $0 + "\n" }.joined()
        } else if !QRCode.isAvailable {
            out += "To open it on a phone, type the address into its browser (this folio has no QR codes).\n"
        }
        return out + watching
    }

    private var watching: String { "Watching \(display) for changes; press Ctrl-C to stop.\n" }
}
