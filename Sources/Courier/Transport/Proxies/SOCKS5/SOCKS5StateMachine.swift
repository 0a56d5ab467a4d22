import NIOCore

/// The client side of a SOCKS5 handshake (RFC 1928) with optional username/password authentication (RFC 1929), as an
/// explicit state machine. It reads only whole messages from the front of the buffer, so input split at any byte
/// gives the same result, and every message it accepts has a fixed upper size.
///
/// ```
/// start ──greeting──▶ awaitingMethod ──0x00──────────────────────────▶ awaitingReply ──0x00──▶ established
///                          │ 0x02 ──credentials──▶ awaitingAuthentication ──0x00──┘    │ other ─▶ failed
///                          └ 0xFF / unoffered ──▶ failed                 └ other ─▶ failed
/// ```
struct SOCKS5StateMachine: Sendable {
    /// Where the proxy should connect.
    enum TargetAddress: Sendable, Equatable {
        /// ATYP 0x01.
        case ipv4([UInt8])
        /// ATYP 0x04.
        case ipv6([UInt8])
        /// ATYP 0x03, resolved by the proxy (`socks5h://`).
        case domainName(String)
    }

    /// What the handler does next.
    enum Action: Sendable, Equatable {
        /// Write these bytes to the proxy, then read its answer.
        case send([UInt8])
        /// Read more bytes.
        case readMore
        /// The tunnel is open; `leftover` holds bytes that arrived after the reply.
        case established(leftover: ByteBuffer?)
        /// Give up with this error.
        case fail(ProxyTunnelError.Kind)
    }

    private enum State: Sendable {
        case start
        case awaitingMethod
        case awaitingAuthentication
        case awaitingReply
        case established
        case failed
    }

    private static let version: UInt8 = 0x05
    private static let noAuthentication: UInt8 = 0x00
    private static let usernamePassword: UInt8 = 0x02
    private static let noAcceptableMethods: UInt8 = 0xFF

    private var state: State = .start
    private let target: TargetAddress
    private let port: Int
    private let credentials: (username: [UInt8], password: [UInt8])?

    /// Creates a machine for one CONNECT.
    /// - Throws: `.invalidTarget` for a port outside 1...65535, a domain name that is empty or longer than 255 bytes,
    ///   or an address of the wrong length; `.invalidCredentials` for a user name that is empty or longer than 255
    ///   bytes, or a password longer than 255 bytes.
    init(target: TargetAddress, port: Int, username: String?, password: String?) throws(ProxyTunnelError.Kind) {
        guard (1...65_535).contains(port) else {
            throw .invalidTarget(reason: "port \(port) is outside 1...65535")
        }
        switch target {
        case .ipv4(let bytes) where bytes.count != 4, .ipv6(let bytes) where bytes.count != 16:
            throw .invalidTarget(reason: "the address has the wrong length")
        case .domainName(let name) where name.utf8.isEmpty || name.utf8.count > 255:
            throw .invalidTarget(reason: "SOCKS5 host names must be 1 to 255 bytes long")
        default:
            break
        }
        if let username {
            let user = Array(username.utf8)
            let secret = Array((password ?? "").utf8)
            guard (1...255).contains(user.count) else {
                throw .invalidCredentials(reason: "SOCKS5 user names must be 1 to 255 bytes long (RFC 1929)")
            }
            guard secret.count <= 255 else {
                throw .invalidCredentials(reason: "SOCKS5 passwords must be at most 255 bytes long (RFC 1929)")
            }
            credentials = (user, secret)
        } else {
            credentials = nil
        }
        self.target = target
        self.port = port
    }

    /// Starts the handshake: the greeting that offers the authentication methods.
    mutating func start() -> Action {
        guard case .start = state else { return .readMore }
        state = .awaitingMethod
        let methods = credentials == nil ? [Self.noAuthentication] : [Self.noAuthentication, Self.usernamePassword]
        return .send([Self.version, UInt8(methods.count)] + methods)
    }

