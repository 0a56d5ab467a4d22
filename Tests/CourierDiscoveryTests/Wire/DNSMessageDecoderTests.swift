import Testing

@testable import CourierDiscovery

@Suite struct DNSMessageDecoderTests {
    private static let header = "0000 8400 0000 0001 0000 0000"

    @Test(arguments: [0, 11, 9001])
    func datagramsOutsideTheSizeRangeAreDropped(size: Int) {
        let bytes = [UInt8](repeating: 0, count: size)
        #expect(throws: DNSDecodingError.badLength(size)) { try DNSMessage(decoding: bytes) }
    }

    @Test(arguments: ["0000 8800", "0000 8401", "0000 0003"])
    func nonZeroOpcodeOrRcodeIsDropped(prefix: String) {
        let bytes = hexBytes(prefix + "0000 0000 0000 0000")
        #expect(throws: DNSDecodingError.self) { try DNSMessage(decoding: bytes) }
    }

    @Test func countsBeyondTheDataAreDropped() {
        var bytes = Fixtures.kidsShoesAnnouncement
        bytes[7] = 40
        #expect(throws: DNSDecodingError.truncated(offset: bytes.count)) { try DNSMessage(decoding: bytes) }
    }

    @Test func rdlengthPastTheEndIsDropped() {
        var bytes = Fixtures.kidsShoesAnnouncement
        bytes[48] = 0x20
        #expect(throws: DNSDecodingError.self) { try DNSMessage(decoding: bytes) }
    }

    @Test(arguments: [("0001", "0003 010203"), ("001c", "0004 01020304")])
    func addressesOfTheWrongLengthAreDropped(type: String, rdata: String) {
        let bytes = hexBytes(Self.header + "00" + type + "0001 00000078" + rdata)
        #expect(throws: DNSDecodingError.self) { try DNSMessage(decoding: bytes) }
    }

    @Test(arguments: [0x40, 0x80, 0xBF])
    func reservedLabelTypesAreDropped(byte: Int) {
        let bytes = hexBytes(Self.header) + [UInt8(byte)] + hexBytes("00 000c 0001 00000078 0000")
        #expect(throws: DNSDecodingError.self) { try DNSMessage(decoding: bytes) }
    }

    @Test func selfPointerIsDropped() {
        // A name at offset 12 that points to itself.
        let bytes = hexBytes(Self.header + "c00c 000c 0001 00000078 0000")
        #expect(throws: DNSDecodingError.badPointer(offset: 12, target: 12)) { try DNSMessage(decoding: bytes) }
    }

    @Test func forwardPointerIsDropped() {
        let bytes = hexBytes(Self.header + "c020 000c 0001 00000078 0000") + [UInt8](repeating: 0, count: 30)
        #expect(throws: DNSDecodingError.self) { try DNSMessage(decoding: bytes) }
    }

    @Test func pointerLoopThroughTwoNamesIsDropped() {
        // Offset 12: label "a" then a pointer back to 12 — reading it would loop forever.
        let bytes = hexBytes(Self.header + "0161 c00c 000c 0001 00000078 0000")
        #expect(throws: DNSDecodingError.self) { try DNSMessage(decoding: bytes) }
    }

    @Test func nameCrossingRdlengthIsDropped() {
        // A PTR whose rdlength (2) cuts its target name short.
        let bytes = hexBytes(Self.header + "0161 00 000c 0001 00000078 0002 0162 00")
        #expect(throws: DNSDecodingError.self) { try DNSMessage(decoding: bytes) }
    }

    @Test func nameWithMoreThan128LabelsIsDropped() {
        let labels = [UInt8](repeating: 0, count: 0) + (0..<129).flatMap { _ in [UInt8(1), UInt8(ascii: "a")] }
        let bytes = hexBytes(Self.header) + labels + hexBytes("00 000c 0001 00000078 0000")
        #expect(throws: DNSDecodingError.self) { try DNSMessage(decoding: bytes) }
    }

    @Test func ttlWithTopBitSetCountsAsZero() throws {
        var bytes = Fixtures.kidsShoesAnnouncement
        bytes[43] = 0x80
        let message = try DNSMessage(decoding: bytes)
        #expect(message.answers.first?.ttl == 0)
    }

    @Test func nonUTF8LabelsAreIgnored() throws {
        let bytes = hexBytes(Self.header + "01ff 00 0001 0001 00000078 0004 01020304")
        let message = try DNSMessage(decoding: bytes)
        #expect(message.answers.isEmpty)
    }

    @Test func txtStringOverrunningRdataDropsOnlyTheRecord() throws {
        let bytes =
            hexBytes("0000 8400 0000 0002 0000 0000" + "0161 00 0010 0001 00000078 0002 0561")
            + hexBytes("0162 00 0001 0001 00000078 0004 01020304")
        let message = try DNSMessage(decoding: bytes)
        #expect(message.answers.count == 1)
        #expect(message.answers.first?.type == .a)
    }

    @Test func emptyTXTRecordIsOneZeroByte() throws {
        let record = DNSResourceRecord(name: try DNSName("x.local."), ttl: 4500, data: .txt([]))
        let bytes = try DNSMessage.response(answers: [record]).encoded()
        #expect(Array(bytes.suffix(3)) == [0x00, 0x01, 0x00])
        #expect(try DNSMessage(decoding: bytes).answers.first?.data == .txt([]))
    }
}
