import Foundation

/// Foundation's `NetServiceBrowserDelegate` callbacks, each with an empty default.
@MainActor
public protocol NetServiceBrowserDelegate: AnyObject {
    /// The search started.
    func netServiceBrowserWillSearch(_ browser: NetServiceBrowser)
    /// A service appeared.
    func netServiceBrowser(_ browser: NetServiceBrowser, didFind service: NetService, moreComing: Bool)
    /// A service went away.
    func netServiceBrowser(_ browser: NetServiceBrowser, didRemove service: NetService, moreComing: Bool)
    /// A domain was found (domain searches).
    func netServiceBrowser(_ browser: NetServiceBrowser, didFindDomain domainString: String, moreComing: Bool)
    /// The search could not start.
    func netServiceBrowser(_ browser: NetServiceBrowser, didNotSearch errorDict: [String: NSNumber])
    /// The search stopped.
    func netServiceBrowserDidStopSearch(_ browser: NetServiceBrowser)
}

extension NetServiceBrowserDelegate {
    /// Does nothing by default.
    public func netServiceBrowserWillSearch(_ browser: NetServiceBrowser) {}
    /// Does nothing by default.
    public func netServiceBrowser(_ browser: NetServiceBrowser, didFind service: NetService, moreComing: Bool) {}
    /// Does nothing by default.
    public func netServiceBrowser(_ browser: NetServiceBrowser, didRemove service: NetService, moreComing: Bool) {}
    /// Does nothing by default.
    public func netServiceBrowser(_ browser: NetServiceBrowser, didFindDomain domainString: String, moreComing: Bool) {}
    /// Does nothing by default.
    public func netServiceBrowser(_ browser: NetServiceBrowser, didNotSearch errorDict: [String: NSNumber]) {}
    /// Does nothing by default.
    public func netServiceBrowserDidStopSearch(_ browser: NetServiceBrowser) {}
}
