import Foundation
import NIOCore
import NIOSSL

/// What an exchange learned about the connection that carried it, for metrics and trust errors.
struct HTTPConnectionInfo: Sendable {
    /// The pool's identifier of the connection (unique within the pool).
    var connectionID: Int
    /// Whether the connection had carried an exchange before this one.
    var isReused: Bool
    /// `"http/1.1"` or `"h2"`.
    var protocolName: String
    /// This side's address and port, formatted once when the connection is made (each exchange's metrics
    /// carry them; formatting per exchange cost about 2 % of a keep-alive request's CPU).
    var local: Endpoint?
    /// The server's (or the proxy's) address and port, formatted once like `local`.
    var remote: Endpoint?
    /// The negotiated TLS version, when the connection uses TLS.
    var tlsVersion: TLSVersion?
    /// The certificate chain the server presented, leaf first (empty without TLS).
    var peerCertificates: [NIOSSLCertificate] = []
    /// When the host name lookup started (nil when reused, or when the host is an IP literal or is
    /// resolved by a SOCKS5 proxy).
    var dnsStart: Date?
    /// When the host name lookup finished (nil when `dnsStart` is).
    var dnsEnd: Date?
    /// When connecting started (nil when the connection was reused).
    var connectStart: Date?
    /// When the TCP connection was made (nil when reused).
    var connectEnd: Date?
    /// When the TLS handshake started (nil when reused or without TLS).
    var tlsStart: Date?
    /// When the TLS handshake finished (nil when reused or without TLS).
    var tlsEnd: Date?
    /// When the request head was handed to the connection.
    var requestStart: Date?
    /// When the last request byte was written.
    var requestEnd: Date?
    /// When the final response head arrived.
    var responseStart: Date?
}

extension HTTPConnectionInfo {
    /// A socket address as metrics show it: the numeric address (`127.0.0.1`, `::1`) and the port.
    struct Endpoint: Sendable, Equatable {
        var address: String?
        var port: Int?

        /// Nil for a socket without an address (a Unix domain socket has neither an IP address nor a port).
        init?(_ socketAddress: SocketAddress?) {
            guard let socketAddress else { return nil }
            address = socketAddress.ipAddress
            port = socketAddress.port
        }
    }

    /// The info for one exchange on this connection: on a reused connection, marked reused and without the
    /// lookup, connect and handshake times (they belong to the exchange that opened it).
    func forExchange(isReused: Bool) -> HTTPConnectionInfo {
        guard isReused else { return self }
        var info = self
        info.isReused = true
        info.dnsStart = nil
        info.dnsEnd = nil
        info.connectStart = nil
        info.connectEnd = nil
        info.tlsStart = nil
        info.tlsEnd = nil
        return info
    }
}
