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
    @Test(.timeLimit(.minutes(1))) func theDelegateHearsEventsInOrder() async throws {
        let ann = try await PeerFixtures.session("Ann")
        let bob = try await PeerFixtures.session("Bob")
        let (heard, sink) = AsyncStream.makeStream(of: String.self)
        let delegate = RecordingDelegate(sink: sink)
        await bob.setDelegate(delegate)
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
}
