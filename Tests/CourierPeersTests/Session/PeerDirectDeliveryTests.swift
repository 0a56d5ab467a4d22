import NIOCore
import NIOEmbedded
import NIOPosix
import Synchronization
import Testing

@testable import CourierPeers

/// A connected peer's messages go from the event loop straight to the events, without overtaking anything.
@Suite struct PeerDirectDeliveryTests {
    /// The message bytes of what the handler passed on to the read task, or `nil` for a frame.
    static func forwarded(_ channel: EmbeddedChannel) throws -> [[UInt8]?] {
        var passed: [[UInt8]?] = []
        while let inbound = try channel.readInbound(as: PeerInbound.self) {
            if case .message(let bytes) = inbound { passed.append(bytes) } else { passed.append(nil) }
        }
        return passed
    }

    @Test func aMessageGoesDirectOnlyWhenGrantedAndEverythingBeforeItWasHandled() throws {
        let route = PeerDirectRoute()
        let delivered = Mutex<[[UInt8]]>([])
        let closed = Mutex(false)
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(
            PeerDirectDeliveryHandler(
                route: route,
                deliver: { bytes, route in
                    guard route.peer != nil else { return false }
                    delivered.withLock { $0.append(bytes) }
                    return true
                },
                onInactive: { closed.withLock { $0 = true } }))
        // Not granted: to the read task.
        try channel.writeInbound(PeerInbound.message([1]))
        #expect(try Self.forwarded(channel) == [[1]])
        route.grant(PeerInfo(id: PeerID(rawValue: 7), displayName: "p", mode: .peer), writer: nil)
        // Granted, but the read task has not handled the first message: this one follows it, in order.
        try channel.writeInbound(PeerInbound.message([2]))
        #expect(try Self.forwarded(channel) == [[2]])
        route.didHandle(2)
        // Caught up: the direct way.
        try channel.writeInbound(PeerInbound.message([3]))
        #expect(try Self.forwarded(channel).isEmpty)
        #expect(delivered.withLock { $0 } == [[3]])
        #expect(route.takeHeard())
        #expect(route.takeHeard() == false)
        // A frame always goes to the read task, and the message after it waits behind it.
        try channel.writeInbound(PeerInbound.frame(PeerFrame(kind: .heartbeat)))
        try channel.writeInbound(PeerInbound.message([4]))
        #expect(try Self.forwarded(channel) == [nil, [4]])
        route.didHandle(2)
        try channel.writeInbound(PeerInbound.message([5]))
        #expect(delivered.withLock { $0 } == [[3], [5]])
        // Revoked: to the read task again.
        route.revoke()
        try channel.writeInbound(PeerInbound.message([6]))
        #expect(try Self.forwarded(channel) == [[6]])
        #expect(delivered.withLock { $0 } == [[3], [5]])
        _ = try channel.finish()
        #expect(closed.withLock { $0 })
    }

    /// The inviter gets the accept and, right behind it, messages the invitee sent as soon as it accepted: they
    /// arrive after `connected`, every one, in order, whichever way each went.
    @Test func messagesRightAfterAcceptArriveAfterConnectedAndInOrder() async throws {
        let count = 3000
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        let annEvents = ann.events
        let bobEvents = bob.events
        let sender = Task {
            for await event in bobEvents {
                if case .invitation(let peer, _) = event {
                    try await bob.accept(peer.id)
                    for number in 0..<count { try await bob.send(Array("\(number)".utf8), to: [peer.id]) }
                    return
                }
            }
        }
        let receiver = Task {
            var seen: [String] = []
            var connected = false
            var dataBeforeConnected = false
            for await event in annEvents {
                switch event {
                case .stateChanged(_, .connected): connected = true
                case .data(let bytes, _, _):
                    if !connected { dataBeforeConnected = true }
                    seen.append(String(decoding: bytes, as: UTF8.self))
                default: break
                }
                if seen.count == count { break }
            }
            return (seen, dataBeforeConnected)
        }
        // A lost message must fail the test, not hang it: disconnecting ends the event stream.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            await ann.disconnect()
        }
        _ = try await ann.connect(to: PeerFixtures.address(of: bob))
        try await sender.value
        let (seen, dataBeforeConnected) = await receiver.value
        watchdog.cancel()
        #expect(dataBeforeConnected == false)
        #expect(seen == (0..<count).map { "\($0)" })
        await ann.disconnect()
        await bob.disconnect()
    }

    /// Once the session says a peer is disconnected, no message of that peer follows, though the peer was still
    /// sending when it was dropped.
    @Test func noMessageFollowsDisconnected() async throws {
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        let bobEvents = bob.events
        let bobLog = Task {
            var afterDisconnect = 0
            var disconnected = false
            var received = 0
            for await event in bobEvents {
                switch event {
                case .invitation(let peer, _): try? await bob.accept(peer.id)
                case .data:
                    received += 1
                    if disconnected { afterDisconnect += 1 }
                    if received == 200 {
                        // Dropped here while Ann is still sending.
                        if case .data(_, let peer, _) = event { await bob.disconnect(peer: peer.id) }
                    }
                case .stateChanged(_, .disconnected):
                    disconnected = true
                    return (received, afterDisconnect)
                default: break
                }
            }
            return (received, afterDisconnect)
        }
        // A `disconnected` that never comes must fail the test, not hang it: disconnecting ends the event stream.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(60))
            await bob.disconnect()
        }
        defer { watchdog.cancel() }
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        let sending = Task {
            for number in 0..<100_000 {
                do { try await ann.send(Array("\(number)".utf8), to: [peer.id]) } catch { return }
            }
        }
        let (received, _) = await bobLog.value
        // Whatever comes after `disconnected` on the same stream: read for a moment more.
        let after = Task {
            var late = 0
            for await event in bobEvents {
                if case .data = event { late += 1 }
            }
            return late
        }
        await ann.disconnect()
        await sending.value
        await bob.disconnect()
        #expect(received >= 200)
        #expect(await after.value == 0)
    }
}
