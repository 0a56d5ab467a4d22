import Foundation
import Testing

@testable import CourierReachability

/// A fake `/sys/class/net` in a temporary directory.
struct FakeSysfs {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("courier-sysfs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func add(_ name: String, type: Int? = nil, uevent: String? = nil, directories: [String] = []) throws {
        let directory = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let type {
            try "\(type)\n".write(to: directory.appendingPathComponent("type"), atomically: true, encoding: .utf8)
        }
        if let uevent {
            try uevent.write(to: directory.appendingPathComponent("uevent"), atomically: true, encoding: .utf8)
        }
        for name in directories {
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent(name), withIntermediateDirectories: true)
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }
}

func usable(_ name: String, index: Int = 2, _ address: String = "192.0.2.10", loopback: Bool = false, type: Int? = 1)
    -> NetworkInterface
{
    NetworkInterface(
        name: name, index: index, isUp: true, isRunning: true, isLoopback: loopback, hardwareType: type,
        addresses: [InterfaceAddress(address)].compactMap { $0 })
}

@Suite("Interface classification")
struct InterfaceClassifierTests {
    @Test func kindsComeFromSysfs() throws {
        let sysfs = try FakeSysfs()
        defer { sysfs.remove() }
        try sysfs.add("eth0", type: 1, directories: ["device"])
        try sysfs.add("wlp2s0", type: 1, uevent: "DEVTYPE=wlan\nINTERFACE=wlp2s0\n", directories: ["device"])
        try sysfs.add("wlan1", type: 1, directories: ["wireless", "device"])
        try sysfs.add("wlan2", type: 1, directories: ["phy80211"])
        try sysfs.add("usb0", type: 1, uevent: "DEVTYPE=wwan\n")
        try sysfs.add("wwan0", type: 65534)
        try sysfs.add("qmi0", type: 519)
        try sysfs.add("tun0", type: 65534)
        try sysfs.add("lo", type: 772)
        let classifier = InterfaceClassifier(root: sysfs.root)
        let expected: [(String, NetworkInterfaceKind)] = [
            ("eth0", .ethernet), ("wlp2s0", .wifi), ("wlan1", .wifi), ("wlan2", .wifi), ("usb0", .cellular),
            ("wwan0", .cellular), ("qmi0", .cellular), ("tun0", .other), ("lo", .loopbackOnly),
        ]
        for (name, kind) in expected {
            #expect(classifier.kind(of: usable(name, type: nil)) == kind, "\(name)")
        }
        #expect(classifier.isPhysical(usable("eth0")))
        #expect(!classifier.isPhysical(usable("usb0")))
    }

    @Test func withoutSysfsTheLinkTypeDecides() throws {
        let sysfs = try FakeSysfs()
        defer { sysfs.remove() }
        let classifier = InterfaceClassifier(root: sysfs.root)
        #expect(classifier.kind(of: usable("veth7", type: 1)) == .ethernet)
        #expect(classifier.kind(of: usable("rmnet_data0", type: 65534)) == .cellular)
        #expect(classifier.kind(of: usable("mon0", type: 803)) == .wifi)
        #expect(classifier.kind(of: usable("ppp0", type: 512)) == .other)
        #expect(classifier.kind(of: usable("x", type: nil)) == .other)
        #expect(classifier.kind(of: usable("lo", loopback: true, type: nil)) == .loopbackOnly)
        // Names that could leave the root are never looked up.
        for name in ["..", ".", "a/b", "", "../../etc"] {
            #expect(classifier.kind(of: usable(name, type: 1)) == .ethernet)
            #expect(!classifier.isPhysical(usable(name)))
        }
    }

