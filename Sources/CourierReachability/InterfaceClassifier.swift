import Foundation

/// Tells Wi-Fi from Ethernet from cellular, from what Linux shows under `/sys/class/net/<interface>`:
/// a `wireless/` or `phy80211` entry means Wi-Fi; `DEVTYPE=wlan`/`DEVTYPE=wwan` in `uevent`, a `wwan*`
/// (or `rmnet*`, `ccmni*`) name or a raw-IP link type means cellular; the `type` file (or the link type
/// netlink reported) tells loopback (772) and Ethernet (1) apart from everything else.
///
/// The root is injectable so classification is tested against a directory tree made by the test.
public struct InterfaceClassifier: Sendable {
    /// The directory holding one entry per interface (default `/sys/class/net`).
    public var root: URL

    /// Creates a classifier reading `root`.
    public init(root: URL = URL(fileURLWithPath: "/sys/class/net", isDirectory: true)) {
        self.root = root
    }

    // Link-layer types from <linux/if_arp.h>.
    static let typeEthernet = 1
    static let typePPP = 512
    static let typeRawIP = 519
    static let typeLoopback = 772
    static let typeIEEE80211 = 801
    static let typeIEEE80211Radiotap = 803

    /// The kind of `interface`.
    public func kind(of interface: NetworkInterface) -> NetworkInterfaceKind {
        if interface.isLoopback { return .loopbackOnly }
        let directory = Self.isSafeName(interface.name) ? root.appendingPathComponent(interface.name) : nil
        if let directory {
            if exists(directory.appendingPathComponent("wireless"))
                || exists(directory.appendingPathComponent("phy80211"))
            {
                return .wifi
            }
            if let uevent = readSmallFile(directory.appendingPathComponent("uevent")) {
                for line in uevent.split(whereSeparator: \.isNewline) {
                    if line == "DEVTYPE=wlan" { return .wifi }
                    if line == "DEVTYPE=wwan" { return .cellular }
                }
            }
        }
        let name = interface.name.lowercased()
        if name.hasPrefix("wwan") || name.hasPrefix("rmnet") || name.hasPrefix("ccmni") { return .cellular }
        let sysfsType = directory.flatMap { readSmallFile($0.appendingPathComponent("type")) }.flatMap {
            Int($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        switch sysfsType ?? interface.hardwareType {
        case Self.typeLoopback?: return .loopbackOnly
        case Self.typeEthernet?: return .ethernet
        case Self.typeRawIP?: return .cellular
        case Self.typeIEEE80211?, Self.typeIEEE80211Radiotap?: return .wifi
        default: return .other
        }
    }

    /// Whether the interface is backed by a device (`/sys/class/net/<if>/device` exists), as opposed to a
    /// bridge, veth pair, tunnel or other virtual link. Physical interfaces are preferred for the status.
    public func isPhysical(_ interface: NetworkInterface) -> Bool {
        guard Self.isSafeName(interface.name) else { return false }
        return exists(root.appendingPathComponent(interface.name).appendingPathComponent("device"))
    }

    /// The status that a set of interfaces gives: the preferred usable non-loopback interface (physical
    /// before virtual; then Ethernet, Wi-Fi, other, cellular), else loopback only, else unreachable.
    public func status(of interfaces: [NetworkInterface]) -> ReachabilityStatus {
        let usable = interfaces.filter(\.canCarryTraffic)
        let ranked = usable.filter { !$0.isLoopback }.map { interface -> (Int, NetworkInterfaceKind) in
            var kind = self.kind(of: interface)
            if kind == .loopbackOnly { kind = .other }
            let preference: Int
            switch kind {
            case .ethernet: preference = 0
            case .wifi: preference = 1
            case .other, .loopbackOnly: preference = 2
            case .cellular: preference = 3
            }
            return ((isPhysical(interface) ? 0 : 10) + preference, kind)
        }
        if let best = ranked.min(by: { $0.0 < $1.0 }) { return .reachable(via: best.1) }
        if usable.contains(where: \.isLoopback) { return .reachable(via: .loopbackOnly) }
        return .unreachable
    }

    /// Interface names are at most 15 bytes and never contain `/`; anything else is not looked up.
    static func isSafeName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name != "." && name != ".." && !name.contains("/")
            && !name.contains("\0")
    }

    private func exists(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.path)
    }

    private func readSmallFile(_ url: URL) -> String? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: 4096) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }
}
