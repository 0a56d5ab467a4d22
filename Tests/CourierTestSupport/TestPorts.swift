#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ports for tests that run in parallel with many others.
///
/// A "closed port" must stay closed for the whole test: a port merely bound and released can be handed
/// to another test's server (or to `nc`) a moment later, and a client expecting a refusal would then
/// talk to it. So the closed port stays bound, without listening, until the reservation is released.
public final class ReservedClosedPort: Sendable {
    /// The port, bound and not listening: connections to it are refused.
    public let port: Int
    private let descriptor: Int32

    /// Binds a free loopback port without listening.
    public init() throws {
        let (descriptor, port) = try bindLoopback(port: 0)
        self.descriptor = descriptor
        self.port = port
    }

    deinit {
        close(descriptor)
    }
}

/// A port for a child process to listen on: outside the ephemeral range (where every in-process server
/// bound to port 0 lands), chosen at random and checked free. Another program may still take it
/// before the child binds; the child then fails to start, which the test reports.
public func portForChildProcess() throws -> Int {
    for _ in 0..<100 {
        let candidate = Int.random(in: 20000..<30000)
        if let (descriptor, _) = try? bindLoopback(port: candidate) {
            close(descriptor)
            return candidate
        }
    }
    throw TestPortError.noFreePort
}

/// Why no port could be had.
public enum TestPortError: Error {
    case noFreePort
    case system(Int32)
}

/// A TCP socket bound to 127.0.0.1:`port` (0 lets the system choose), not listening.
private func bindLoopback(port: Int) throws -> (Int32, Int) {
    #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw TestPortError.system(errno) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
            bind(descriptor, generic, length) == 0 && getsockname(descriptor, generic, &length) == 0
        }
    }
    guard bound else {
        let code = errno
        close(descriptor)
        throw TestPortError.system(code)
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}
