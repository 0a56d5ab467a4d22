import NIOCore
import Testing

@testable import CourierPeers

/// Unreliable messages taken on the event loop: who may send, the departed peers' grace, replays.
@Suite struct PeerDatagramInboxTests {
    static let tag: UInt32 = 0x0102_0304
    static let ann = PeerInfo(id: PeerID(rawValue: 11), displayName: "Ann", mode: .peer)

    /// The datagrams of one message from Ann, sealed with `cipher` when given.
    static func datagrams(_ text: String, number: UInt32, cipher: PeerCipher?) throws -> [ByteBuffer] {
        var message = ByteBuffer(string: text)
        if let cipher {
            let header = PeerDatagram(
                sessionTag: tag, sender: ann.id, messageNumber: number, index: 0, count: 1, payload: ByteBuffer()
            ).authenticatedHeader
            message = try cipher.sealDatagram(message, messageNumber: number, header: header)
        }
        return try PeerDatagram.chunks(of: message, sessionTag: tag, sender: ann.id, messageNumber: number).map {
            var bytes = ByteBuffer()
            $0.write(to: &bytes)
            return bytes
        }
    }

    /// What the inbox made of the datagrams, as text (`nil` when nothing came out).
    static func receive(_ inbox: PeerDatagramInbox, _ datagrams: [ByteBuffer], at now: Duration) -> String? {
        var text: String?
        for datagram in datagrams {
            if let message = inbox.receive(datagram, now: now) {
                #expect(message.from == ann)
                text = String(decoding: message.bytes, as: UTF8.self)
            }
        }
        return text
    }

    @Test func onlyAConnectedOrJustDepartedPeerIsHeard() throws {
        let (sealer, opener) = try PeerCipherTests.pair()
        let inbox = PeerDatagramInbox(sessionTag: Self.tag, expiry: .seconds(2))
        // Nobody connected: dropped and counted.
        #expect(Self.receive(inbox, try Self.datagrams("early", number: 0, cipher: sealer), at: .zero) == nil)
        #expect(inbox.dropped == 1)
        let route = PeerDirectRoute()
        inbox.connect(Self.ann, cipher: opener, route: route)
        // Connected but its route not granted yet: dropped.
        #expect(Self.receive(inbox, try Self.datagrams("not yet", number: 1, cipher: sealer), at: .zero) == nil)
        route.grant(Self.ann, writer: nil)
        let long = String(repeating: "x", count: 2500)
        #expect(Self.receive(inbox, try Self.datagrams(long, number: 2, cipher: sealer), at: .zero) == long)
        // The same message again: a replay.
        let replayed = inbox.dropped
        #expect(Self.receive(inbox, try Self.datagrams(long, number: 2, cipher: sealer), at: .zero) == nil)
        #expect(inbox.dropped == replayed + 1)
        // Departed: still heard until its deadline, with the same replay window.
        inbox.depart(Self.ann.id, until: .seconds(5))
        #expect(Self.receive(inbox, try Self.datagrams("late", number: 3, cipher: sealer), at: .seconds(4)) == "late")
        #expect(Self.receive(inbox, try Self.datagrams("late", number: 3, cipher: sealer), at: .seconds(4)) == nil)
        #expect(Self.receive(inbox, try Self.datagrams("too late", number: 4, cipher: sealer), at: .seconds(6)) == nil)
        inbox.expire(now: .seconds(6))
        #expect(Self.receive(inbox, try Self.datagrams("gone", number: 5, cipher: sealer), at: .seconds(1)) == nil)
    }

    @Test func aRevokedRouteStopsAConnectedPeer() throws {
        let inbox = PeerDatagramInbox(sessionTag: Self.tag, expiry: .seconds(2))
        let route = PeerDirectRoute()
        route.grant(Self.ann, writer: nil)
        inbox.connect(Self.ann, cipher: nil, route: route)
        #expect(Self.receive(inbox, try Self.datagrams("plain", number: 0, cipher: nil), at: .zero) == "plain")
        route.revoke()
        #expect(Self.receive(inbox, try Self.datagrams("after", number: 1, cipher: nil), at: .zero) == nil)
        // A foreign session's datagram is dropped too.
        var foreign = ByteBuffer()
        PeerDatagram(sessionTag: 9, sender: Self.ann.id, messageNumber: 2, index: 0, count: 1, payload: ByteBuffer())
            .write(to: &foreign)
        let before = inbox.dropped
        #expect(inbox.receive(foreign, now: .zero) == nil)
        #expect(inbox.dropped == before + 1)
    }
}
