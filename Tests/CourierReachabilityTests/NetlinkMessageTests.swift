import CourierTestSupport
import Foundation
import Testing

@testable import CourierReachability

/// Builds rtnetlink datagrams the way the kernel lays them out (host byte order, 4-byte alignment).
enum SyntheticNetlink {
    static func native<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }

    static func padded(_ bytes: [UInt8]) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: NetlinkMessage.align(bytes.count) - bytes.count)
    }

    static func attribute(_ type: UInt16, _ value: [UInt8]) -> [UInt8] {
        padded(native(UInt16(4 + value.count)) + native(type) + value)
    }

    static func message(type: UInt16, sequence: UInt32 = 0, body: [UInt8]) -> [UInt8] {
        let header =
            native(UInt32(16 + body.count)) + native(type) + native(UInt16(0)) + native(sequence) + native(UInt32(0))
        return padded(header + body)
    }

    /// `RTM_NEWLINK` (or `RTM_DELLINK`) for an interface.
    static func link(
        index: Int32, name: String?, up: Bool, running: Bool, loopback: Bool = false, hardwareType: UInt16 = 1,
        delete: Bool = false
    ) -> [UInt8] {
        var flags: UInt32 = 0
        if up { flags |= 0x1 }
        if running { flags |= 0x40 | 0x10000 }
        if loopback { flags |= 0x8 }
        var body = [UInt8(0), 0] + native(hardwareType) + native(index) + native(flags) + native(UInt32(0xFFFF_FFFF))
        if let name { body += attribute(3, Array(name.utf8) + [0]) }
        return message(type: delete ? 17 : 16, body: body)
    }

    /// `RTM_NEWADDR` (or `RTM_DELADDR`) for an address of interface `index`.
    static func address(index: UInt32, _ text: String, prefix: UInt8 = 24, delete: Bool = false) -> [UInt8] {
        guard let address = InterfaceAddress(text) else { return [] }
        let family: UInt8 = address.family == .ipv4 ? 2 : 10
        let body = [family, prefix, 0, 0] + native(index) + attribute(1, address.bytes) + attribute(2, address.bytes)
        return message(type: delete ? 21 : 20, body: body)
    }

    static func done(sequence: UInt32) -> [UInt8] { message(type: 3, sequence: sequence, body: native(Int32(0))) }
}

@Suite("Netlink messages")
struct NetlinkMessageTests {
    @Test func parsesLinksAddressesAndControlMessages() throws {
        let datagram =
            SyntheticNetlink.link(index: 2, name: "eth0", up: true, running: true)
            + SyntheticNetlink.address(index: 2, "192.0.2.7")
            + SyntheticNetlink.address(index: 2, "2001:db8::7", prefix: 64, delete: true)
            + SyntheticNetlink.link(index: 3, name: nil, up: false, running: false, delete: true)
            + SyntheticNetlink.done(sequence: 9)
            + SyntheticNetlink.message(type: 2, sequence: 4, body: SyntheticNetlink.native(Int32(-16)))
        let messages = NetlinkMessage.parse(datagram)
        #expect(messages.count == 6)
        #expect(messages[0] == .newLink(.init(index: 2, name: "eth0", flags: 0x1_0041, hardwareType: 1)))
        let v4 = try #require(InterfaceAddress("192.0.2.7", prefixLength: 24))
        #expect(messages[1] == .newAddress(.init(index: 2, address: v4)))
        let v6 = try #require(InterfaceAddress("2001:db8::7", prefixLength: 64))
        #expect(messages[2] == .deleteAddress(.init(index: 2, address: v6)))
        #expect(messages[3] == .deleteLink(index: 3))
        #expect(messages[4] == .done(sequence: 9))
        #expect(messages[5] == .error(sequence: 4, code: -16))
    }

    @Test func unknownTypesAndAttributesAreSkipped() {
        let unknownType = SyntheticNetlink.message(type: 24, body: [1, 2, 3, 4, 5, 6, 7, 8])  // RTM_NEWROUTE
        let link = SyntheticNetlink.link(index: 5, name: "wlan0", up: true, running: false)
        let withExtraAttribute =
            SyntheticNetlink.message(
                type: 16,
                body: [0, 0] + SyntheticNetlink.native(UInt16(1)) + SyntheticNetlink.native(Int32(6))
                    + SyntheticNetlink.native(UInt32(1)) + SyntheticNetlink.native(UInt32(0))
                    + SyntheticNetlink.attribute(16, [6]) + SyntheticNetlink.attribute(3, Array("br0\0".utf8)))
        let messages = NetlinkMessage.parse(unknownType + link + withExtraAttribute)
        #expect(messages.count == 2)
        #expect(messages.last == .newLink(.init(index: 6, name: "br0", flags: 1, hardwareType: 1)))
    }

