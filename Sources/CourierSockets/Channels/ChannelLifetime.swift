import NIOCore
import Synchronization

/// Lets a channel be run once, and closes it when the last copy of its owner is gone without running
/// it (a connection or socket created and then dropped must not keep its descriptor open).
final class ChannelLifetime: Sendable {
    let channel: any Channel
    private let isClaimed = Atomic<Bool>(false)

    init(channel: any Channel) {
        self.channel = channel
    }

    /// Claims the channel for its one run; `owner` names what is run (`connection`, `socket`) in the error.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/notConnected`` after the first time.
    func claim(_ owner: String) throws(SocketError) {
        guard !isClaimed.exchange(true, ordering: .acquiringAndReleasing) else {
            throw SocketError(code: .notConnected, message: "The \(owner) was already run; it can be run once.")
        }
    }

    /// Claims the channel for its one run, then runs `setUp` on the channel's event loop (where the run takes
    /// the channel over from the pipeline); when that fails, the channel is closed and the run fails as on a
    /// closed `owner`.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/notConnected``, after the first time or when `setUp`
    ///   fails.
    func claim<Value: Sendable>(
        _ owner: String, settingUp setUp: @escaping @Sendable () throws -> Value
    ) async throws(SocketError) -> Value {
        try claim(owner)
        do {
            return try await channel.eventLoop.submit(setUp).get()
        } catch {
            channel.close(promise: nil)
            throw SocketError(code: .notConnected, message: "The \(owner) is closed.", underlying: "\(error)")
        }
    }

    deinit {
        if !isClaimed.load(ordering: .acquiring) { channel.close(promise: nil) }
    }
}
