import CourierTestSupport
import Foundation
import Synchronization
import Testing

@testable import CourierReachability

/// A source the test feeds by hand.
final class ScriptedNetworkSource: NetworkChangeSource {
    private struct State {
        var continuation: AsyncThrowingStream<NetworkChangeEvent, any Error>.Continuation?
        var startWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    func changes() -> AsyncThrowingStream<NetworkChangeEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: NetworkChangeEvent.self)
        let waiters = state.withLock { state in
            state.continuation = continuation
            defer { state.startWaiters = [] }
            return state.startWaiters
        }
        for waiter in waiters { waiter.resume() }
        return stream
    }

    /// Waits until the monitor opened the source.
    func waitUntilStarted() async {
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let already = state.withLock { state in
                if state.continuation != nil { return true }
                state.startWaiters.append(waiter)
                return false
            }
            if already { waiter.resume() }
        }
    }

    func send(_ event: NetworkChangeEvent) {
        state.withLock { _ = $0.continuation?.yield(event) }
    }
}

/// A source that cannot work here.
struct UnavailableSource: NetworkChangeSource {
    func changes() -> AsyncThrowingStream<NetworkChangeEvent, any Error> {
        AsyncThrowingStream { $0.finish(throwing: ReachabilityError(.unsupported, message: "no netlink here")) }
    }
}

@Suite("Reachability")
struct ReachabilityTests {
    @Test func syntheticMessagesDriveTheStatusAndItsStream() async throws {
        let sysfs = try FakeSysfs()
        defer { sysfs.remove() }
        try sysfs.add("wlan0", type: 1, directories: ["wireless", "device"])
        let source = ScriptedNetworkSource()
        let reachability = Reachability(
            source: source, fallback: nil, classifier: InterfaceClassifier(root: sysfs.root))
        let updates = reachability.updates()
        var iterator = updates.makeAsyncIterator()
        await source.waitUntilStarted()

        // The initial dump: loopback and a Wi-Fi interface without carrier yet.
        source.send(
            .netlinkMessages(
                SyntheticNetlink.link(index: 1, name: "lo", up: true, running: true, loopback: true, hardwareType: 772)
                    + SyntheticNetlink.address(index: 1, "127.0.0.1", prefix: 8)
                    + SyntheticNetlink.link(index: 3, name: "wlan0", up: true, running: false)
                    + SyntheticNetlink.address(index: 3, "192.168.1.20")))
        source.send(.synchronized)
        #expect(await iterator.next() == .reachable(via: .loopbackOnly))
        #expect(await reachability.currentStatus() == .reachable(via: .loopbackOnly))

        // Carrier comes: Wi-Fi.
        source.send(.netlinkMessages(SyntheticNetlink.link(index: 3, name: "wlan0", up: true, running: true)))
        #expect(await iterator.next() == .reachable(via: .wifi))
        // Garbage in between changes nothing and crashes nothing.
        source.send(.netlinkMessages([0xFF, 0x00, 0x13]))
        // The address goes away: back to loopback only; then loopback goes down too.
        source.send(.netlinkMessages(SyntheticNetlink.address(index: 3, "192.168.1.20", delete: true)))
        #expect(await iterator.next() == .reachable(via: .loopbackOnly))
        source.send(
            .netlinkMessages(
                SyntheticNetlink.link(
                    index: 1, name: "lo", up: false, running: false, loopback: true, hardwareType: 772)))
        #expect(await iterator.next() == .unreachable)
        #expect(reachability.interfaces.map(\.name) == ["lo", "wlan0"])

        // After a reset nothing is published until the new description is complete.
        source.send(.reset)
        source.send(.netlinkMessages(SyntheticNetlink.link(index: 7, name: "eth9", up: true, running: true)))
        source.send(.netlinkMessages(SyntheticNetlink.address(index: 7, "10.1.1.1")))
        source.send(.synchronized)
        #expect(await iterator.next() == .reachable(via: .ethernet))
        #expect(reachability.interfaces.map(\.name) == ["eth9"])
        reachability.stop()
        #expect(await iterator.next() == nil)
    }

