import HTTPTypes
import NIOCore

/// The client side of a `CONNECT` exchange with an HTTP proxy, as an explicit state machine: it is told what was
/// sent and what arrived, and answers with what to do. It does no I/O, so every transition is tested without a
/// socket.
///
/// ```
/// idle ──sent──▶ awaitingHead ──2xx──▶ established
///                  │  ▲ 1xx
///                  │ 407 (keep-alive) ──▶ discardingBody ──body read──▶ challenged ──sent──▶ awaitingHead
///                  │ 407 (closing) ─────────────────────────────────▶ failed (new connection needed)
///                  └ other / garbage / oversized / closed ──────────▶ failed
/// ```
struct HTTPConnectStateMachine: Sendable {
    /// What the handler does next.
    enum Action: Sendable {
        /// Read more bytes from the proxy.
        case readMore
        /// The tunnel is open; `leftover` holds bytes the proxy (or the target) sent after the head.
        case established(leftover: ByteBuffer?)
        /// The proxy asked for authentication. When `reusable`, the next `CONNECT` may go on this connection.
        case challenge(HTTPResponse, reusable: Bool)
        /// Give up with this error.
        case fail(ProxyTunnelError.Kind)
    }

    private enum State: Sendable {
        case idle
        case awaitingHead(ProxyResponseHeadParser, interimResponses: Int)
        case discardingBody(ProxyResponseBodyDiscarder, challenge: HTTPResponse)
        case challenged
        case established
        case failed
    }

    /// The most 1xx answers skipped before the final one.
    static let maximumInterimResponses = 8

    private var state: State = .idle
    private let limits: ProxyTunnel.Limits

    /// Creates a machine with the parser's limits.
    init(limits: ProxyTunnel.Limits) {
        self.limits = limits
    }

    /// Whether a `CONNECT` may be sent now (at the start, or after a challenge on a reusable connection).
    var canSendRequest: Bool {
        switch state {
        case .idle, .challenged: return true
        case .awaitingHead, .discardingBody, .established, .failed: return false
        }
    }

    /// Records that a `CONNECT` was written; call only when ``canSendRequest``.
    mutating func requestSent() {
        state = .awaitingHead(
            ProxyResponseHeadParser(
                maximumHeadBytes: limits.maximumHeadBytes, maximumFieldCount: limits.maximumHeaderFields),
            interimResponses: 0)
    }

    /// Consumes bytes from the proxy (``ProxyHandshakeMachine/receive(_:)`` turns an error into `fail`).
    mutating func receiveThrowing(_ buffer: inout ByteBuffer) throws(ProxyTunnelError.Kind) -> Action {
        // Each pass either returns or consumes a complete head, and interim heads are bounded in number.
        while true {
            switch state {
            case .idle, .challenged:
                if buffer.readableBytes == 0 { return .readMore }
                throw .malformedResponse(detail: "the proxy sent bytes before the CONNECT request was answered")
            case .established, .failed:
                return .readMore
            case .awaitingHead(var parser, let interimResponses):
                guard let head = try parser.parse(&buffer) else {
                    state = .awaitingHead(parser, interimResponses: interimResponses)
                    return .readMore
                }
                let code = head.response.status.code
                switch code {
                case 101:
                    throw .malformedResponse(detail: "unexpected \(head.statusLine) to CONNECT")
                case 100..<200:
                    guard interimResponses < Self.maximumInterimResponses else {
                        throw .malformedResponse(detail: "more than \(Self.maximumInterimResponses) 1xx answers")
                    }
                    state = .awaitingHead(parser, interimResponses: interimResponses + 1)
                case 200..<300:
                    state = .established
                    return .established(leftover: buffer.readableBytes > 0 ? buffer : nil)
                case 407:
                    guard head.keepsConnection, head.framing != .untilClose else {
                        state = .failed
                        return .challenge(head.response, reusable: false)
                    }
                    state = .discardingBody(
                        ProxyResponseBodyDiscarder(
                            framing: head.framing, maximumBodyBytes: limits.maximumChallengeBodyBytes,
                            maximumLineBytes: limits.maximumHeadBytes),
                        challenge: head.response)
                default:
                    throw .rejected(statusLine: head.statusLine)
                }
            case .discardingBody(var discarder, let challenge):
                guard try discarder.discard(&buffer) else {
                    state = .discardingBody(discarder, challenge: challenge)
                    return .readMore
                }
                guard buffer.readableBytes == 0 else {
                    throw .malformedResponse(detail: "the proxy sent bytes after its 407 answer")
                }
                state = .challenged
                return .challenge(challenge, reusable: true)
            }
        }
    }

    /// The proxy closed the connection (or the channel went inactive).
    mutating func closed() -> Action {
        switch state {
        case .discardingBody(_, let challenge):
            state = .failed
            return .challenge(challenge, reusable: false)
        case .idle, .awaitingHead, .challenged:
            state = .failed
            return .fail(.connectionClosed)
        case .established, .failed:
            return .readMore
        }
    }

    /// Marks the exchange failed for an outside reason (timeout, cancellation, write error).
    mutating func fail() {
        state = .failed
    }
}
