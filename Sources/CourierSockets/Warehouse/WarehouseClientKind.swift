/// The three ways of loading the warehouse status, for choosing one by name (`--client`).
public enum WarehouseClientKind: String, Sendable, Hashable, CaseIterable {
    /// ``POSIXWarehouseClient``: BSD sockets with `getaddrinfo`.
    case posix
    /// ``NIOWarehouseClient``: ``TCPClient`` on SwiftNIO.
    case nio
    /// `StreamWarehouseClient`: Foundation's `Stream`, only where `Stream.getStreamsToHost` exists.
    case streams

    /// Whether this client exists on this platform.
    public var isAvailable: Bool {
        #if canImport(Darwin)
            true
        #else
            self != .streams
        #endif
    }

    /// Makes the client for `host` and `port`.
    ///
    /// - Throws: ``WarehouseError/unavailable(reason:)`` for ``streams`` where Foundation lacks
    ///   `Stream.getStreamsToHost` (Linux).
    public func makeClient(host: String, port: Int, timeout: Duration = .seconds(10)) throws(WarehouseError)
        -> any WarehouseClient
    {
        switch self {
        case .posix:
            return POSIXWarehouseClient(host: host, port: port, timeout: timeout)
        case .nio:
            return NIOWarehouseClient(host: host, port: port, timeout: timeout)
        case .streams:
            #if canImport(Darwin)
                return StreamWarehouseClient(host: host, port: port, timeout: timeout)
            #else
                throw .unavailable(
                    reason:
                        "The streams client is not available on this platform: Foundation on Linux has no Stream.getStreamsToHost; use --client posix or --client nio."
                )
            #endif
        }
    }
}
