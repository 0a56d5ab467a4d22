import NIOCore

/// A TCP connection accepted for a service published with `.listenForConnections`. Two values are equal when they
/// wrap the same channel.
public struct AcceptedConnection: Hashable, Sendable {
    /// The connection, ready for `executeThenClose`.
    public let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    /// Wraps an accepted channel.
    public init(channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>) {
        self.channel = channel
    }

    /// Compares channel identity.
    public static func == (lhs: AcceptedConnection, rhs: AcceptedConnection) -> Bool {
        ObjectIdentifier(lhs.channel.channel) == ObjectIdentifier(rhs.channel.channel)
    }

    /// Hashes channel identity.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(channel.channel))
    }
}