    @Test func statusWaitsForTheFirstCompleteDescription() async throws {
        let source = ScriptedNetworkSource()
        let reachability = Reachability(source: source, fallback: nil)
        async let status = reachability.currentStatus()
        await source.waitUntilStarted()
        source.send(.netlinkMessages(SyntheticNetlink.link(index: 2, name: "eth0", up: true, running: true)))
        source.send(.snapshot([usable("lo", index: 1, "127.0.0.1", loopback: true, type: 772)]))
        #expect(await status == .reachable(via: .loopbackOnly))
    }

    @Test func aFailingSourceFallsBackToPolling() async throws {
        let reachability = Reachability(source: UnavailableSource(), fallback: InterfacePollingSource(interval: 60))
        let status = await reachability.currentStatus()
        #expect(reachability.usesFallback)
        // Every machine running the tests has at least a loopback interface that is up.
        #expect(status.isReachable)
        #expect(reachability.interfaces.contains { $0.isLoopback && $0.canCarryTraffic })
    }

    @Test func withNoWorkingSourceTheMonitorDoesNotBlockCallers() async {
        let reachability = Reachability(source: UnavailableSource(), fallback: UnavailableSource())
        #expect(await reachability.currentStatus() == .reachable(via: .other))
    }

    @Test func theKernelSourceDescribesThisMachine() async throws {
        let reachability = Reachability(fallback: nil)
        let status = await reachability.currentStatus()
        #expect(!reachability.usesFallback, "rtnetlink should open in a normal Linux process")
        #expect(status.isReachable)
        let polled = try InterfacePollingSource.currentInterfaces()
        #expect(Set(reachability.interfaces.map(\.name)) == Set(polled.map(\.name)))
        let loopback = try #require(reachability.interfaces.first { $0.isLoopback })
        #expect(loopback.addresses.contains { $0.description == "127.0.0.1" })
        reachability.stop()
    }

    @Test func pollingListsLoopbackWithItsLinkType() throws {
        let interfaces = try InterfacePollingSource.currentInterfaces()
        let loopback = try #require(interfaces.first { $0.isLoopback })
        #expect(loopback.isUp)
        #expect(loopback.hardwareType == 772)
        #expect(loopback.index > 0)
        #expect(loopback.addresses.contains { $0.description == "127.0.0.1" && $0.prefixLength == 8 })
    }

    @Test func hostReachabilityResolvesRoutesAndProbes() async throws {
        let server = try await ScriptedServer.start(.closeImmediately)
        let open = await Reachability.host("127.0.0.1", port: server.port, probe: true, timeout: 5)
        #expect(open.isReachable)
        #expect(open.addresses == ["127.0.0.1"])
        #expect(open.interfaceName != nil)
        await server.stop()
        let closedPort = try ReservedClosedPort()
        let closed = await Reachability.host("127.0.0.1", port: closedPort.port, probe: true, timeout: 5)
        #expect(closed.verdict == .probeFailed(.cannotConnectToHost))
        #expect(closed.description == "127.0.0.1 is routable but the probe failed (cannotConnectToHost)")
        let routeOnly = await Reachability.host("localhost", port: closedPort.port)
        #expect(routeOnly.isReachable)
        let invalid = await Reachability.host("not a host name", port: 80)
        #expect(invalid.verdict == .unresolvable)
    }

    @Test func addressesParseAndPrint() throws {
        let v4 = try #require(InterfaceAddress("169.254.1.2"))
        #expect(v4.isLinkLocal)
        #expect(!v4.isLoopback)
        let v6 = try #require(InterfaceAddress("fe80::1"))
        #expect(v6.isLinkLocal)
        #expect(try #require(InterfaceAddress("::1")).isLoopback)
        #expect(try #require(InterfaceAddress("2001:db8::1")).description == "2001:db8::1")
        #expect(InterfaceAddress("300.1.1.1") == nil)
        #expect(InterfaceAddress(family: .ipv4, bytes: [1, 2, 3]) == nil)
    }
}
