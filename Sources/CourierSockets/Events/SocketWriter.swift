import NIOCore

/// The write side of a connection: each write is one frame (or a chunk of bytes with ``Framing/bytes``).
///
/// Writes are back-pressured: when the peer does not read and the connection's write buffer is full, a
/// write suspends until there is room again (the `NSStream` `hasSpaceAvailable` moment), so a peer that
/// never reads cannot make memory grow. With a ``TCPConfiguration/writeTimeout`` a write that waits
/// longer fails with ``SocketError/Code/timedOut`` and the connection is closed.
public struct SocketWriter: Sendable {
    /// Nil when the connection had closed before `run`: every write then fails.
    let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>?
    let channel: any Channel
    let framing: Framing
    let writeTimeout: Duration?
    let budget: WriteBudget

    /// Sends one frame.
    ///
    /// - Throws: ``SocketError``: ``SocketError/Code/dataLengthExceedsMaximum`` for a frame over the
    ///   framing's maximum (nothing is sent), ``SocketError/Code/timedOut`` after the write timeout,
    ///   ``SocketError/Code/notConnected`` once the connection is closed.
    public func write(_ frame: ByteBuffer) async throws {
        try framing.checkOutgoing(length: frame.readableBytes)
        guard let outbound else {
            throw SocketError(code: .notConnected, message: "The connection is closed.")
        }
        guard let writeTimeout else {
            do {
                try await outbound.write(frame)
                try await synchronizeIfDue(adding: frame.readableBytes)
            } catch {
                throw SocketError.mapping(error)
            }
            return
        }
        let channel = self.channel
        do {
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await outbound.write(frame)
                    try await synchronizeIfDue(adding: frame.readableBytes)
                    return true
                }
                group.addTask {
                    try await Task.sleep(for: writeTimeout)
                    return false
                }
                let finishedInTime = try await group.next() ?? false
                if !finishedInTime {
                    // Closing fails the pending write, so the group does not wait on it when it ends.
                    channel.close(promise: nil)
                }
                group.cancelAll()
                if !finishedInTime {
                    throw SocketError(
                        code: .timedOut,
                        message:
                            "The peer did not read for \(writeTimeout) (the write timeout); the connection was closed."
                    )
                }
            }
        } catch {
            throw SocketError.mapping(error)
        }
    }

    /// Waits for the event loop once every ``TCPConfiguration/sendBufferLimit`` bytes.
    ///
    /// The async writer hands each write to the event loop and only suspends once the channel reports
    /// it is not writable; a fast producer on a busy machine could queue many writes before that report
    /// arrives. A round trip to the loop after each budget's worth of bytes lets the report catch up,
    /// so at most about two send buffers' worth of bytes are ever queued.
    private func synchronizeIfDue(adding length: Int) async throws {
        guard budget.spend(length) else { return }
        try await channel.eventLoop.submit {}.get()
    }

    /// Sends a string as one frame, encoded as UTF-8 (for ``Framing/lines(maximumLength:terminator:)``
    /// the terminator is added).
    ///
    /// - Throws: as ``write(_:)-(ByteBuffer)``.
    public func write(_ text: String) async throws {
        try await write(channel.allocator.buffer(string: text))
    }

    /// Sends bytes as one frame.
    ///
    /// - Throws: as ``write(_:)-(ByteBuffer)``.
    public func write(bytes: some Sequence<UInt8>) async throws {
        try await write(channel.allocator.buffer(bytes: bytes))
    }

    /// Half-closes the connection: the peer sees the end of the stream, and reading goes on.
    public func finish() {
        outbound?.finish()
    }
}
