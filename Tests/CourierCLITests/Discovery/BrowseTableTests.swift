import CourierDiscovery
import NIOCore
import Testing

@testable import CourierCLI

/// `courier discover browse` on a terminal: a table of what is present now, redrawn in place.
@Suite struct BrowseTableTests {
    static func event(_ kind: LinkBrowseEvent.Kind, _ name: String, ipv6: Bool = false) throws -> LinkBrowseEvent {
        LinkBrowseEvent(
            kind: kind, identity: try ServiceIdentity(name: name, type: "_associateHelp._tcp"), interface: "veth-a",
            isIPv6: ipv6)
    }

    @Test func foundInstancesAreRowsAndRemovedOnesGo() throws {
        var table = BrowseTable(type: "_associateHelp._tcp", resolves: false)
        #expect(table.lines() == ["_associateHelp._tcp in local: 0 instances (Ctrl-C to stop)", "IFACE  PROTO  NAME"])
        try table.apply(Self.event(.found, "Shoes"))
        try table.apply(Self.event(.found, "Kids Shoes"))
        try table.apply(Self.event(.found, "Kids Shoes"))
        #expect(
            table.lines() == [
                "_associateHelp._tcp in local: 2 instances (Ctrl-C to stop)",
                "IFACE   PROTO  NAME",
                "veth-a  IPv4   Kids Shoes",
                "veth-a  IPv4   Shoes",
            ])
        try table.apply(Self.event(.removed, "Shoes"))
        #expect(table.lines().last == "veth-a  IPv4   Kids Shoes")
        #expect(table.lines().first == "_associateHelp._tcp in local: 1 instance (Ctrl-C to stop)")
    }

    @Test func aResolveFillsInWhereTheInstanceIs() throws {
        var table = BrowseTable(type: "_associateHelp._tcp", resolves: true)
        try table.apply(Self.event(.found, "Kids Shoes"))
        #expect(table.lines().last == "veth-a  IPv4   Kids Shoes  …")
        var txt = TXTRecord()
        try txt.set("version", to: "1.0")
        let identity = try ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")
        table.apply(
            ResolvedService(
                identity: identity, host: try DNSName("shop.local."), port: 8080, txt: txt,
                addresses: [try SocketAddress(ipAddress: "169.254.77.1", port: 8080)], interface: "veth-a"))
        #expect(
            table.lines().suffix(2) == [
                "IFACE   PROTO  NAME        HOST        ADDRESS       PORT  TXT",
                "veth-a  IPv4   Kids Shoes  shop.local  169.254.77.1  8080  \"version=1.0\"",
            ])
        // A resolve of an instance that has gone adds nothing.
        try table.apply(Self.event(.removed, "Kids Shoes"))
        table.apply(
            ResolvedService(
                identity: identity, host: try DNSName("shop.local."), port: 8080, txt: txt, addresses: [],
                interface: "veth-a"))
        #expect(table.lines().count == 2)
    }

    @Test func eachDrawingReplacesThePreviousOne() throws {
        var table = BrowseTable(type: "_associateHelp._tcp", resolves: false)
        let first = table.redraw()
        #expect(first == "_associateHelp._tcp in local: 0 instances (Ctrl-C to stop)\nIFACE  PROTO  NAME\n")
        try table.apply(Self.event(.found, "Shoes"))
        let second = table.redraw()
        // Up two lines to the start of the first drawing, erase to the end of the screen, draw three lines.
        #expect(second.hasPrefix("\u{1B}[2F\u{1B}[J_associateHelp._tcp in local: 1 instance"))
        #expect(second.split(separator: "\n").count == 3)
        #expect(table.redraw().hasPrefix("\u{1B}[3F\u{1B}[J"))
    }
}
