import NIOCore

/// The first frame each way: magic `CPR1`, version, mode, encryption preference, peer ID, UDP and TCP ports,
/// session ID, display name and X25519 key share.
///
/// Bytes: `"CPR1" | u8 version | u8 mode | u8 encryption | u64 peerID | u16 udpPort | u16 tcpPort | u8 n |
/// sessionID[n] | u8 m | displayName[m] | u8 k | keyShare[k]` with k = 0 or 32.
public struct PeerHello: Sendable, Hashable {
    /// `CPR1`.
    public static let magic: [UInt8] = Array("CPR1".utf8)
    /// The wire version this build speaks.
    public static let currentVersion: UInt8 = 1

    /// The sender's wire version.
    public var version: UInt8
    /// The sender's mode.
    public var mode: PeerSessionMode
    /// The sender's encryption preference.
    public var encryption: EncryptionPreference
    /// The sender's peer ID.
    public var peerID: PeerID
    /// Where the sender receives unreliable datagrams (its TCP peer address with this port).
    public var udpPort: UInt16
    /// Where the sender listens for connections (its TCP peer address with this port), which resources and
    /// streams sent to it open; 0 when it does not listen.
    public var tcpPort: UInt16
    /// The sender's session ID.
    public var sessionID: String
    /// The sender's display name.
    public var displayName: String
    /// The sender's X25519 public key, or empty when it does not encrypt.
    public var keyShare: [UInt8]

    /// Creates a hello.
    public init(
        version: UInt8 = PeerHello.currentVersion, mode: PeerSessionMode, encryption: EncryptionPreference,
        peerID: PeerID, udpPort: UInt16, tcpPort: UInt16 = 0, sessionID: String, displayName: String,
        keyShare: [UInt8]
    ) {
        self.version = version
        self.mode = mode
        self.encryption = encryption
        self.peerID = peerID
        self.udpPort = udpPort
        self.tcpPort = tcpPort
        self.sessionID = sessionID
        self.displayName = displayName
        self.keyShare = keyShare
    }

    /// The hello's bytes (a frame body).
    public func encoded() -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.writeBytes(Self.magic)
        buffer.writeInteger(version)
        buffer.writeInteger(mode.rawValue)
        buffer.writeInteger(encryption.rawValue)
        buffer.writeInteger(peerID.rawValue)
        buffer.writeInteger(udpPort)
        buffer.writeInteger(tcpPort)
        for field in [Array(sessionID.utf8), Array(displayName.utf8), keyShare] {
            buffer.writeInteger(UInt8(min(field.count, 255)))
            buffer.writeBytes(field.prefix(255))
        }
        return buffer
    }

    /// Parses a hello body. The version is read before anything else that could differ between versions, so an
    /// incompatible peer is told `versionMismatch`, not `malformed`.
    ///
    /// - Throws: ``PeersError`` `badMagic`, `versionMismatch`, or `malformed` (short body, unknown mode or
    ///   preference, bad UTF-8, session ID outside 1…100 bytes, display name over 63 bytes, key share neither 0
    ///   nor 32 bytes, trailing bytes).
    public init(decoding body: ByteBuffer) throws(PeersError) {
        var buffer = body
        guard let magic = buffer.readBytes(length: 4), magic == Self.magic else {
            throw PeersError(.badMagic, "hello does not start with CPR1")
        }
        guard let version = buffer.readInteger(as: UInt8.self) else {
            throw PeersError(.malformed, "hello ends before its version")
        }
        guard version == Self.currentVersion else {
            throw PeersError(
                .versionMismatch, "peer speaks wire version \(version); this side speaks \(Self.currentVersion)")
        }
        guard let rawMode = buffer.readInteger(as: UInt8.self), let rawEncryption = buffer.readInteger(as: UInt8.self),
            let rawPeer = buffer.readInteger(as: UInt64.self), let udpPort = buffer.readInteger(as: UInt16.self),
            let tcpPort = buffer.readInteger(as: UInt16.self)
        else { throw PeersError(.malformed, "hello ends inside its fixed fields") }
        guard let mode = PeerSessionMode(rawValue: rawMode) else {
            throw PeersError(.malformed, "hello mode \(rawMode) is unknown")
        }
        guard let encryption = EncryptionPreference(rawValue: rawEncryption) else {
            throw PeersError(.malformed, "hello encryption preference \(rawEncryption) is unknown")
        }
        var fields: [[UInt8]] = []
        for name in ["session ID", "display name", "key share"] {
            guard let length = buffer.readInteger(as: UInt8.self), let bytes = buffer.readBytes(length: Int(length))
            else { throw PeersError(.malformed, "hello ends inside its \(name)") }
            fields.append(bytes)
        }
        guard buffer.readableBytes == 0 else {
            throw PeersError(.malformed, "hello has \(buffer.readableBytes) trailing bytes")
        }
        guard (1...PeerLimits.maximumSessionIDBytes).contains(fields[0].count),
            let sessionID = String(validating: fields[0], as: UTF8.self)
        else { throw PeersError(.malformed, "hello session ID must be 1…100 bytes of UTF-8") }
        guard fields[1].count <= PeerLimits.maximumDisplayNameBytes,
            let displayName = String(validating: fields[1], as: UTF8.self)
        else { throw PeersError(.malformed, "hello display name must be at most 63 bytes of UTF-8") }
        guard fields[2].isEmpty || fields[2].count == 32 else {
            throw PeersError(.malformed, "hello key share has \(fields[2].count) bytes; X25519 needs 32")
        }
        self.init(
            version: version, mode: mode, encryption: encryption, peerID: PeerID(rawValue: rawPeer), udpPort: udpPort,
            tcpPort: tcpPort, sessionID: sessionID, displayName: displayName, keyShare: fields[2])
    }
}
