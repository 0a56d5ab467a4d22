import Crypto
import NIOCore

/// The connection's handshake as an explicit state machine (swift-nio style): each input returns the action the
/// handler must take. `idle → helloSent → authenticating → established → closing`; a responder answers the peer's
/// hello with its own, an initiator sends first; then each side sends its `auth` proof
/// (``PeerAuthentication``) and waits for the other's.
public struct PeerHandshakeStateMachine: Sendable {
    /// Where the handshake stands.
    public enum State: Sendable {
        /// Nothing sent or received.
        case idle
        /// Our hello is out; waiting for theirs.
        case helloSent
        /// Both hellos exchanged and our proof sent; waiting for the other side's proof.
        case authenticating(cipher: PeerCipher?)
        /// Both hellos exchanged; frames flow (sealed when `cipher` is set).
        case established(cipher: PeerCipher?)
        /// Refused or closed; nothing more is accepted.
        case closing
    }

    /// What the handler must do.
    public enum Action: Sendable {
        /// Write our hello.
        case sendHello
        /// Write our hello when `sendOurHelloFirst`, then `proof`, our `auth` frame, already sealed.
        case sendProof(PeerFrame, sendOurHelloFirst: Bool)
        /// Pass the peer's hello on: both hellos and the peer's proof checked. `identity` is the key the peer
        /// proved, if it presented one.
        case deliverHello(PeerHello, cipher: PeerCipher?, identity: P256.Signing.PublicKey?)
        /// Write a reject frame with this reason, then close, reporting `error`.
        case reject(PeerCloseReason, PeersError)
        /// Pass an opened frame on.
        case deliver(PeerFrame)
        /// Pass the opened body of a data frame on, as the bytes the application receives.
        case deliverMessage([UInt8])
        /// Pass the frames of an opened batch on, in order.
        case deliverBatch([PeerFrame])
        /// Close, reporting `error` (no reject frame: the stream is no longer trustworthy).
        case close(PeersError)
        /// Nothing to do.
        case none
    }

    /// Where the handshake stands.
    public private(set) var state: State = .idle
    private let local: PeerHello
    private let keyExchange: PeerKeyExchange
    private let isInitiator: Bool
    private let authentication: PeerAuthentication
    /// The peer's hello and the transcript both proofs cover, while authenticating.
    private var peerHello: PeerHello?
    private var transcript: [UInt8] = []

    /// Creates the machine for one connection; `local.keyShare` must be `keyExchange`'s share (or empty for
    /// `.none`).
    public init(
        local: PeerHello, keyExchange: PeerKeyExchange, isInitiator: Bool,
        authentication: PeerAuthentication = PeerAuthentication()
    ) {
        self.local = local
        self.keyExchange = keyExchange
        self.isInitiator = isInitiator
        self.authentication = authentication
    }

    /// The connection became active: an initiator speaks first.
    public mutating func channelActive() -> Action {
        guard case .idle = state, isInitiator else { return .none }
        state = .helloSent
        return .sendHello
    }

    /// A frame arrived.
    public mutating func frameReceived(_ frame: PeerFrame) -> Action {
        switch state {
        case .closing:
            return .none
        case .idle, .helloSent:
            return helloReceived(frame)
        case .authenticating(let cipher):
            return proofReceived(frame, cipher: cipher)
        case .established(let cipher):
            switch frame.kind {
            case .hello, .auth:
                state = .closing
                return .close(PeersError(.malformed, "a \(frame.kind) frame arrived after the handshake"))
            case .reject:
                return .deliver(frame)
            case .batch:
                return batchReceived(frame, cipher: cipher)
            default:
                // A data frame's body goes on as the bytes the application receives.
                guard var opener = cipher else {
                    return frame.kind == .data
                        ? .deliverMessage(Array(frame.body.readableBytesView)) : .deliver(frame)
                }
                do {
                    let action: Action
                    if frame.kind == .data {
                        action = .deliverMessage(try opener.openFrameBytes(kind: .data, body: frame.body))
                    } else {
                        action = .deliver(
                            PeerFrame(kind: frame.kind, body: try opener.openFrame(kind: frame.kind, body: frame.body)))
                    }
                    state = .established(cipher: opener)
                    return action
                } catch {
                    state = .closing
                    return .close(error)
                }
            }
        }
    }

    /// Whether the handshake is done and the connection not closing.
    public var isEstablished: Bool {
        if case .established = state { return true }
        return false
    }

    /// Whether outbound frames are sealed now (established on an encrypted connection): only then may frames be
    /// written as a ``PeerFrame/Kind/batch``.
    public var sealsOutbound: Bool {
        if case .established(let cipher) = state { return cipher != nil }
        return false
    }

    /// Opens a batch and splits it into its frames; anything but whole frames of sealable kinds closes.
    private mutating func batchReceived(_ frame: PeerFrame, cipher: PeerCipher?) -> Action {
        var cipher = cipher
        do throws(PeersError) {
            guard cipher != nil else { throw PeersError(.malformed, "a batch arrived on an unencrypted connection") }
            var body = try cipher.openIfEncrypted(kind: .batch, body: frame.body)
            state = .established(cipher: cipher)
            var frames: [PeerFrame] = []
            while body.readableBytes > 0 {
                guard let inner = try PeerFrame.read(from: &body) else {
                    throw PeersError(.malformed, "a batch ends inside a frame")
                }
                switch inner.kind {
                case .hello, .reject, .auth, .batch:
                    throw PeersError(.malformed, "a batch holds a \(inner.kind) frame")
                default:
                    frames.append(inner)
                }
            }
            guard !frames.isEmpty else { throw PeersError(.malformed, "a batch holds no frame") }
            return .deliverBatch(frames)
        } catch {
            state = .closing
            return .close(error)
        }
    }

