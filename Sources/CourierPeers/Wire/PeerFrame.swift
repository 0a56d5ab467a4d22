import NIOCore

/// One reliable frame: `u32 length | u8 kind | body`, where the length counts the kind byte and the body.
public struct PeerFrame: Sendable, Hashable {
    /// What a frame carries.
    public enum Kind: UInt8, Sendable, Hashable, CaseIterable {
        /// The first frame each way: ``PeerHello``. Never sealed.
        case hello = 0
        /// Refusal before or instead of a session: ``PeerCloseReason`` code and text. Never sealed.
        case reject = 1
        /// An invitation: timeout in milliseconds (u32) and the context.
        case invite = 2
        /// The invitee accepted.
        case accept = 3
        /// The invitee denied: one ``PeerCloseReason`` byte.
        case deny = 4
        /// The inviter cancelled or its invitation expired.
        case cancel = 5
        /// One application message.
        case data = 6
        /// Liveness while nothing else is sent.
        case heartbeat = 7
        /// An orderly disconnect.
        case goodbye = 8
        /// Asks the receiver to drop a peer (u64 peer ID): `expel(peer:)`.
        case expel = 9
        /// Right after the hellos, each side's proof: ``PeerAuthentication``.
        case auth = 10
        /// Instead of an invitation, on a connection of its own: a resource or stream follows (``PeerAttach``).
        case attach = 11
        /// Several frames sealed as one, on encrypted connections only: the opened body is whole frames
        /// (`u32 length | u8 kind | body`, each of a kind that may be sealed, never a batch), in order. Frames
        /// written together go as one batch, so a burst of small messages pays for one seal and one open.
        case batch = 12
    }

    /// The largest value of the length field: the kind byte, a maximum message and the seal's tag.
    public static let maximumLength = 1 + PeerLimits.maximumMessageSize + PeerLimits.sealOverhead

    /// What the frame carries.
    public var kind: Kind
    /// The body, sealed or not.
    public var body: ByteBuffer

    /// An outbound data frame's message as the application passed it to ``PeerSession/send(_:to:mode:)``, while
    /// `body` is empty. ``PeerConnectionHandler`` seals it straight into the connection's scratch buffer (or copies it
    /// there, unencrypted), which saves a copy into a fresh buffer per message, and for large messages the page
    /// faults of that buffer. Never set on a frame read from the wire.
    var message: [UInt8]?

    /// Creates a frame.
    public init(kind: Kind, body: ByteBuffer = ByteBuffer()) {
        self.kind = kind
        self.body = body
    }

    /// Creates a data frame holding an application's message as it is (see ``message``).
    init(message: [UInt8]) {
        self.kind = .data
        self.body = ByteBuffer()
        self.message = message
    }

    /// The body's size, wherever it is held.
    var bodySize: Int { message?.count ?? body.readableBytes }

    /// Calls `read` with the body's bytes, wherever they are held.
    func withBodyBytes<Result>(_ read: (UnsafeRawBufferPointer) throws(PeersError) -> Result) throws(PeersError)
        -> Result
    {
        let outcome: Swift.Result<Result, PeersError> =
            if let message {
                message.withUnsafeBytes { bytes in Swift.Result { () throws(PeersError) in try read(bytes) } }
            } else {
                body.withUnsafeReadableBytes { bytes in Swift.Result { () throws(PeersError) in try read(bytes) } }
            }
        return try outcome.get()
    }

    /// Appends the frame's bytes to `buffer`.
    public func write(to buffer: inout ByteBuffer) {
        buffer.writeInteger(UInt32(1 + bodySize))
        buffer.writeInteger(kind.rawValue)
        if let message {
            buffer.writeBytes(message)
        } else {
            buffer.writeImmutableBuffer(body)
        }
    }

    /// Reads one frame from the front of `buffer`, if it holds a whole one.
    ///
    /// - Returns: `nil` (consuming nothing) when more bytes are needed.
    /// - Throws: ``PeersError`` `frameTooLarge` for a length over ``maximumLength``, `malformed` for length 0,
    ///   `unknownKind` for a kind this version does not know. The stream cannot be resynchronised after any of
    ///   them, so the connection must close.
    public static func read(from buffer: inout ByteBuffer) throws(PeersError) -> PeerFrame? {
        guard let length = buffer.getInteger(at: buffer.readerIndex, as: UInt32.self) else { return nil }
        guard length <= maximumLength else {
            throw PeersError(.frameTooLarge, "frame length \(length) exceeds the maximum \(maximumLength)")
        }
        guard length >= 1 else { throw PeersError(.malformed, "frame length 0 has no room for its kind") }
        guard buffer.readableBytes >= 4 + Int(length) else { return nil }
        let rawKind = buffer.getInteger(at: buffer.readerIndex + 4, as: UInt8.self) ?? 0
        guard let kind = Kind(rawValue: rawKind) else {
            throw PeersError(.unknownKind, "frame kind \(rawKind) is unknown")
        }
        buffer.moveReaderIndex(forwardBy: 5)
        let body = buffer.readSlice(length: Int(length) - 1) ?? ByteBuffer()
        return PeerFrame(kind: kind, body: body)
    }
}
