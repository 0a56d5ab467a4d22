import NIOCore
import Testing

@testable import CourierPeers

/// Unreliable messages built outside the session actor: the datagrams of one message, their numbers, and the UDP
/// socket's settings.
@Suite struct PeerDatagramOutletTests {
    static let tag: UInt32 = 0x0A0B_0C0D
    static let ann = PeerInfo(id: PeerID(rawValue: 21), displayName: "Ann", mode: .peer)

    static func outlet(cipher: PeerCipher?) throws -> PeerDatagramOutlet {
        let (writer, _) = NIOAsyncChannelOutboundWriter<AddressedEnvelope<ByteBuffer>>.makeTestingWriter()
        return PeerDatagramOutlet(
            address: try SocketAddress(ipAddress: "127.0.0.1", port: 9), writer: writer,
            credit: PeerSendCredit(limit: 1 << 20), cipher: cipher,
            sessionTag: tag, sender: ann.id)
    }

    /// An inbox hearing Ann, opening with `cipher` when given.
    static func inbox(opening cipher: PeerCipher?) -> PeerDatagramInbox {
        let inbox = PeerDatagramInbox(sessionTag: tag, expiry: .seconds(2))
        let route = PeerDirectRoute()
        inbox.connect(ann, cipher: cipher, route: route)
        route.grant(ann, writer: nil)
        return inbox
    }

    @Test(arguments: [true, false])
    func eachSizeArrivesWholeInAsFewDatagramsAsItNeeds(encrypted: Bool) throws {
        let (sealer, opener) = try PeerCipherTests.pair()
        let outlet = try Self.outlet(cipher: encrypted ? sealer : nil)
        let inbox = Self.inbox(opening: encrypted ? opener : nil)
        let overhead = encrypted ? PeerLimits.sealOverhead : 0
        // Around the one-chunk limit, and the largest message.
        let sizes = [
            1, PeerLimits.chunkSize - overhead, PeerLimits.chunkSize - overhead + 1, 5000,
            PeerLimits.maximumMessageSize,
        ]
        for (number, size) in sizes.enumerated() {
            let message = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            let datagrams = try outlet.datagrams(of: message, number: UInt32(number))
            let sealedSize = size + overhead
            #expect(datagrams.count == (sealedSize + PeerLimits.chunkSize - 1) / PeerLimits.chunkSize)
            #expect(datagrams.allSatisfy { $0.remoteAddress.port == 9 })
            #expect(datagrams.map(\.data.readableBytes).reduce(0, +) == sealedSize + datagrams.count * 18)
            var received: [UInt8]?
            for datagram in datagrams {
                if let arrived = inbox.receive(datagram.data, now: .zero) {
                    #expect(arrived.from == Self.ann)
                    received = arrived.bytes
                }
            }
            #expect(received == message, "\(size) bytes, encrypted: \(encrypted)")
        }
        #expect(inbox.dropped == 0)
    }

    @Test func aOneChunkMessageIsItsHeaderThenItsSealedBytes() throws {
        let (sealer, _) = try PeerCipherTests.pair()
        let datagrams = try Self.outlet(cipher: sealer).datagrams(of: Array("hello".utf8), number: 7)
        let decoded = try PeerDatagram(decoding: try #require(datagrams.first).data, expectedTag: Self.tag)
        #expect(datagrams.count == 1)
        #expect((decoded.sender, decoded.messageNumber, decoded.index, decoded.count) == (Self.ann.id, 7, 0, 1))
        // The same seal as the public one, over the same authenticated header.
        let header = PeerDatagram(
            sessionTag: Self.tag, sender: Self.ann.id, messageNumber: 7, index: 0, count: 1, payload: ByteBuffer()
        ).authenticatedHeader
        #expect(
            decoded.payload == (try sealer.sealDatagram(ByteBuffer(string: "hello"), messageNumber: 7, header: header)))
    }

    @Test func anEmptyMessageNeedsEncryptionToTravelUnreliably() throws {
        let (sealer, opener) = try PeerCipherTests.pair()
        let plain = try Self.outlet(cipher: nil)
        let refusal = #expect(throws: PeersError.self) { try plain.datagrams(of: [UInt8](), number: 0) }
        #expect(refusal?.code == .invalidArgument)
        // Sealed, it is its 16-byte tag, and arrives as an empty message.
        let datagrams = try Self.outlet(cipher: sealer).datagrams(of: [UInt8](), number: 0)
        #expect(Self.inbox(opening: opener).receive(try #require(datagrams.first).data, now: .zero)?.bytes == [])
    }

    @Test func aNonContiguousMessageIsSentToo() throws {
        let (sealer, opener) = try PeerCipherTests.pair()
        let message = (1...300).lazy.map { UInt8(truncatingIfNeeded: $0) }
        let datagrams = try Self.outlet(cipher: sealer).datagrams(of: message, number: 3)
        #expect(
            Self.inbox(opening: opener).receive(try #require(datagrams.first).data, now: .zero)?.bytes == Array(message)
        )
    }

    @Test func messageNumbersStopBeforeTheyWouldRepeat() {
        let route = PeerDirectRoute(firstMessageNumber: .max - 2)
        #expect(route.takeMessageNumber() == UInt32.max - 2)
        #expect(route.takeMessageNumber() == UInt32.max - 1)
        // The last one is never used, and nothing wraps to 0: a number is a sealed message's nonce.
        #expect(route.takeMessageNumber() == nil)
        #expect(route.takeMessageNumber() == nil)
    }

    @Test func numbersTakenConcurrentlyAreEachTakenOnce() async {
        let route = PeerDirectRoute()
        let taken = await withTaskGroup(of: [UInt32].self) { group in
            for _ in 0..<4 {
                group.addTask { (0..<1000).compactMap { _ in route.takeMessageNumber() } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(taken.count == 4000)
        #expect(Set(taken) == Set(0..<4000))
    }

    @Test(arguments: [nil, -1, 0, 4096, Int.max])
    func anyReceiveBufferSettingStartsAndCarriesUnreliableMessages(size: Int?) async throws {
        var configuration = PeerSessionConfiguration()
        configuration.bindHost = "127.0.0.1"
        configuration.datagramReceiveBufferSize = size
        let ann = try PeerSession(sessionID: "test1.0", displayName: "Ann", configuration: configuration)
        try await ann.start()
        let bob = try await PeerFixtures.session("Bob")
        let annLog = EventLog(ann)
        let peer = try await bob.connect(to: PeerFixtures.address(of: ann))
        // Unreliable may drop on a loaded machine: a bounded number of tries until one arrives.
        var arrived: (text: String, from: PeerInfo, mode: PeerSendMode)?
        for _ in 0..<5 where arrived == nil {
            try await bob.send(Array("u".utf8), to: [peer.id], mode: .unreliable)
            arrived = await annLog.nextData(within: .seconds(5))
        }
        #expect(arrived?.text == "u")
        await ann.disconnect()
        await bob.disconnect()
    }
}
