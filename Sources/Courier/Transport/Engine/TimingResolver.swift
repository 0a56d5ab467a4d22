import Foundation
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A resolver for one connection attempt that times the host name lookup, so metrics can show DNS apart from
/// connecting. It asks `getaddrinfo` once (on NIO's thread pool) for both address families and answers Happy
/// Eyeballs' A and AAAA queries from that one answer. IP literals are answered at once, untimed.
final class TimingResolver: Resolver, Sendable {
    /// The host name lookup failed.
    struct LookupFailed: Error, CustomStringConvertible {
        var host: String
        var code: Int32

        var description: String {
            "cannot resolve \(host): \(String(cString: gai_strerror(code)))"
        }
    }

    private struct State {
        var lookup: EventLoopFuture<[SocketAddress]>?
        var started: Date?
        var finished: Date?
    }

    private let loop: any EventLoop
    private let state = Mutex(State())

    init(loop: any EventLoop) {
        self.loop = loop
    }

    /// When the lookup started and finished (nil when there was none, as for an IP literal).
    var timing: (start: Date, end: Date)? {
        state.withLock { state in
            guard let started = state.started, let finished = state.finished else { return nil }
            return (started, finished)
        }
    }

    func initiateAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        lookup(host: host, port: port).map { $0.filter { $0.protocol == .inet } }
    }

    func initiateAAAAQuery(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        lookup(host: host, port: port).map { $0.filter { $0.protocol == .inet6 } }
    }

    func cancelQueries() {
        // getaddrinfo cannot be interrupted; a late answer is ignored by Happy Eyeballs.
    }

    private func lookup(host: String, port: Int) -> EventLoopFuture<[SocketAddress]> {
        if let literal = try? SocketAddress(ipAddress: host, port: port) {
            return loop.makeSucceededFuture([literal])
        }
        return state.withLock { state in
            if let lookup = state.lookup { return lookup }
            state.started = Date()
            let lookup = NIOThreadPool.singleton.runIfActive(eventLoop: loop) {
                try Self.addresses(host: host, port: port)
            }
            lookup.whenComplete { [self] _ in
                self.state.withLock { $0.finished = Date() }
            }
            state.lookup = lookup
            return lookup
        }
    }

    /// Resolves with the system's resolver (blocking; runs on the thread pool).
    private static func addresses(host: String, port: Int) throws -> [SocketAddress] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        hints.ai_protocol = Int32(IPPROTO_TCP)
        var list: UnsafeMutablePointer<addrinfo>?
        let code = getaddrinfo(host, String(port), &hints, &list)
        guard code == 0, let first = list else { throw LookupFailed(host: host, code: code) }
        defer { freeaddrinfo(first) }
        var addresses: [SocketAddress] = []
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            if let address = current.pointee.ai_addr {
                switch current.pointee.ai_family {
                case AF_INET:
                    let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee }
                    addresses.append(SocketAddress(ipv4, host: host))
                case AF_INET6:
                    let ipv6 = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee }
                    addresses.append(SocketAddress(ipv6, host: host))
                default:
                    break
                }
            }
            entry = current.pointee.ai_next
        }
        return addresses
    }
}
