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
    /// The ports handed out in this process, each with the socket that keeps it reserved. A port is never handed
    /// out twice: two tests sharing a link would see each other's names.
    private static let handedOut = Mutex<[Int: any Channel]>([:])
    /// Loops handed out; they live as long as the process (an idle loop costs a thread parked in `epoll_wait`).
    private static let groups = Mutex<[MultiThreadedEventLoopGroup]>([])

    /// A UDP port that no other caller in this process got, that nothing else holds, and that stays reserved for
    /// the life of the process.
    ///
    /// The port comes from below the kernel's ephemeral range (`ip_local_port_range`): a port the kernel hands to a
    /// bind to port 0 can go to any socket of any test a moment after a probe released it. It is then reserved by
    /// a socket bound to 127.0.0.2 with `SO_REUSEADDR`: that socket receives nothing sent to 127.0.0.1 or to a
    /// multicast group, a link's own `SO_REUSEADDR` bind to 0.0.0.0 shares the port with it, and any other bind
    /// of the port without that option (another test's probe, a server elsewhere) is refused.
    ///
    /// - Throws: `PrivateLinkError` when 64 tries found no such port.
    public static func takeUDPPort() throws -> Int {
        let candidates = nonEphemeralRange()
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<64 {
            let port = Int.random(in: candidates, using: &generator)
            guard handedOut.withLock({ $0[port] == nil }) else { continue }
            // Free of everything: a plain bind of the wildcard address conflicts with any socket on the port.
            guard
                let probe = try? DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .bind(host: "0.0.0.0", port: port).wait()
            else { continue }
            try? probe.close().wait()
            guard
                let reservation = try? DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                    .channelOption(.socketOption(.so_reuseaddr), value: 1)
                    .bind(host: "127.0.0.2", port: port).wait()
            else { continue }
            let taken = handedOut.withLock { ports in
                guard ports[port] == nil else { return false }
                ports[port] = reservation
                return true
            }
            if taken { return port }
            try? reservation.close().wait()
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
