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
    func claim(_ owner: String) throws {
        guard !isClaimed.exchange(true, ordering: .acquiringAndReleasing) else {
            throw SocketError(code: .notConnected, message: "The \(owner) was already run; it can be run once.")
        }
    }

    deinit {
        if !isClaimed.load(ordering: .acquiring) { channel.close(promise: nil) }
    }
}
