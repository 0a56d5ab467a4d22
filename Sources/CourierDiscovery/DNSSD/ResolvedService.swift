import NIOCore

/// A resolved service: where to connect and its attributes (the book's `didResolveAddress`).
public struct ResolvedService: Hashable, Sendable {
    /// The instance.
    public var identity: ServiceIdentity
    /// The SRV target host, e.g. `shop.local.`.
    public var host: DNSName
    /// The SRV port.
    public var port: Int
    /// The TXT attributes (empty until the TXT record arrives).
    public var txt: TXTRecord
    /// The host's addresses with the service port; IPv6 link-local addresses carry their interface's scope.
    public var addresses: [SocketAddress]
    /// The interface the answers came from.
    public var interface: String

    /// Creates a result (for tests of code that consumes resolves).
    public init(
        identity: ServiceIdentity, host: DNSName, port: Int, txt: TXTRecord, addresses: [SocketAddress],
        interface: String
    ) {
        self.identity = identity
        self.host = host
        self.port = port
        self.txt = txt
        self.addresses = addresses
        self.interface = interface
    }
}
