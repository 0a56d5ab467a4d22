import Foundation

/// Where a ``Reachability`` monitor learns about interfaces: the kernel's rtnetlink socket
/// (``NetlinkRouteSource``), polling `getifaddrs` (``InterfacePollingSource``), or a source of your own —
/// tests feed synthetic netlink messages this way.
public protocol NetworkChangeSource: Sendable {
    /// Starts watching. The stream first describes the current interfaces (then
    /// ``NetworkChangeEvent/synchronized``), then every change. Dropping or cancelling the stream stops the
    /// watch. The stream fails when the source cannot work here (no netlink, no permission); the monitor
    /// then falls back to its polling source.
    func changes() -> AsyncThrowingStream<NetworkChangeEvent, any Error>
}

/// What a ``NetworkChangeSource`` reports.
public enum NetworkChangeEvent: Sendable {
    /// A datagram from an rtnetlink socket: one or more `RTM_NEWLINK`, `RTM_DELLINK`, `RTM_NEWADDR`,
    /// `RTM_DELADDR` (or other) messages, in host byte order. Truncated or garbage bytes are skipped.
    case netlinkMessages([UInt8])
    /// The complete list of interfaces, replacing everything known (polling sources). Implies
    /// ``synchronized``.
    case snapshot([NetworkInterface])
    /// Forget everything known: a complete description follows (after the kernel dropped messages).
    case reset
    /// The current state has been described completely; from now on the status is current.
    case synchronized
}
