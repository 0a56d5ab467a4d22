import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Finds which of the ports a server was asked for is taken, so a failed start can name it.
enum PortProbe {
    /// Whether binding `host:port` (IPv4 or IPv6 literal, or a name resolving to one) fails with
    /// `EADDRINUSE`. Binds with `SO_REUSEADDR`, as the server does, so a port in `TIME_WAIT` is not
    /// reported busy.
    static func isInUse(host: String, port: Int) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &result) == 0, let first = result else { return false }
        defer { freeaddrinfo(result) }
        let descriptor = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if bind(descriptor, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 {
            // Bound is not listening: a port in use by a listener fails at bind on Linux.
            return false
        }
        return errno == EADDRINUSE
    }
}
