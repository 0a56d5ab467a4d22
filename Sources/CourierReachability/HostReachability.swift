import Dispatch
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether one host can be reached from here, as ``Reachability/host(_:port:probe:timeout:)`` found out:
/// its name resolved, the kernel has a route to one of its addresses, and — when a probe was asked for — a
/// TCP connection to the port was accepted.
public struct HostReachability: Hashable, Sendable, CustomStringConvertible {
    /// The answer.
    public enum Verdict: Hashable, Sendable {
        /// Resolved and routable (and, with a probe, the port accepted a connection).
        case reachable
        /// The name did not resolve.
        case unresolvable
        /// No route to any of the host's addresses (the network to it is down).
        case noRoute
        /// Routable, but the TCP probe failed: `cannotConnectToHost` (refused), `timedOut`, or
        /// `notConnectedToInternet` (the network to the host went away).
        case probeFailed(ProbeFailure)
    }

    /// Why a TCP probe failed. The cases carry the names of the matching `CourierError.Code` cases, and
    /// Courier converts one into the other with `CourierError.Code(_:)`.
    public enum ProbeFailure: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// The connection was refused (or could not be started).
        case cannotConnectToHost
        /// The connection did not complete within the timeout.
        case timedOut
        /// The network or the host became unreachable on the way.
        case notConnectedToInternet

        /// The case name, as logs and messages print it (`timedOut`).
        public var description: String { rawValue }
    }

    /// The host asked about.
    public var host: String
    /// Its addresses, as resolved.
    public var addresses: [String]
    /// The address the route check (and probe) used.
    public var address: String?
    /// The local interface the route leaves through, when it could be told.
    public var interfaceName: String?
    /// The verdict.
    public var verdict: Verdict

    /// Whether the host is reachable.
    public var isReachable: Bool { verdict == .reachable }

    /// One line for logs: the host and the verdict, with the interface when it is reachable.
    public var description: String {
        switch verdict {
        case .reachable:
            return "\(host) is reachable" + (interfaceName.map { " via \($0)" } ?? "")
        case .unresolvable: return "\(host) does not resolve"
        case .noRoute: return "no route to \(host)"
        case .probeFailed(let code): return "\(host) is routable but the probe failed (\(code))"
        }
    }
}

