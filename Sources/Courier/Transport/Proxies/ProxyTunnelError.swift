import HTTPTypes

/// Why a tunnel through a proxy could not be established. Every message names the proxy (`host:port`) and, where
/// one was asked for, the target.
struct ProxyTunnelError: Error, Sendable, CustomStringConvertible {
    /// What went wrong. The parsers and state machines throw a bare `Kind` (they do not know the proxy's name);
    /// the establisher wraps it into a ``ProxyTunnelError``.
    enum Kind: Error, Sendable, Equatable {
        /// The proxy could not be reached; `cause` describes the connect error.
        case unreachable(cause: String)
        /// The target host or port cannot be sent to the proxy (a line break in the host, a port out of range, a
        /// name longer than SOCKS5 allows); `reason` says which.
        case invalidTarget(reason: String)
        /// The proxy credentials cannot be sent (SOCKS5 limits each to 255 bytes, and an authorizer's value must not
        /// contain line breaks); `reason` says which.
        case invalidCredentials(reason: String)
        /// The proxy closed the connection before it finished its answer.
        case connectionClosed
        /// The connection to the proxy failed during the handshake (a reset, a TLS error of a handler before the
        /// establisher's); `cause` describes it.
        case connectionFailed(cause: String)
        /// The proxy did not finish its answer within the handshake timeout.
        case timedOut(milliseconds: Int64)
        /// The proxy's answer does not follow the protocol; `detail` says where.
        case malformedResponse(detail: String)
        /// The proxy's answer head is longer than the configured limit.
        case responseTooLarge(limit: Int)
        /// The HTTP proxy answered CONNECT with a status other than 2xx and 407.
        case rejected(statusLine: String)
        /// The HTTP proxy asked for authentication (407) and there is no authorizer or it gave up.
        case authenticationRequired(statusLine: String)
        /// The HTTP proxy still answered 407 after the allowed number of authorization attempts.
        case authenticationFailed(attempts: Int)
        /// The HTTP proxy answered 407 and closed (or will close) the connection, so the next attempt needs a new
        /// connection; `proxyAuthorization` is the authorizer's answer to send on it with
        /// ``ProxyTunnel/initialProxyAuthorization``.
        case newConnectionRequired(proxyAuthorization: String?)
        /// The SOCKS5 proxy accepts none of the offered authentication methods.
        case socksNoAcceptableMethod(offeredUsernamePassword: Bool)
        /// The SOCKS5 proxy refused the user name and password (RFC 1929 status other than 0).
        case socksAuthenticationFailed(status: UInt8)
        /// The SOCKS5 proxy answered the CONNECT command with a failure reply code.
        case socksConnectFailed(reply: UInt8)
        /// The host name could not be resolved locally for SOCKS5 (`socks5://`, not `socks5h://`).
        case cannotResolveTarget(cause: String)
        /// The task waiting for the tunnel was cancelled.
        case cancelled
    }

    /// What went wrong.
    var kind: Kind
    /// The proxy, as `host:port`.
    var proxy: String
    /// The target of the tunnel, as `host:port`.
    var target: String

    /// Creates an error for a proxy and a target.
    init(_ kind: Kind, proxy: HTTPProxyEndpoint, targetHost: String, targetPort: Int) {
        self.kind = kind
        self.proxy = HTTPConnectRequest.authority(host: proxy.host, port: proxy.port)
        self.target = HTTPConnectRequest.authority(host: targetHost, port: targetPort)
    }

    /// The error part A throws when the TCP connection to the proxy fails, so that the message names the proxy.
    static func unreachable(
        _ proxy: HTTPProxyEndpoint, targetHost: String, targetPort: Int, cause: any Error
    ) -> ProxyTunnelError {
        ProxyTunnelError(
            .unreachable(cause: String(describing: cause)), proxy: proxy, targetHost: targetHost,
            targetPort: targetPort)
    }

    /// Whether the same request may succeed on a new connection to the proxy.
    var needsNewConnection: Bool {
        if case .newConnectionRequired = kind { return true }
        return false
    }

    var description: String {
        switch kind {
        case .unreachable(let cause):
            return "cannot connect to proxy \(proxy): \(cause)"
        case .invalidTarget(let reason):
            return "cannot tunnel to \(target) through proxy \(proxy): \(reason)"
        case .invalidCredentials(let reason):
            return "cannot authenticate to proxy \(proxy): \(reason)"
        case .connectionClosed:
            return "proxy \(proxy) closed the connection before finishing its answer to the tunnel to \(target)"
        case .connectionFailed(let cause):
            return "the connection to proxy \(proxy) failed during the tunnel to \(target): \(cause)"
        case .timedOut(let milliseconds):
            return "proxy \(proxy) did not finish the tunnel to \(target) within \(milliseconds) ms"
        case .malformedResponse(let detail):
            return "proxy \(proxy) sent an invalid answer to the tunnel to \(target): \(detail)"
        case .responseTooLarge(let limit):
            return "proxy \(proxy) sent an answer head longer than \(limit) bytes to the tunnel to \(target)"
        case .rejected(let statusLine):
            return "proxy \(proxy) refused the tunnel to \(target): \(statusLine)"
        case .authenticationRequired(let statusLine):
            return "proxy \(proxy) requires authentication (\(statusLine)) and no credentials answered its challenge"
        case .authenticationFailed(let attempts):
            return "proxy \(proxy) rejected the credentials for the tunnel to \(target) after \(attempts) attempts"
        case .newConnectionRequired:
            return "proxy \(proxy) closes the connection after its authentication challenge; "
                + "retry the tunnel to \(target) on a new connection"
        case .socksNoAcceptableMethod(let offeredUsernamePassword):
            return "SOCKS5 proxy \(proxy) accepts none of the offered authentication methods ("
                + (offeredUsernamePassword ? "none, username/password)" : "none; it may need a user name and password)")
        case .socksAuthenticationFailed(let status):
            return "SOCKS5 proxy \(proxy) rejected the user name and password (status \(status))"
        case .socksConnectFailed(let reply):
            return
                "SOCKS5 proxy \(proxy) could not connect to \(target): \(Self.socksReplyMessage(reply)) (reply \(reply))"
        case .cannotResolveTarget(let cause):
            return "cannot resolve \(target) to connect through SOCKS5 proxy \(proxy): \(cause)"
        case .cancelled:
            return "the tunnel to \(target) through proxy \(proxy) was cancelled"
        }
    }

    /// The meaning of a SOCKS5 reply code (RFC 1928 §6).
    static func socksReplyMessage(_ reply: UInt8) -> String {
        switch reply {
        case 0x01: return "general SOCKS server failure"
        case 0x02: return "connection not allowed by ruleset"
        case 0x03: return "network unreachable"
        case 0x04: return "host unreachable"
        case 0x05: return "connection refused"
        case 0x06: return "TTL expired"
        case 0x07: return "command not supported"
        case 0x08: return "address type not supported"
        default: return "unassigned reply code"
        }
    }
}

extension ProxyTunnelError.Kind {
    /// Whether the connection to the proxy ended under the handshake (closed or reset), rather than the proxy
    /// answering something.
    var isConnectionLoss: Bool {
        switch self {
        case .connectionClosed, .connectionFailed: true
        default: false
        }
    }
}
