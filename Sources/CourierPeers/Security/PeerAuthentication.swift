import Crypto
import Foundation
import NIOCore

/// What one side of a connection proves about itself after the hellos, and what it demands of the other side.
///
/// Each side sends one `auth` frame right after the hellos (sealed, like every later frame). It carries an
/// HMAC-SHA256 over the hello transcript under the session's shared secret, and a P-256 signature over the same
/// transcript by the side's identity key, when it has them. The transcript holds both hellos, and so both
/// ephemeral X25519 key shares. A proof therefore binds the keys of this very connection: a man in the middle,
/// who must run a key exchange of his own with each side, cannot forward it.
public struct PeerAuthentication: Sendable {
    /// The secret every member of the session knows; a peer that cannot prove it knows it is refused.
    public var sharedSecret: [UInt8]?
    /// This side's signing identity, presented to the other side.
    public var identity: P256.Signing.PrivateKey?
    /// Whether the other side must present an identity (the session checks it with its `verifyPeer`).
    public var requiresIdentity: Bool

    /// Creates the settings for one connection.
    public init(
        sharedSecret: [UInt8]? = nil, identity: P256.Signing.PrivateKey? = nil, requiresIdentity: Bool = false
    ) {
        self.sharedSecret = sharedSecret
        self.identity = identity
        self.requiresIdentity = requiresIdentity
    }

    /// Whether the other side has to prove anything: a proof on a plaintext connection proves nothing about the
    /// frames after it, so such a connection is refused.
    var demandsProof: Bool { sharedSecret != nil || requiresIdentity }

    /// The bytes both proofs cover: a label, then the initiator's and the responder's hello bodies, each after its
    /// u16 length.
    static func transcript(initiatorHello: ByteBuffer, responderHello: ByteBuffer) -> [UInt8] {
        var bytes = Array("courier-peers/1 auth".utf8)
        for hello in [initiatorHello, responderHello] {
            let length = UInt16(min(hello.readableBytes, Int(UInt16.max)))
            bytes.append(UInt8(length >> 8))
            bytes.append(UInt8(length & 0xFF))
            bytes.append(contentsOf: hello.readableBytesView.prefix(Int(length)))
        }
        return bytes
    }

    private static let macFlag: UInt8 = 1
    private static let identityFlag: UInt8 = 2

    /// The body of this side's `auth` frame: `u8 flags | [32-byte MAC] | [u8 n | P-256 key (x9.63) | u8 m |
    /// signature (raw r‖s)]`. Flag bit 0 says a MAC follows, bit 1 an identity.
    ///
    /// The sender's role (0 for the initiator, 1 for the responder) ends the covered bytes, so a proof cannot be
    /// reflected back to the side that made it.
    func proof(transcript: [UInt8], isInitiator: Bool) -> ByteBuffer {
        let covered = transcript + [isInitiator ? 0 : 1]
        var body = ByteBuffer()
        var flags: UInt8 = 0
        if sharedSecret != nil { flags |= Self.macFlag }
        if identity != nil { flags |= Self.identityFlag }
        body.writeInteger(flags)
        if let sharedSecret {
            let mac = HMAC<SHA256>.authenticationCode(for: covered, using: SymmetricKey(data: sharedSecret))
            body.writeBytes(Array(mac))
        }
        if let identity {
            let key = identity.publicKey.x963Representation
            body.writeInteger(UInt8(key.count))
            body.writeBytes(key)
            // Signing with a valid key does not fail; an empty signature would only make the other side refuse.
            let signature = (try? identity.signature(for: covered).rawRepresentation) ?? Data()
            body.writeInteger(UInt8(signature.count))
            body.writeBytes(signature)
        }
        return body
    }

    /// Checks the other side's `auth` frame body against what this side demands.
    ///
    /// - Parameter senderIsInitiator: The other side's role.
    /// - Returns: The identity the other side presented and proved, if any.
    /// - Throws: ``PeersError`` `malformed` for a body that does not parse; `authenticationFailed` for a missing or
    ///   wrong MAC when this side has a shared secret, an identity whose signature does not verify, or no identity
    ///   when this side requires one.
    func verify(_ body: ByteBuffer, transcript: [UInt8], senderIsInitiator: Bool) throws(PeersError)
        -> P256.Signing.PublicKey?
    {
        var buffer = body
        guard let flags = buffer.readInteger(as: UInt8.self) else {
            throw PeersError(.malformed, "the auth frame is empty")
        }
        guard flags & ~(Self.macFlag | Self.identityFlag) == 0 else {
            throw PeersError(.malformed, "the auth frame has unknown flags \(flags)")
        }
        var mac: [UInt8]?
        if flags & Self.macFlag != 0 {
            guard let bytes = buffer.readBytes(length: SHA256.byteCount) else {
                throw PeersError(.malformed, "the auth frame ends inside its MAC")
            }
            mac = bytes
        }
        var presented: (key: [UInt8], signature: [UInt8])?
        if flags & Self.identityFlag != 0 {
            guard let keyLength = buffer.readInteger(as: UInt8.self),
                let key = buffer.readBytes(length: Int(keyLength)),
                let signatureLength = buffer.readInteger(as: UInt8.self),
                let signature = buffer.readBytes(length: Int(signatureLength))
            else { throw PeersError(.malformed, "the auth frame ends inside its identity") }
            presented = (key, signature)
        }
        guard buffer.readableBytes == 0 else {
            throw PeersError(.malformed, "the auth frame has \(buffer.readableBytes) trailing bytes")
        }
        let covered = transcript + [senderIsInitiator ? 0 : 1]
        if let sharedSecret {
            guard let mac,
                HMAC<SHA256>.isValidAuthenticationCode(
                    mac, authenticating: covered, using: SymmetricKey(data: sharedSecret))
            else {
                throw PeersError(
                    .authenticationFailed, "the peer did not prove that it knows the session's shared secret")
            }
        }
        guard let presented else {
            if requiresIdentity {
                throw PeersError(
                    .authenticationFailed, "the peer presented no identity, and this session verifies peers")
            }
            return nil
        }
        guard let key = try? P256.Signing.PublicKey(x963Representation: presented.key),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: presented.signature),
            key.isValidSignature(signature, for: covered)
        else {
            throw PeersError(.authenticationFailed, "the peer's identity signature does not verify")
        }
        return key
    }
}

/// A peer that presented and proved a signing identity, for ``PeerSessionConfiguration/verifyPeer`` to judge.
public struct PeerCredentials: Sendable {
    /// The peer, as its hello describes it.
    public var peer: PeerInfo
    /// The public key whose private key signed this connection's hello transcript.
    public var publicKey: P256.Signing.PublicKey

    /// Creates credentials.
    public init(peer: PeerInfo, publicKey: P256.Signing.PublicKey) {
        self.peer = peer
        self.publicKey = publicKey
    }
}