extension Reachability {
    /// Finds out whether `host` can be reached: resolves it, asks the kernel for a route (no packet is
    /// sent), and with `probe` opens (and closes) a TCP connection to `port`. Runs on a background thread,
    /// never on the caller's executor: a slow resolver does not block anyone.
    ///
    /// The book warns that host checks cost a round trip: use this for occasional checks (which network am
    /// I on?), never before every request.
    ///
    /// ```swift
    /// let result = await Reachability.host("intranet.example.com", port: 443, probe: true)
    /// if !result.isReachable { print(result) }
    /// ```
    /// - Parameters:
    ///   - port: The port for the probe and for resolution (default 80).
    ///   - probe: Whether to try a TCP connection.
    ///   - timeout: The longest the probe may take, in seconds.
    public static func host(_ host: String, port: Int = 80, probe: Bool = false, timeout: TimeInterval = 5) async
        -> HostReachability
    {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .utility).async {
                continuation.resume(returning: check(host: host, port: port, probe: probe, timeout: timeout))
            }
        }
    }

    private static func check(host: String, port: Int, probe: Bool, timeout: TimeInterval) -> HostReachability {
        var result = HostReachability(host: host, addresses: [], verdict: .unresolvable)
        let name = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let candidates = resolve(name, port: port)
        result.addresses = candidates.map(\.text)
        guard !candidates.isEmpty else { return result }
        result.verdict = .noRoute
        for candidate in candidates {
            guard let local = routeSource(for: candidate) else { continue }
            result.address = candidate.text
            result.interfaceName = interfaceName(owning: local)
            guard probe else {
                result.verdict = .reachable
                return result
            }
            if let failure = probeConnection(to: candidate, timeout: timeout) {
                result.verdict = .probeFailed(failure)
            } else {
                result.verdict = .reachable
                return result
            }
        }
        return result
    }

    private struct Candidate {
        var storage: [UInt8]
        var family: Int32
        var text: String
    }

    private static func resolve(_ name: String, port: Int) -> [Candidate] {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, String(port), &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var candidates: [Candidate] = []
        var cursor = list
        while let entry = cursor {
            cursor = entry.pointee.ai_next
            guard let address = entry.pointee.ai_addr,
                entry.pointee.ai_family == AF_INET || entry.pointee.ai_family == AF_INET6
            else { continue }
            let storage = Array(UnsafeRawBufferPointer(start: address, count: Int(entry.pointee.ai_addrlen)))
            let text = presentation(storage, family: entry.pointee.ai_family)
            if !candidates.contains(where: { $0.text == text }) {
                candidates.append(Candidate(storage: storage, family: entry.pointee.ai_family, text: text))
            }
        }
        return candidates
    }

    private static func presentation(_ storage: [UInt8], family: Int32) -> String {
        // sin_addr sits at offset 4 of sockaddr_in, sin6_addr at offset 8 of sockaddr_in6.
        let (offset, length) = family == AF_INET ? (4, 4) : (8, 16)
        guard storage.count >= offset + length,
            let address = InterfaceAddress(
                family: family == AF_INET ? .ipv4 : .ipv6, bytes: Array(storage[offset..<(offset + length)]))
        else { return "?" }
        return address.description
    }

    /// The local address the kernel would send from, found by connecting a UDP socket (which sends
    /// nothing); `nil` when there is no route.
    private static func routeSource(for candidate: Candidate) -> InterfaceAddress? {
        let descriptor = socket(candidate.family, Int32(SOCK_DGRAM.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        defer { closeDescriptor(descriptor) }
        let connected = candidate.storage.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: sockaddr.self) { connect(descriptor, $0.baseAddress, socklen_t(raw.count)) }
        }
        guard connected == 0 else { return nil }
        var local = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &local) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { return nil }
        let bytes = withUnsafeBytes(of: &local) { Array($0.prefix(Int(length))) }
        let (offset, size) = candidate.family == AF_INET ? (4, 4) : (8, 16)
        guard bytes.count >= offset + size else { return nil }
        return InterfaceAddress(
            family: candidate.family == AF_INET ? .ipv4 : .ipv6, bytes: Array(bytes[offset..<(offset + size)]))
    }

    private static func interfaceName(owning address: InterfaceAddress) -> String? {
        guard let interfaces = try? InterfacePollingSource.currentInterfaces() else { return nil }
        return interfaces.first { $0.addresses.contains { $0.bytes == address.bytes } }?.name
    }

    /// A TCP connection attempt: `nil` when the port accepted it, otherwise why not.
    private static func probeConnection(
        to candidate: Candidate, timeout: TimeInterval
    ) -> HostReachability.ProbeFailure? {
        let descriptor = socket(candidate.family, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return .cannotConnectToHost }
        defer { closeDescriptor(descriptor) }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let started = candidate.storage.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: sockaddr.self) { connect(descriptor, $0.baseAddress, socklen_t(raw.count)) }
        }
        if started == 0 { return nil }
        guard errno == EINPROGRESS else { return errno == ETIMEDOUT ? .timedOut : .cannotConnectToHost }
        var descriptors = [pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)]
        let milliseconds = Int32(min(max(0, timeout * 1000), Double(Int32.max)))
        var ready: Int32
        repeat {
            ready = poll(&descriptors, 1, milliseconds)
        } while ready < 0 && errno == EINTR
        guard ready > 0 else { return .timedOut }
        var failure: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &failure, &length) == 0 else { return .cannotConnectToHost }
        switch failure {
        case 0: return nil
        case ETIMEDOUT: return .timedOut
        case ENETUNREACH, EHOSTUNREACH: return .notConnectedToInternet
        default: return .cannotConnectToHost
        }
    }
}
