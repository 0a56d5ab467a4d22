import NIOCore
import NIOPosix
import Synchronization

@testable import CourierDiscovery

struct WaitTimedOut: Error, CustomStringConvertible {
    var what: String
    var description: String { "timed out waiting for \(what)" }
}

/// Awaits the first element of `sequence` that `predicate` accepts. The bound is a safety net against a hang,
/// never a timing assertion: the awaited event normally arrives in well under a second.
func firstElement<S: AsyncSequence & Sendable>(
    of sequence: S, _ what: String, within bound: Duration = .seconds(30),
    where predicate: @escaping @Sendable (S.Element) -> Bool
) async throws -> S.Element where S.Element: Sendable {
    try await withThrowingTaskGroup(of: S.Element?.self) { group in
        group.addTask {
            for try await element in sequence where predicate(element) {
                return element
            }
            return nil
        }
        group.addTask {
            try await Task.sleep(for: bound)
            return nil
        }
        defer { group.cancelAll() }
        guard let result = try await group.next(), let element = result else {
            throw WaitTimedOut(what: what)
        }
        return element
    }
}

/// The private mDNS ports handed out in this process. A port is never handed out twice: Discovery binds the
/// multicast group's address, which does not stop the kernel from offering the same port again to a plain bind
/// on 127.0.0.1, and two tests sharing a link would see each other's services and names.
private let handedOutPorts = Mutex<Set<Int>>([])

/// A UDP port that was free a moment ago and that no other test of this process got, for a private mDNS link on
/// loopback shared by the instances of one test.
func privateMDNSPort() throws -> Int {
    for _ in 0..<64 {
        let channel = try DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).wait()
        let port = channel.localAddress?.port ?? 0
        try? channel.close().wait()
        if port != 0, handedOutPorts.withLock({ $0.insert(port).inserted }) { return port }
    }
    throw WaitTimedOut(what: "a UDP port no other test has")
}

func loopbackDiscovery(port: Int, host: String) -> Discovery {
    var configuration = DiscoveryConfiguration()
    configuration.interfaces = .loopbackOnly
    configuration.ipVersions = .v4
    configuration.port = port
    configuration.hostName = host
    return Discovery(configuration: configuration)
}
