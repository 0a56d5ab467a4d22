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

    /// True the first time only.
    func claim() -> Bool {
        !isClaimed.exchange(true, ordering: .acquiringAndReleasing)
    }

    deinit {
        if !isClaimed.load(ordering: .acquiring) { channel.close(promise: nil) }
    }
}