    @Test func everyTruncationOfAValidDatagramKeepsTheWholeMessagesBeforeIt() {
        let first = SyntheticNetlink.link(index: 2, name: "eth0", up: true, running: true)
        let second = SyntheticNetlink.address(index: 2, "10.0.0.1")
        let datagram = first + second
        let full = NetlinkMessage.parse(datagram)
        #expect(full.count == 2)
        for length in 0...datagram.count {
            let messages = NetlinkMessage.parse(Array(datagram.prefix(length)))
            let expected = length >= datagram.count ? 2 : (length >= first.count ? 1 : 0)
            #expect(messages.count == expected, "truncated to \(length) bytes")
            #expect(Array(full.prefix(messages.count)) == messages)
        }
    }

    @Test func inconsistentLengthsEndTheParseWithoutTrapping() {
        // nlmsg_len smaller than a header, larger than the datagram, and at the Int32 limits.
        for length: UInt32 in [0, 1, 15, 1000, UInt32(Int32.max), UInt32.max] {
            var bytes = SyntheticNetlink.link(index: 2, name: "eth0", up: true, running: true)
            bytes.replaceSubrange(0..<4, with: SyntheticNetlink.native(length))
            #expect(NetlinkMessage.parse(bytes).isEmpty, "nlmsg_len \(length)")
        }
        // An attribute whose rta_len overruns the message, or is shorter than its own header.
        for attributeLength: UInt16 in [0, 2, 3, 8, 200, UInt16.max] {
            let body =
                [UInt8(0), 0] + SyntheticNetlink.native(UInt16(1)) + SyntheticNetlink.native(Int32(2))
                + SyntheticNetlink.native(UInt32(1)) + SyntheticNetlink.native(UInt32(0))
                + SyntheticNetlink.native(attributeLength) + SyntheticNetlink.native(UInt16(3)) + Array("eth0".utf8)
            let messages = NetlinkMessage.parse(SyntheticNetlink.message(type: 16, body: body))
            #expect(
                messages == [
                    .newLink(.init(index: 2, name: attributeLength == 8 ? "eth0" : nil, flags: 1, hardwareType: 1))
                ])
        }
        // A link header cut short, an address of the wrong size, a non-UTF-8 name, index 0.
        #expect(NetlinkMessage.parse(SyntheticNetlink.message(type: 16, body: [0, 0, 1, 0])).isEmpty)
        let shortAddress =
            [UInt8(2), 24, 0, 0] + SyntheticNetlink.native(UInt32(2)) + SyntheticNetlink.attribute(2, [10, 0, 0])
        #expect(NetlinkMessage.parse(SyntheticNetlink.message(type: 20, body: shortAddress)).isEmpty)
        let badName =
            [UInt8(0), 0] + SyntheticNetlink.native(UInt16(1)) + SyntheticNetlink.native(Int32(2))
            + SyntheticNetlink.native(UInt32(1)) + SyntheticNetlink.native(UInt32(0))
            + SyntheticNetlink.attribute(3, [0xFF, 0xFE, 0])
        #expect(
            NetlinkMessage.parse(SyntheticNetlink.message(type: 16, body: badName)) == [
                .newLink(.init(index: 2, name: nil, flags: 1, hardwareType: 1))
            ])
        #expect(NetlinkMessage.parse(SyntheticNetlink.link(index: 0, name: "x", up: true, running: true)).isEmpty)
    }

    @Test(.ownThread) func randomGarbageNeverTraps() {
        var generator = SeededGenerator(seed: 0x5EED)
        let valid =
            SyntheticNetlink.link(index: 2, name: "eth0", up: true, running: true)
            + SyntheticNetlink.address(index: 2, "192.0.2.1")
        for round in 0..<3000 {
            var bytes: [UInt8]
            if round % 2 == 0 {
                let count = Int(generator.next() % 300)
                bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            } else {
                // A valid datagram with a few bytes flipped: exercises the deeper paths.
                bytes = valid
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    let position = Int(generator.next() % UInt64(bytes.count))
                    bytes[position] = UInt8(truncatingIfNeeded: generator.next())
                }
            }
            _ = NetlinkMessage.parse(bytes)
            var table = InterfaceTable()
            for message in NetlinkMessage.parse(bytes) { table.apply(message) }
            _ = table.interfaces
        }
    }

    @Test func dumpRequestsAreWellFormed() {
        let links = NetlinkMessage.dumpRequest(type: NetlinkMessage.typeGetLink, sequence: 7)
        let reader = ByteReader(links)
        #expect(links.count == 32)
        #expect(reader.u32(at: 0) == 32)
        #expect(reader.u16(at: 4) == 18)
        #expect(reader.u16(at: 6) == 0x301)
        #expect(reader.u32(at: 8) == 7)
        #expect(NetlinkMessage.dumpRequest(type: NetlinkMessage.typeGetAddress, sequence: 8).count == 24)
    }
}