    @Test func statusPrefersUsablePhysicalInterfaces() throws {
        let sysfs = try FakeSysfs()
        defer { sysfs.remove() }
        try sysfs.add("wlan0", type: 1, directories: ["wireless", "device"])
        try sysfs.add("docker0", type: 1)
        try sysfs.add("wwan0", type: 519, directories: ["device"])
        let classifier = InterfaceClassifier(root: sysfs.root)
        let loopback = usable("lo", index: 1, "127.0.0.1", loopback: true, type: 772)
        let wifi = usable("wlan0", index: 3)
        let bridge = usable("docker0", index: 4, "172.17.0.1")
        let cellular = usable("wwan0", index: 5, "10.64.0.2")

        #expect(classifier.status(of: []) == .unreachable)
        #expect(classifier.status(of: [loopback]) == .reachable(via: .loopbackOnly))
        #expect(classifier.status(of: [loopback, bridge, wifi, cellular]) == .reachable(via: .wifi))
        #expect(classifier.status(of: [loopback, cellular, bridge]) == .reachable(via: .cellular))
        #expect(classifier.status(of: [loopback, bridge]) == .reachable(via: .ethernet))

        var down = wifi
        down.isUp = false
        var noCarrier = wifi
        noCarrier.isRunning = false
        var linkLocalOnly = wifi
        linkLocalOnly.addresses = [InterfaceAddress("169.254.3.4"), InterfaceAddress("fe80::1")].compactMap { $0 }
        for broken in [down, noCarrier, linkLocalOnly] {
            #expect(classifier.status(of: [loopback, broken]) == .reachable(via: .loopbackOnly))
        }
        var loopbackDown = loopback
        loopbackDown.isUp = false
        #expect(classifier.status(of: [loopbackDown, down]) == .unreachable)
    }

    @Test func statusAllowsConnectionsByHost() {
        #expect(ReachabilityStatus.reachable(via: .loopbackOnly).allowsConnection(to: "127.0.0.1"))
        #expect(ReachabilityStatus.reachable(via: .loopbackOnly).allowsConnection(to: "localhost"))
        #expect(ReachabilityStatus.reachable(via: .loopbackOnly).allowsConnection(to: "[::1]"))
        #expect(!ReachabilityStatus.reachable(via: .loopbackOnly).allowsConnection(to: "example.com"))
        #expect(!ReachabilityStatus.reachable(via: .loopbackOnly).allowsConnection(to: "127.0.0.1.example.com"))
        #expect(!ReachabilityStatus.unreachable.allowsConnection(to: "127.0.0.1"))
        #expect(ReachabilityStatus.reachable(via: .cellular).allowsConnection(to: nil))
    }
}

@Suite("Interface table")
struct InterfaceTableTests {
    @Test func followsLinksAndAddressesMessageByMessage() throws {
        var table = InterfaceTable()
        for message in NetlinkMessage.parse(
            SyntheticNetlink.link(index: 1, name: "lo", up: true, running: true, loopback: true, hardwareType: 772)
                + SyntheticNetlink.address(index: 1, "127.0.0.1", prefix: 8)
                + SyntheticNetlink.link(index: 2, name: "eth0", up: true, running: true)
                + SyntheticNetlink.address(index: 2, "192.0.2.5") + SyntheticNetlink.address(index: 2, "192.0.2.5"))
        {
            table.apply(message)
        }
        var interfaces = table.interfaces
        #expect(interfaces.map(\.name) == ["lo", "eth0"])
        #expect(interfaces[1].addresses.map(\.description) == ["192.0.2.5"])
        #expect(interfaces.allSatisfy { $0.canCarryTraffic })

        // A change without a name keeps the name; the address goes; the link goes.
        for message in NetlinkMessage.parse(
            SyntheticNetlink.link(index: 2, name: nil, up: false, running: false)
                + SyntheticNetlink.address(index: 2, "192.0.2.5", delete: true))
        {
            table.apply(message)
        }
        interfaces = table.interfaces
        #expect(interfaces[1].name == "eth0")
        #expect(!interfaces[1].isUp)
        #expect(interfaces[1].addresses.isEmpty)
        table.apply(.deleteLink(index: 2))
        #expect(table.interfaces.map(\.name) == ["lo"])
    }
}
