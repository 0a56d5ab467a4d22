import Foundation

/// Foundation's `NetServiceDelegate` callbacks, for porting code written against `NSNetService`. Every method has
/// an empty default, as the Objective-C optional methods did.
@MainActor
public protocol NetServiceDelegate: AnyObject {
    /// Publishing is about to start.
    func netServiceWillPublish(_ sender: NetService)
    /// The service is published (its `name` may have changed after a conflict).
    func netServiceDidPublish(_ sender: NetService)
    /// Publishing failed; the dictionary holds `NSNetServicesErrorCode` and `NSNetServicesErrorDomain`.
    func netService(_ sender: NetService, didNotPublish errorDict: [String: NSNumber])
    /// Resolving is about to start.
    func netServiceWillResolve(_ sender: NetService)
    /// An address was resolved; called again as addresses change.
    func netServiceDidResolveAddress(_ sender: NetService)
    /// Resolving failed or timed out.
    func netService(_ sender: NetService, didNotResolve errorDict: [String: NSNumber])
    /// Publishing or resolving stopped.
    func netServiceDidStop(_ sender: NetService)
    /// The monitored TXT record changed.
    func netService(_ sender: NetService, didUpdateTXTRecord data: Data)
    /// A client connected (publishing with `.listenForConnections`); Foundation passes a stream pair instead.
    func netService(_ sender: NetService, didAcceptConnection connection: AcceptedConnection)
}

extension NetServiceDelegate {
    /// Does nothing by default.
    public func netServiceWillPublish(_ sender: NetService) {}
    /// Does nothing by default.
    public func netServiceDidPublish(_ sender: NetService) {}
    /// Does nothing by default.
    public func netService(_ sender: NetService, didNotPublish errorDict: [String: NSNumber]) {}
    /// Does nothing by default.
    public func netServiceWillResolve(_ sender: NetService) {}
    /// Does nothing by default.
    public func netServiceDidResolveAddress(_ sender: NetService) {}
    /// Does nothing by default.
    public func netService(_ sender: NetService, didNotResolve errorDict: [String: NSNumber]) {}
    /// Does nothing by default.
    public func netServiceDidStop(_ sender: NetService) {}
    /// Does nothing by default.
    public func netService(_ sender: NetService, didUpdateTXTRecord data: Data) {}
    /// Does nothing by default; a delegate that takes connections must close them.
    public func netService(_ sender: NetService, didAcceptConnection connection: AcceptedConnection) {}
}
