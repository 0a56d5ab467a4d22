/// The settings of a ``UDPSocket``.
public struct UDPConfiguration: Sendable, Hashable {
    /// The largest datagram accepted; larger ones are reported as ``DatagramEvent/oversized(from:maximum:)``
    /// and dropped. At most 65 507 (the largest UDP payload over IPv4).
    public var maximumDatagramSize: Int
    /// Whether datagrams may be sent to broadcast addresses (`SO_BROADCAST`).
    public var allowsBroadcast: Bool
    /// How many datagrams may wait unread before the socket stops reading (the kernel then drops more).
    public var receiveQueueLimit: Int

    /// Creates a configuration.
    public init(maximumDatagramSize: Int = 2048, allowsBroadcast: Bool = false, receiveQueueLimit: Int = 64) {
        self.maximumDatagramSize = maximumDatagramSize
        self.allowsBroadcast = allowsBroadcast
        self.receiveQueueLimit = receiveQueueLimit
    }

    /// Checks the sizes.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/invalidConfiguration``.
    func validate() throws(SocketError) {
        guard (1...65507).contains(maximumDatagramSize) else {
            throw SocketError(
                code: .invalidConfiguration,
                message: "The maximum datagram size must be between 1 and 65507 bytes."
            )
        }
        guard receiveQueueLimit >= 1 else {
            throw SocketError(code: .invalidConfiguration, message: "The receive queue limit must be at least 1.")
        }
    }
}