    /// Consumes bytes from the proxy (``ProxyHandshakeMachine/receive(_:)`` turns an error into `fail`).
    mutating func receiveThrowing(_ buffer: inout ByteBuffer) throws(ProxyTunnelError.Kind) -> Action {
        switch state {
        case .start:
            guard buffer.readableBytes == 0 else {
                throw .malformedResponse(detail: "the SOCKS5 proxy spoke before the greeting")
            }
            return .readMore
        case .established, .failed:
            return .readMore
        case .awaitingMethod:
            guard let reply = buffer.readBytes(length: 2) else { return .readMore }
            try Self.expectNoTrailingBytes(buffer, after: "method selection")
            guard reply[0] == Self.version else {
                throw .malformedResponse(detail: "the proxy does not speak SOCKS5 (version byte \(reply[0]))")
            }
            switch reply[1] {
            case Self.noAuthentication:
                state = .awaitingReply
                return .send(connectRequest())
            case Self.usernamePassword where credentials != nil:
                state = .awaitingAuthentication
                return .send(authenticationRequest())
            case Self.noAcceptableMethods:
                throw .socksNoAcceptableMethod(offeredUsernamePassword: credentials != nil)
            default:
                throw .malformedResponse(
                    detail: "the proxy chose authentication method \(reply[1]), which was not offered")
            }
        case .awaitingAuthentication:
            guard let reply = buffer.readBytes(length: 2) else { return .readMore }
            try Self.expectNoTrailingBytes(buffer, after: "authentication")
            // RFC 1929 says version 1; some servers answer with 5, which changes nothing about the meaning.
            guard reply[0] == 0x01 || reply[0] == Self.version else {
                throw .malformedResponse(detail: "invalid username/password reply version \(reply[0])")
            }
            guard reply[1] == 0x00 else {
                throw .socksAuthenticationFailed(status: reply[1])
            }
            state = .awaitingReply
            return .send(connectRequest())
        case .awaitingReply:
            guard buffer.readableBytes >= 2, let version = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self),
                let reply = buffer.getInteger(at: buffer.readerIndex + 1, as: UInt8.self)
            else { return .readMore }
            guard version == Self.version else {
                throw .malformedResponse(detail: "the proxy does not speak SOCKS5 (version byte \(version))")
            }
            guard reply == 0x00 else {
                throw .socksConnectFailed(reply: reply)
            }
            guard let addressType = buffer.getInteger(at: buffer.readerIndex + 3, as: UInt8.self) else {
                return .readMore
            }
            let addressLength: Int
            switch addressType {
            case 0x01: addressLength = 4
            case 0x04: addressLength = 16
            case 0x03:
                guard let length = buffer.getInteger(at: buffer.readerIndex + 4, as: UInt8.self) else {
                    return .readMore
                }
                addressLength = 1 + Int(length)
            default:
                throw .malformedResponse(detail: "the CONNECT reply has unknown address type \(addressType)")
            }
            let replyLength = 4 + addressLength + 2
            guard buffer.readableBytes >= replyLength else { return .readMore }
            buffer.moveReaderIndex(forwardBy: replyLength)
            state = .established
            return .established(leftover: buffer.readableBytes > 0 ? buffer : nil)
        }
    }

    /// The proxy closed the connection.
    mutating func closed() -> Action {
        switch state {
        case .established, .failed:
            return .readMore
        case .start, .awaitingMethod, .awaitingAuthentication, .awaitingReply:
            state = .failed
            return .fail(.connectionClosed)
        }
    }

    /// Marks the handshake failed for an outside reason (timeout, cancellation, write error).
    mutating func fail() {
        state = .failed
    }

    /// Before the CONNECT reply the proxy answers one message at a time, so extra bytes mean it is not SOCKS5.
    private static func expectNoTrailingBytes(_ buffer: ByteBuffer, after step: String) throws(ProxyTunnelError.Kind) {
        guard buffer.readableBytes == 0 else {
            throw .malformedResponse(detail: "the proxy sent more bytes than the SOCKS5 \(step) reply")
        }
    }

    private func authenticationRequest() -> [UInt8] {
        guard let credentials else { return [] }
        return [0x01, UInt8(credentials.username.count)] + credentials.username + [UInt8(credentials.password.count)]
            + credentials.password
    }

    private func connectRequest() -> [UInt8] {
        var bytes: [UInt8] = [Self.version, 0x01, 0x00]
        switch target {
        case .ipv4(let address): bytes += [0x01] + address
        case .ipv6(let address): bytes += [0x04] + address
        case .domainName(let name): bytes += [0x03, UInt8(name.utf8.count)] + Array(name.utf8)
        }
        bytes += [UInt8(port >> 8), UInt8(port & 0xFF)]
        return bytes
    }
}
