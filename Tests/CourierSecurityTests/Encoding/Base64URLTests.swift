import Foundation
import Testing

@testable import CourierSecurity

@Suite("Base64URL")
struct Base64URLTests {
    @Test("uses - and _ and no padding")
    func urlAlphabetWithoutPadding() throws {
        let data = Data([0xfb, 0xff, 0xbf])
        #expect(Base64URL.encode(data) == "-_-_")
        #expect(Base64URL.encode(Data([0xfb, 0xff])) == "-_8")
        #expect(try Base64URL.decode("-_8") == Data([0xfb, 0xff]))
        #expect(try Base64URL.decode("") == Data())
    }

    @Test("round-trips every length up to 64 bytes")
    func roundTrips() throws {
        var generator = SeededGenerator(seed: 64)
        for length in 0...64 {
            let data = generator.bytes(length)
            let encoded = Base64URL.encode(data)
            #expect(!encoded.contains("=") && !encoded.contains("+") && !encoded.contains("/"))
            #expect(try Base64URL.decode(encoded) == data)
        }
    }

    @Test(
        "refuses padding, the standard alphabet's symbols and impossible lengths",
        arguments: ["Zg==", "+/8", "a", "abcde", "Zh", "a b"])
    func refusesMalformed(text: String) {
        #expect(securityError { _ = try Base64URL.decode(text) }?.code == .invalidEncoding)
    }
}
