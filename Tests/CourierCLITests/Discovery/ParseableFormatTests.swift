import CourierDiscovery
import NIOCore
import Testing

@testable import CourierCLI

@Suite struct ParseableFormatTests {
    @Test(arguments: [
        ("Kids Shoes", "Kids\\032Shoes"),
        ("Dept. 4", "Dept\\.\\0324"),
        ("back\\slash", "back\\\\slash"),
        ("Café", "Caf\\195\\169"),
    ])
    func labelsAreEscapedAsAvahiBrowseDoes(label: String, escaped: String) {
        #expect(ParseableFormat.escape(label) == escaped)
    }

    @Test func browseAndResolveLinesMatchAvahiBrowse() throws {
        let identity = try ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")
        let found = LinkBrowseEvent(kind: .found, identity: identity, interface: "veth-a", isIPv6: false)
        #expect(ParseableFormat.browseLine(found) == "+;veth-a;IPv4;Kids\\032Shoes;_associateHelp._tcp;local")
        let removed = LinkBrowseEvent(kind: .removed, identity: identity, interface: "veth-a", isIPv6: true)
        #expect(ParseableFormat.browseLine(removed) == "-;veth-a;IPv6;Kids\\032Shoes;_associateHelp._tcp;local")

        var txt = TXTRecord()
        try txt.set("version", to: "1.0")
        try txt.set("k2", to: "v2")
        let resolved = ResolvedService(
            identity: identity, host: try DNSName("shop.local."), port: 8080, txt: txt,
            addresses: [try SocketAddress(ipAddress: "169.254.77.1", port: 8080)], interface: "veth-a")
        #expect(
            ParseableFormat.resolvedLines(resolved) == [
                "=;veth-a;IPv4;Kids\\032Shoes;_associateHelp._tcp;local;shop.local;169.254.77.1;8080;\"version=1.0\" \"k2=v2\""
            ])
    }

    @Test func publishAttributesBecomeTXTEntries() throws {
        let command = try DiscoverPublishCommand.parse([
            "Kids Shoes", "_associateHelp._tcp", "8080", "version=1.0", "empty=", "flag",
        ])
        let txt = try command.txtRecord()
        #expect(txt.value(forKey: "version") == .some(Array("1.0".utf8)))
        #expect(txt.value(forKey: "empty") == .some([]))
        #expect(txt.value(forKey: "flag") == .some(nil))
    }

    @Test(arguments: [
        ["browse", "_way-too-long-service._tcp"],
        ["publish", "x", "_http._tcp", "0"],
        ["browse", "_http._tcp", "--timeout", "-1"],
    ])
    func badArgumentsAreUsageErrors(arguments: [String]) {
        #expect(throws: (any Error).self) { _ = try DiscoverCommand.parseAsRoot(arguments) }
    }
}
