import Foundation

/// Whether this machine has a network, and through what kind of interface (the book's
/// `NotReachable` / `ReachableViaWiFi` / `ReachableViaWWAN`).
///
/// ```swift
/// switch await reachability.currentStatus() {
/// case .unreachable: print("offline")
/// case .reachable(via: .cellular): print("on a metered connection")
/// case .reachable(via: let kind): print("online via \(kind)")
/// }
/// ```
public enum ReachabilityStatus: Hashable, Sendable, CustomStringConvertible {
    /// No interface can carry traffic, not even loopback.
    case unreachable
    /// At least one interface is up, running and has an address; `via` names the preferred one.
    case reachable(via: NetworkInterfaceKind)

    /// Whether any interface, loopback included, can carry traffic.
    public var isReachable: Bool {
        if case .reachable = self { return true }
        return false
    }

    /// Whether hosts beyond this machine may be reachable: an interface other than loopback is usable.
    public var hasNetwork: Bool {
        switch self {
        case .unreachable, .reachable(via: .loopbackOnly): return false
        case .reachable: return true
        }
    }

    /// Whether a connection to `host` can work with this status: a loopback host (`localhost`,
    /// `127.0.0.0/8`, `::1`) needs only loopback, any other host needs a network.
    public func allowsConnection(to host: String?) -> Bool {
        if let host, Self.isLoopbackHost(host) { return isReachable }
        return hasNetwork
    }

    /// `unreachable`, or `reachable via` and the kind of link, for logs and the CLI.
    public var description: String {
        switch self {
        case .unreachable: return "unreachable"
        case .reachable(let kind): return "reachable via \(kind.rawValue)"
        }
    }

    static func isLoopbackHost(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" { return true }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { UInt8($0) != nil }
    }
}

/// The kind of interface a ``ReachabilityStatus`` names.
public enum NetworkInterfaceKind: String, Hashable, Sendable, CaseIterable {
    /// A wireless LAN interface (`/sys/class/net/<if>/wireless` or `phy80211` exists).
    case wifi
    /// A wired (or virtual Ethernet) interface.
    case ethernet
    /// A mobile broadband modem (`wwan*`, `DEVTYPE=wwan`, raw-IP links).
    case cellular
    /// Only the loopback interface is usable: this machine reaches itself and nothing else.
    case loopbackOnly
    /// Anything else: tunnels, PPP, InfiniBand…
    case other
}
