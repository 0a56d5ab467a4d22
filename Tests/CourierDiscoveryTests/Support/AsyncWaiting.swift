import CourierTesting
import Logging
import NIOCore
import NIOPosix

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

/// A UDP port that no other test of this process got, for a private mDNS link on loopback shared by the instances
/// of one test.
func privateMDNSPort() throws -> Int {
    try PrivateLinks.takeUDPPort()
}

func loopbackDiscovery(port: Int, host: String, logger: Logger? = nil) -> Discovery {
    var configuration = DiscoveryConfiguration()
    if let logger { configuration.logger = logger }
    configuration.interfaces = .loopbackOnly
    configuration.ipVersions = .v4
    configuration.port = port
    configuration.hostName = host
    return Discovery(configuration: configuration, eventLoopGroup: PrivateLinks.ownEventLoopGroup())
}
