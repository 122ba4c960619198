import NIOCore

/// Where the preview listens, and the addresses it is opened at: this computer alone
/// (`127.0.0.1`, the default), or this computer and its local network as well, so that a
/// phone on the same Wi-Fi can open it.
public struct ServeAddress: Sendable, Equatable {
    /// The address the server binds: `127.0.0.1`, `0.0.0.0` (every address of this
    /// computer) or one address of this computer.
    public let bind: String
    /// The address a phone on the network opens, when the preview is served beyond this
    /// computer; nil on loopback.
    public let network: String?
    /// The hosts requests may name (``LoopbackHostCheck``): this computer's names for
    /// itself when it can open the preview, and the addresses it is served at.
    public let hosts: Set<String>

    /// This computer alone.
    public static let loopback = ServeAddress(bind: "127.0.0.1", network: nil, hosts: loopbackNames)

    static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "::1"]

    /// Every address of this computer, `network` the one shown and put in the QR code.
    public static func everyAddress(network: String, of computer: [String]) -> ServeAddress {
        ServeAddress(bind: "0.0.0.0", network: network, hosts: loopbackNames.union(computer.map(normalized)))
    }

    /// One address of this computer, as `--bind` names it; a loopback address serves this
    /// computer alone, as by default, and `0.0.0.0` every address, as `--lan`.
    public static func only(_ address: String, lanAddress: String?, of computer: [String]) -> ServeAddress {
        let address = normalized(address)
        if address == "0.0.0.0" || address == "::" {
            return ServeAddress(bind: address, network: lanAddress, hosts: loopbackNames.union(computer.map(normalized)))
        }
        if address.hasPrefix("127.") || address == "::1" {
            return ServeAddress(bind: address, network: nil, hosts: loopbackNames.union([address]))
        }
        return ServeAddress(bind: address, network: address, hosts: [address])
    }

    /// `http://ADDRESS:PORT/`, with an IPv6 address in brackets.
    public static func url(_ address: String, port: Int) -> String {
        "http://\(address.contains(":") ? "[\(address)]" : address):\(port)/"
    }

    /// Lower case, so that an IPv6 address compares with the `Host` header's.
    static func normalized(_ address: String) -> String { address.lowercased() }
}

/// The IP addresses of this computer's network interfaces, from the system.
public enum ComputerAddresses {
    /// Every address, IPv4 and IPv6, loopback included, each once in the system's order.
    public static func all() -> [String] {
        let devices = (try? System.enumerateDevices()) ?? []
        var seen = Set<String>()
        return devices.compactMap { $0.address?.ipAddress }.filter { seen.insert($0).inserted }
    }

    /// The address to show a phone: IPv4 (which every phone and network reaches), neither
    /// loopback nor link-local (`169.254.`, made up when no network gave one); a private
    /// network's address (`192.168.`, `10.`, `172.16.` to `172.31.`) before any other.
    public static func forLAN(among addresses: [String]) -> String? {
        let candidates = addresses.filter { address in
            let parts = address.split(separator: ".").compactMap { Int($0) }
            return parts.count == 4 && parts[0] != 127 && !(parts[0] == 169 && parts[1] == 254) && parts[0] != 0
        }
        return candidates.first(where: isPrivate) ?? candidates.first
    }

    static func isPrivate(_ address: String) -> Bool {
        let parts = address.split(separator: ".").compactMap { Int($0) }
        guard parts.count == 4 else { return false }
        return parts[0] == 10 || (parts[0] == 192 && parts[1] == 168) || (parts[0] == 172 && (16...31).contains(parts[1]))
    }
}
