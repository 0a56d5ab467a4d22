import Testing

@testable import CourierFTP

@Suite struct FTPPassiveAddressTests {
    @Test func parsesPASVReplies() throws {
        let address = try FTPPassiveAddress.parse(
            FTPReply(code: 227, lines: ["Entering Passive Mode (192,168,1,2,19,137)."]))
        #expect(address == FTPPassiveAddress(host: "192.168.1.2", port: 19 * 256 + 137))
        let bare = try FTPPassiveAddress.parse(FTPReply(code: 227, lines: ["=127,0,0,1,0,21"]))
        #expect(bare == FTPPassiveAddress(host: "127.0.0.1", port: 21))
    }

    @Test func parsesEPSVReplies() throws {
        let address = try FTPPassiveAddress.parseExtended(FTPReply(code: 229, lines: ["Extended Passive (|||6446|)"]))
        #expect(address == FTPPassiveAddress(host: nil, port: 6446))
        let other = try FTPPassiveAddress.parseExtended(FTPReply(code: 229, lines: ["ok (!!!1025!)"]))
        #expect(other.port == 1025)
    }

    @Test(arguments: ["Entering Passive Mode", "(300,1,1,1,1,1)", "(1,2,3,4,5)", "(127,0,0,1,0,0)", "(1,2,3,4,5,6666)"])
    func rejectsBadPASVReplies(text: String) {
        #expect(throws: FTPProtocolError.self) { try FTPPassiveAddress.parse(FTPReply(code: 227, lines: [text])) }
    }

    @Test(arguments: ["(|||0|)", "(|||70000|)", "(||||)", "no parentheses", "(|||12)"])
    func rejectsBadEPSVReplies(text: String) {
        #expect(throws: FTPProtocolError.self) {
            try FTPPassiveAddress.parseExtended(FTPReply(code: 229, lines: [text]))
        }
    }
}
