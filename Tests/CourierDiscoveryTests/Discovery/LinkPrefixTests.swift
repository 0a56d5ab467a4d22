import NIOCore
import Testing

@testable import CourierDiscovery

@Suite struct LinkPrefixTests {
    private func address(_ text: String) throws -> SocketAddress {
        try SocketAddress(ipAddress: text, port: 5353)
    }

    @Test(arguments: [
        ("192.168.7.42", true), ("192.168.7.255", true), ("192.168.8.1", false), ("10.0.0.1", false),
        ("169.254.3.4", true), ("fe80::1", true), ("febf::1", true), ("fec0::1", false), ("2001:db8::1", false),
        ("2001:db8:0:7::99", true), ("127.0.0.1", true), ("::1", true), ("::2", false),
    ])
    func sourcesInTheInterfacesNetworksOrLinkLocalAreOnLink(source: String, onLink: Bool) throws {
        let prefixes = [
            try #require(LinkPrefix(address: try address("192.168.7.1"), netmask: try address("255.255.255.0"))),
            try #require(
                LinkPrefix(address: try address("2001:db8:0:7::1"), netmask: try address("ffff:ffff:ffff:ffff::"))),
        ]
        #expect(LinkPrefix.isOnLink(try address(source), prefixes: prefixes) == onLink)
    }

    @Test func mismatchedFamiliesOrAMissingNetmaskMakeNoPrefix() throws {
        #expect(LinkPrefix(address: try address("192.168.7.1"), netmask: nil) == nil)
        #expect(LinkPrefix(address: try address("192.168.7.1"), netmask: try address("ffff::")) == nil)
    }
}
