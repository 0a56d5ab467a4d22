import NIOCore
import NIOPosix
import Synchronization

/// Ports and event loops for tests that run multicast protocols (mDNS, peers) over the loopback interface.
///
/// A responder on such a private link must answer within a few hundred milliseconds or it loses its names to
/// the other responder (RFC 6762 §9: a claim it does not defend in time is taken). On the process-wide
/// `MultiThreadedEventLoopGroup.singleton`, every other test of the process runs its channels beside it, and on a
/// busy two-core machine one of them can hold a loop for longer than that. The loops handed out here serve one
/// instance each.
public enum PrivateLinks {
    /// The ports handed out in this process. A port is never handed out twice: a multicast socket binds the
    /// group's address, which does not stop the kernel from offering the same port again to a plain bind on
    /// 127.0.0.1, and two tests sharing a link would see each other's names.
    private static let handedOut = Mutex<Set<Int>>([])
    /// Loops handed out; they live as long as the process (an idle loop costs a thread parked in `epoll_wait`).
    private static let groups = Mutex<[MultiThreadedEventLoopGroup]>([])

    /// A UDP port that was free a moment ago and that no other caller in this process got.
    ///
    /// - Throws: `PrivateLinkError` when 64 tries found no such port.
    public static func takeUDPPort() throws -> Int {
        for _ in 0..<64 {
            let channel = try DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .bind(host: "127.0.0.1", port: 0).wait()
            let port = channel.localAddress?.port ?? 0
            try? channel.close().wait()
            if port != 0, handedOut.withLock({ $0.insert(port).inserted }) { return port }
        }
        throw PrivateLinkError(description: "no UDP port that no other test of this process has")
    }

    /// A one-thread event loop group that nothing else in the process uses.
    public static func ownEventLoopGroup() -> MultiThreadedEventLoopGroup {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        groups.withLock { $0.append(group) }
        return group
    }
}

/// A private link could not be set up.
public struct PrivateLinkError: Error, CustomStringConvertible {
    /// What could not be set up, as a sentence.
    public var description: String
}
