import Foundation

/// Chooses the client certificate for a host, when the server asks for one.
///
/// A session asks its provider during the TLS handshake, when a server sends a CertificateRequest (servers
/// that never ask never cause a call), once per host and port, and keeps the answer for its whole life
/// (`nil` means "no certificate").
///
/// ```swift
/// configuration.clientIdentity = .forHosts(["bank.example.com": identity])
/// configuration.clientIdentity = .store(try ClientIdentityStore())  // the book's registered device
/// configuration.clientIdentity = ClientIdentityProvider { host, port in
///     host.hasSuffix(".corp.example") ? corporateIdentity : nil
/// }
/// ```
public struct ClientIdentityProvider: Sendable {
    let identity: @Sendable (_ host: String, _ port: Int) async throws -> ClientIdentity?

    /// A provider from a function of host and port. A thrown error fails the requests to that host (and is
    /// asked again next time).
    public init(_ identity: @escaping @Sendable (_ host: String, _ port: Int) async throws -> ClientIdentity?) {
        self.identity = identity
    }

    /// The same identity for every host (curl's `--cert`). Any server that asks sees the certificate, so
    /// prefer ``forHosts(_:)`` when the servers are known.
    public static func always(_ identity: ClientIdentity) -> ClientIdentityProvider {
        ClientIdentityProvider { _, _ in identity }
    }

    /// Identities by host: exact names, or `*.example.com` for subdomains (matched as
    /// ``ServerTrustManager`` matches). Other hosts get none.
    ///
    /// An invalid host pattern fails the requests with `invalidConfiguration`.
    public static func forHosts(_ identities: [String: ClientIdentity]) -> ClientIdentityProvider {
        let matcher = Result { () throws(CourierError) in try HostPatterns(identities, purpose: "a client identity") }
        return ClientIdentityProvider { host, _ in
            try matcher.get().value(forHost: host)
        }
    }

    /// The identity a ``ClientIdentityStore`` keeps for the host and port (the book's "register device"
    /// flow: stored after login, presented on the next run).
    public static func store(_ store: ClientIdentityStore) -> ClientIdentityProvider {
        ClientIdentityProvider { host, port in
            try store.identity(forHost: host, port: port)
        }
    }
}
