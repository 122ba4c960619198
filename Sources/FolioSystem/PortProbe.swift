#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether a TCP port can be listened on, tried the way the preview's server listens
/// (with `SO_REUSEADDR`, so that a port left in `TIME_WAIT` counts as free, as it is for
/// the server), and let go at once.
public enum PortProbe {
    /// Whether `port` on `address` (an IPv4 or IPv6 address of this computer) is free.
    public static func isFree(_ port: Int, on address: String) -> Bool {
        guard (1...65535).contains(port) else { return false }
        let family = address.contains(":") ? AF_INET6 : AF_INET
        #if canImport(Glibc)
            let socketType = Int32(SOCK_STREAM.rawValue)
        #else
            let socketType = SOCK_STREAM
        #endif
        let descriptor = socket(family, socketType, 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        if family == AF_INET6 {
            var socketAddress = sockaddr_in6()
            socketAddress.sin6_family = sa_family_t(AF_INET6)
            socketAddress.sin6_port = in_port_t(UInt16(port).bigEndian)
            guard inet_pton(AF_INET6, address, &socketAddress.sin6_addr) == 1 else { return false }
            return withUnsafePointer(to: &socketAddress) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
            }
        }
        var socketAddress = sockaddr_in()
        socketAddress.sin_family = sa_family_t(AF_INET)
        socketAddress.sin_port = in_port_t(UInt16(port).bigEndian)
        guard inet_pton(AF_INET, address, &socketAddress.sin_addr) == 1 else { return false }
        return withUnsafePointer(to: &socketAddress) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }

    /// The first free port of the few after `port`, to suggest in its place.
    public static func freePort(after port: Int, on address: String) -> Int? {
        guard port < 65535 else { return nil }
        return (port + 1...min(port + 100, 65535)).first { isFree($0, on: address) }
    }
}
