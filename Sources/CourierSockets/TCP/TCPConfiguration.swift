import NIOCore

/// The settings of a TCP connection, for clients and for the connections a server accepts.
public struct TCPConfiguration: Sendable {
    /// How bytes are cut into frames on the way in and out.
    public var framing: Framing
    /// How long a connect (resolution, happy eyeballs, TLS handshake) may take.
    public var connectTimeout: Duration
    /// How long a connection may stay silent before the read sequence fails with
    /// ``SocketError/Code/timedOut``; nil waits for ever (a chat may be quiet for hours).
    public var idleReadTimeout: Duration?
    /// How long one write may wait for a peer that does not read; nil waits for ever.
    public var writeTimeout: Duration?
    /// TLS for a client, or nil for plain TCP.
    public var tls: SocketTLS?
    /// How many frames may wait unread before the connection stops reading from the socket.
    public var receiveQueueLimit: Int
    /// How many bytes may wait unsent before writes suspend.
    public var sendBufferLimit: Int

    /// Creates a configuration.
    public init(
        framing: Framing = .bytes,
        connectTimeout: Duration = .seconds(30),
        idleReadTimeout: Duration? = nil,
        writeTimeout: Duration? = nil,
        tls: SocketTLS? = nil,
        receiveQueueLimit: Int = 16,
        sendBufferLimit: Int = 256 * 1024
    ) {
        self.framing = framing
        self.connectTimeout = connectTimeout
        self.idleReadTimeout = idleReadTimeout
        self.writeTimeout = writeTimeout
        self.tls = tls
        self.receiveQueueLimit = receiveQueueLimit
        self.sendBufferLimit = sendBufferLimit
    }

    /// Checks the framing and the limits.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/invalidConfiguration``.
    func validate() throws(SocketError) {
        try framing.validate()
        if receiveQueueLimit < 1 {
            throw SocketError(code: .invalidConfiguration, message: "The receive queue limit must be at least 1.")
        }
        if sendBufferLimit < 1 {
            throw SocketError(code: .invalidConfiguration, message: "The send buffer limit must be at least 1 byte.")
        }
    }

    /// Checks the settings, as ``validate()`` does, and the port a client connects to or a server binds.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/invalidConfiguration``.
    func validate(port: Int) throws(SocketError) {
        try validate()
        guard (0...65535).contains(port) else {
            throw SocketError(code: .invalidConfiguration, message: "The port \(port) is not between 0 and 65535.")
        }
    }

    /// The async channel's settings: back-pressure from the receive queue limit, half-close allowed.
    var asyncChannelConfiguration: NIOAsyncChannel<SocketInbound, ByteBuffer>.Configuration {
        .init(
            backPressureStrategy: .init(lowWatermark: max(1, receiveQueueLimit / 2), highWatermark: receiveQueueLimit),
            isOutboundHalfClosureEnabled: true
        )
    }

    /// The write buffer watermarks that make writes suspend.
    var writeBufferWaterMark: ChannelOptions.Types.WriteBufferWaterMark {
        .init(low: max(1, sendBufferLimit / 2), high: sendBufferLimit)
    }
}

extension Duration {
    /// The duration as NIO's time amount.
    var timeAmount: TimeAmount {
        let (seconds, attoseconds) = components
        return .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
