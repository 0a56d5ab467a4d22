import Foundation
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

    /// A UDP port that was free a moment ago, that no other caller in this process got, and that the kernel will
    /// not hand to anyone else in the meantime.
    ///
    /// The port comes from below the kernel's ephemeral range (`ip_local_port_range`). A port the kernel chose for
    /// a bind to port 0 goes back into the ephemeral pool when that probe socket closes, and any socket of any test
    /// that binds port 0 before the caller binds its link can get it: the caller's `SO_REUSEADDR` bind then fails
    /// with "address already in use". Below the range only explicit binds can take a port.
    ///
    /// - Throws: `PrivateLinkError` when 64 tries found no such port.
    public static func takeUDPPort() throws -> Int {
        let candidates = nonEphemeralRange()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<64 {
            let port = Int.random(in: candidates, using: &generator)
            guard handedOut.withLock({ !$0.contains(port) }) else { continue }
            guard let channel = try? DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .bind(host: "0.0.0.0", port: port).wait()
            else { continue }
            try? channel.close().wait()
            if handedOut.withLock({ $0.insert(port).inserted }) { return port }
        }
        throw PrivateLinkError(description: "no UDP port that no other test of this process has")
    }

    /// Ports from 10 000 up to the start of the ephemeral range (read from `/proc`; 32 768 when it cannot be read),
    /// at least 4 096 of them.
    static func nonEphemeralRange() -> ClosedRange<Int> {
        let text = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8)) ?? ""
        let low = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }).first.flatMap { Int($0) }
        let end = max((low ?? 32_768) - 1, 10_000 + 4_095)
        return 10_000...end
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
