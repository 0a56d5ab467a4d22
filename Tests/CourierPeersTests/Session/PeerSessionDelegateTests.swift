import CourierPeers
import Testing

/// Records what the delegate hears and accepts invitations, as a ported GKSessionDelegate would.
private final class RecordingDelegate: PeerSessionDelegate {
    private let sink: AsyncStream<String>.Continuation

    init(sink: AsyncStream<String>.Continuation) {
        self.sink = sink
    }

    func session(_ session: PeerSession, didReceiveConnectionRequestFrom peer: PeerInfo, context: [UInt8]) async {
        sink.yield("request from \(peer.displayName): \(String(decoding: context, as: UTF8.self))")
        try? await session.accept(peer.id)
    }

    func session(_ session: PeerSession, peer: PeerInfo, didChange state: PeerState) async {
        sink.yield("\(peer.displayName) \(state)")
    }

    func session(_ session: PeerSession, didReceive data: [UInt8], from peer: PeerInfo, mode: PeerSendMode) async {
        sink.yield("data from \(peer.displayName): \(String(decoding: data, as: UTF8.self))")
    }
}

@Suite struct PeerSessionDelegateTests {
    /// Two sessions; Bob's delegate reports what it hears as lines of `heard`.
    fileprivate static func annAndBobWithADelegate() async throws
        -> (ann: PeerSession, bob: PeerSession, heard: AsyncStream<String>, delegate: RecordingDelegate)
    {
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        let (heard, sink) = AsyncStream.makeStream(of: String.self)
        let delegate = RecordingDelegate(sink: sink)
        await bob.setDelegate(delegate)
        return (ann, bob, heard, delegate)
    }

    @Test(.timeLimit(.minutes(1))) func theDelegateHearsEventsInOrder() async throws {
        let (ann, bob, heard, delegate) = try await Self.annAndBobWithADelegate()
        _ = try await ann.connect(to: PeerFixtures.address(of: bob), context: Array("join?".utf8))
        try await ann.send(Array("bid 5".utf8))
        var lines: [String] = []
        for await line in heard {
            lines.append(line)
            if lines.count == 3 { break }
        }
        #expect(lines == ["request from Ann: join?", "Ann connected", "data from Ann: bid 5"])
        withExtendedLifetime(delegate) {}
        await ann.disconnect()
        await bob.disconnect()
    }

    /// A caller that uses only the delegate never reads `events`: the session keeps only the first 256 events for
    /// it instead of every message ever received.
    @Test(.timeLimit(.minutes(1))) func eventsNobodyReadsAreBounded() async throws {
        let (ann, bob, heard, delegate) = try await Self.annAndBobWithADelegate()
        _ = try await ann.connect(to: PeerFixtures.address(of: bob))
        let count = 400
        for index in 0..<count { try await ann.send(Array("m\(index)".utf8)) }
        var messages = 0
        for await line in heard where line.hasPrefix("data from Ann") {
            messages += 1
            if messages == count { break }
        }
        await ann.disconnect()
        await bob.disconnect()
        // Read only now, after the session ended its streams: what was kept for a reader that never came.
        var kept = 0
        for await _ in bob.events { kept += 1 }
        #expect(kept == 256)
        withExtendedLifetime(delegate) {}
    }

    /// A delegate set late gets at most the first 256 events from before it was set, not every one since start.
    @Test(.timeLimit(.minutes(1))) func eventsBeforeADelegateIsSetAreBounded() async throws {
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        let bobLog = EventLog(bob)
        _ = try await ann.connect(to: PeerFixtures.address(of: bob))
        let count = 400
        for index in 0..<count { try await ann.send(Array("m\(index)".utf8)) }
        for _ in 0..<count { #expect(await bobLog.nextData() != nil) }
        let (heard, sink) = AsyncStream.makeStream(of: String.self)
        let delegate = RecordingDelegate(sink: sink)
        await bob.setDelegate(delegate)
        await ann.disconnect()
        await bob.disconnect()
        var late = 0
        for await line in heard {
            if line.hasPrefix("data from Ann") { late += 1 }
            if line == "Ann disconnected" { break }
        }
        // The invitation and the connection took two of the 256 places.
        #expect(late == 254)
        withExtendedLifetime(delegate) {}
    }
}