    /// Seals an outbound frame once established; hello and reject pass as they are.
    ///
    /// - Throws: ``PeersError`` `connectionClosed` before the handshake or after closing.
    public mutating func sealOutbound(_ frame: PeerFrame) throws(PeersError) -> PeerFrame {
        var scratch = ByteBuffer()
        return try sealOutbound(frame, reusing: &scratch)
    }

    /// Like ``sealOutbound(_:)``, sealing into `scratch`, a buffer the connection passes for every frame so that its
    /// memory is used again once the socket has written the previous frame.
    public mutating func sealOutbound(_ frame: PeerFrame, reusing scratch: inout ByteBuffer) throws(PeersError)
        -> PeerFrame
    {
        if frame.kind == .hello || frame.kind == .reject { return frame }
        guard case .established(var cipher) = state else {
            throw PeersError(.connectionClosed, "cannot send \(frame.kind) before the handshake completes")
        }
        guard cipher != nil || frame.message != nil else { return frame }
        let body = try cipher.sealIfEncrypted(frame, reusing: &scratch)
        state = .established(cipher: cipher)
        return PeerFrame(kind: frame.kind, body: body)
    }

    private mutating func helloReceived(_ frame: PeerFrame) -> Action {
        if frame.kind == .reject {
            state = .closing
            return .deliver(frame)
        }
        guard frame.kind == .hello else {
            state = .closing
            return .reject(.protocolError, PeersError(.malformed, "the first frame was \(frame.kind), not hello"))
        }
        let hello: PeerHello
        do {
            hello = try PeerHello(decoding: frame.body)
        } catch {
            state = .closing
            let reason: PeerCloseReason = error.code == .versionMismatch ? .versionMismatch : .protocolError
            return .reject(reason, error)
        }
        guard hello.sessionID == local.sessionID else {
            state = .closing
            return .reject(
                .sessionMismatch, PeersError(.sessionMismatch, "peer is in session \"\(hello.sessionID)\""))
        }
        guard local.mode.sees(hello.mode) else {
            state = .closing
            return .reject(
                .modeMismatch, PeersError(.invalidArgument, "a \(local.mode.name) does not see a \(hello.mode.name)"))
        }
        guard let encrypted = local.encryption.negotiate(with: hello.encryption) else {
            state = .closing
            return .reject(
                .encryptionRequired,
                PeersError(.authenticationFailed, "one side requires encryption and the other refuses it"))
        }
        var cipher: PeerCipher?
        if encrypted {
            let initiator = isInitiator ? local.peerID : hello.peerID
            let responder = isInitiator ? hello.peerID : local.peerID
            do {
                cipher = try keyExchange.cipher(
                    peerShare: hello.keyShare, sessionID: local.sessionID, initiator: initiator, responder: responder,
                    isInitiator: isInitiator)
            } catch {
                state = .closing
                return .reject(.protocolError, error)
            }
        }
        if authentication.demandsProof, cipher == nil {
            state = .closing
            return .reject(
                .authenticationFailed,
                PeersError(
                    .authenticationFailed, "peer authentication needs an encrypted connection, and this one is not"))
        }
        let sendFirst: Bool
        if case .idle = state { sendFirst = true } else { sendFirst = false }
        transcript = PeerAuthentication.transcript(
            initiatorHello: isInitiator ? local.encoded() : frame.body,
            responderHello: isInitiator ? frame.body : local.encoded())
        let proof: ByteBuffer
        do {
            proof = try cipher.sealIfEncrypted(
                kind: .auth, body: authentication.proof(transcript: transcript, isInitiator: isInitiator))
        } catch {
            state = .closing
            return .close(error)
        }
        peerHello = hello
        state = .authenticating(cipher: cipher)
        return .sendProof(PeerFrame(kind: .auth, body: proof), sendOurHelloFirst: sendFirst)
    }

    private mutating func proofReceived(_ frame: PeerFrame, cipher: PeerCipher?) -> Action {
        if frame.kind == .reject {
            state = .closing
            return .deliver(frame)
        }
        guard frame.kind == .auth, let hello = peerHello else {
            state = .closing
            return .close(PeersError(.malformed, "the first frame after the hellos was \(frame.kind), not auth"))
        }
        var cipher = cipher
        let body: ByteBuffer
        do {
            body = try cipher.openIfEncrypted(kind: .auth, body: frame.body)
        } catch {
            state = .closing
            return .close(error)
        }
        let identity: P256.Signing.PublicKey?
        do {
            identity = try authentication.verify(body, transcript: transcript, senderIsInitiator: !isInitiator)
        } catch {
            state = .closing
            return .reject(error.code == .authenticationFailed ? .authenticationFailed : .protocolError, error)
        }
        peerHello = nil
        transcript = []
        state = .established(cipher: cipher)
        return .deliverHello(hello, cipher: cipher, identity: identity)
    }
}
