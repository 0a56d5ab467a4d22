/// What a browser reports: the book's `netServiceBrowserWillSearch`, `didFind…moreComing:`,
/// `didRemove…moreComing:`, `didNotSearch` and `netServiceBrowserDidStopSearch`.
///
/// `moreComing` is `false` when no other event is already known: the last of one datagram's changes or of the
/// initial cache scan. Nothing is held back to wait for more.
public enum BrowseEvent: Hashable, Sendable {
    /// The browser started.
    case willSearch
    /// A service instance appeared on at least one interface.
    case found(ServiceIdentity, moreComing: Bool)
    /// A service instance is gone from every interface (goodbye or expiry).
    case removed(ServiceIdentity, moreComing: Bool)
    /// Browsing failed to start.
    case didNotSearch(DiscoveryError)
    /// The browser stopped.
    case didStop
}
