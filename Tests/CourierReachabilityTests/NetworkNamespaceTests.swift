import CourierTestSupport
import Foundation
import Testing

@testable import CourierReachability

/// A network namespace made for one test with `ip netns add` (iproute2), deleted again with everything
/// in it. Needs root (or CAP_SYS_ADMIN and CAP_NET_ADMIN).
struct NamespaceLab {
    struct Unavailable: Error, CustomStringConvertible {
        var description: String
    }

    let name: String
    let ipTool: String
    /// Where `ip netns` keeps the namespace, for `setns`.
    var path: String { "/var/run/netns/\(name)" }

    init() throws {
        guard
            let ipTool = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first(where: {
                FileManager.default.isExecutableFile(atPath: $0)
            })
        else { throw Unavailable(description: "`ip` is not installed (Debian package iproute2)") }
        guard geteuid() == 0 else { throw Unavailable(description: "creating a network namespace needs root") }
        self.ipTool = ipTool
        self.name = "courier-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let created = Self.run(ipTool, ["netns", "add", name])
        guard created.status == 0 else {
            throw Unavailable(description: "`ip netns add` is not permitted here: \(created.output)")
        }
    }

    /// Runs `ip -n NAME <arguments>`.
    func ip(_ arguments: String...) throws {
        let result = Self.run(ipTool, ["-n", name] + arguments)
        guard result.status == 0 else {
            throw NamespaceLab.Unavailable(description: "ip \(arguments.joined(separator: " ")): \(result.output)")
        }
    }

    /// Deletes the namespace and the interfaces in it.
    func destroy() {
        _ = Self.run(ipTool, ["netns", "del", name])
    }

    static func run(_ tool: String, _ arguments: [String]) -> (status: Int32, output: String) {
        do {
            let process = try TestProcess(tool, arguments, output: .capture, error: nil)
            let ended = process.waitUntilExit()
            return (ended.code, String(decoding: process.output, as: UTF8.self))
        } catch {
            return (-1, "\(error)")
        }
    }
}

/// Reads statuses until `expected` arrives; `false` when the stream ends or 30 s pass first (a generous
/// bound: kernel events arrive in milliseconds, this only keeps a broken run from hanging).
func awaitStatus(
    _ expected: ReachabilityStatus, in updates: AsyncStream<ReachabilityStatus>
) async -> (found: Bool, seen: [ReachabilityStatus]) {
    await withTaskGroup(of: (Bool, [ReachabilityStatus]).self) { group in
        group.addTask {
            var seen: [ReachabilityStatus] = []
            for await status in updates {
                seen.append(status)
                if status == expected { return (true, seen) }
            }
            return (false, seen)
        }
        group.addTask {
            try? await Task.sleep(for: .seconds(30))
            return (false, [])
        }
        let first = await group.next() ?? (false, [])
        group.cancelAll()
        return first
    }
}

@Suite("Reachability in a network namespace")
struct NetworkNamespaceTests {
    @Test func vethLinkGoingDownAndUpIsObservedThroughNetlinkAndPolling() async throws {
        let lab: NamespaceLab
        do {
            lab = try NamespaceLab()
        } catch let reason as NamespaceLab.Unavailable {
            try Test.cancel("skipped: \(reason)")
        }
        defer { lab.destroy() }
        // Both ends of the pair live in the namespace: the host's network is never touched.
        let inside = "cv\(lab.name.suffix(6))a"
        let peer = "cv\(lab.name.suffix(6))b"
        try lab.ip("link", "add", inside, "type", "veth", "peer", "name", peer)
        try lab.ip("addr", "add", "10.213.7.1/24", "dev", inside)

        let netlink = Reachability(source: NetlinkRouteSource(networkNamespace: lab.path), fallback: nil)
        let polling = Reachability(
            source: InterfacePollingSource(interval: 0.05, networkNamespace: lab.path), fallback: nil)
        defer {
            netlink.stop()
            polling.stop()
        }
        // A new namespace: loopback down, the pair down.
        #expect(await netlink.currentStatus() == .unreachable)
        #expect(await polling.currentStatus() == .unreachable)
        #expect(Set(netlink.interfaces.map(\.name)) == ["lo", inside, peer])
        let netlinkUpdates = netlink.updates()
        let pollingUpdates = polling.updates()

        try lab.ip("link", "set", peer, "up")
        try lab.ip("link", "set", inside, "up")
        let up = await awaitStatus(.reachable(via: .ethernet), in: netlinkUpdates)
        #expect(up.found, "netlink saw \(up.seen)")
        #expect(await awaitStatus(.reachable(via: .ethernet), in: pollingUpdates).found)
        let veth = try #require(netlink.interfaces.first { $0.name == inside })
        #expect(veth.canCarryTraffic)
        #expect(veth.addresses.contains { $0.description == "10.213.7.1" && $0.prefixLength == 24 })

        // The peer goes down: the inside end loses its carrier.
        try lab.ip("link", "set", peer, "down")
        let down = await awaitStatus(.unreachable, in: netlinkUpdates)
        #expect(down.found, "netlink saw \(down.seen)")
        #expect(await awaitStatus(.unreachable, in: pollingUpdates).found)

        // Loopback alone.
        try lab.ip("link", "set", "lo", "up")
        #expect(await awaitStatus(.reachable(via: .loopbackOnly), in: netlinkUpdates).found)

        // And back up.
        try lab.ip("link", "set", peer, "up")
        let again = await awaitStatus(.reachable(via: .ethernet), in: netlinkUpdates)
        #expect(again.found, "netlink saw \(again.seen)")
        #expect(await awaitStatus(.reachable(via: .ethernet), in: pollingUpdates).found)
    }
}

@Suite("Joining a network namespace")
struct NetworkNamespaceJoinTests {
    @Test func aMissingNamespaceIsASystemCallErrorNamingThePath() throws {
        let path = "/var/run/netns/courier-no-such-namespace-\(getpid())"
        let error = try #require(throws: ReachabilityError.self) { try NetworkNamespace.join(path) }
        #expect(error.code == .systemCallFailed)
        #expect(error.systemError == ENOENT)
        #expect(error.description.hasPrefix("open \(path) failed: "))
        #expect(error.description.hasSuffix("(errno \(ENOENT))"))
    }
}
