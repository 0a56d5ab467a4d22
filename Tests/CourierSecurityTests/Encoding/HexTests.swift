import Foundation
import Testing

@testable import CourierSecurity

@Suite("Hex")
struct HexTests {
    @Test("encodes lowercase, two characters per byte")
    func encodesLowercase() {
        #expect(Hex.encode(Data([0x00, 0x0f, 0xa5, 0xff])) == "000fa5ff")
        #expect(Hex.encode(Data()) == "")
    }

    @Test("decodes either case")
    func decodesEitherCase() throws {
        #expect(try Hex.decode("DEADbeef") == Data([0xde, 0xad, 0xbe, 0xef]))
    }

    @Test("refuses odd lengths and non-hex characters", arguments: ["abc", "zz", "0g", "12 34", "é0"])
    func refusesBadText(text: String) {
        #expect(securityError { _ = try Hex.decode(text) }?.code == .invalidEncoding)
    }
}
