import Foundation

/// A porting shim with `NSNetServiceBrowser`'s shape over ``Discovery``.
///
/// ```swift
/// let browser = NetServiceBrowser(discovery: discovery)
/// browser.delegate = self
/// browser.searchForServices(ofType: "_associateHelp._tcp.", inDomain: "")
/// ```
@MainActor
public final class NetServiceBrowser {
    /// The delegate, held weakly.
    public weak var delegate: (any NetServiceBrowserDelegate)?
    private let discovery: Discovery
    private var task: Task<Void, Never>?
    private var browser: ServiceBrowser?

    /// A browser over `discovery`.
    public init(discovery: Discovery) {
        self.discovery = discovery
    }

    /// Searches for instances of `type`, reporting `didFind`/`didRemove` with `moreComing`.
    public func searchForServices(ofType type: String, inDomain domain: String) {
        stop()
        task = Task { [weak self] in
            guard let self else { return }
            do {
                let browser = try await discovery.browse(type: type, domain: domain)
                self.browser = browser
                for await event in browser.events {
                    deliver(event)
                }
            } catch {
                let failure = (error as? DiscoveryError) ?? DiscoveryError(.unknown, "\(error)")
                delegate?.netServiceBrowser(self, didNotSearch: failure.netServicesErrorDictionary)
            }
        }
    }

    /// Searches for browsing domains (`local.` and any the link recommends).
    public func searchForBrowsableDomains() { searchDomains(.browsable) }

    /// Searches for registration domains.
    public func searchForRegistrationDomains() { searchDomains(.registration) }

    /// Stops the search; `netServiceBrowserDidStopSearch` follows.
    public func stop() {
        task?.cancel()
        task = nil
        if let browser {
            self.browser = nil
            Task { await browser.stop() }
            delegate?.netServiceBrowserDidStopSearch(self)
        }
    }

    private func searchDomains(_ kind: DomainKind) {
        stop()
        task = Task { [weak self] in
            guard let self else { return }
            do {
                delegate?.netServiceBrowserWillSearch(self)
                for await domain in try await discovery.browseDomains(kind) {
                    delegate?.netServiceBrowser(self, didFindDomain: domain, moreComing: false)
                }
            } catch {
                let failure = (error as? DiscoveryError) ?? DiscoveryError(.unknown, "\(error)")
                delegate?.netServiceBrowser(self, didNotSearch: failure.netServicesErrorDictionary)
            }
        }
    }

    private func deliver(_ event: BrowseEvent) {
        switch event {
        case .willSearch:
            delegate?.netServiceBrowserWillSearch(self)
        case .found(let identity, let moreComing):
            delegate?.netServiceBrowser(self, didFind: service(for: identity), moreComing: moreComing)
        case .removed(let identity, let moreComing):
            delegate?.netServiceBrowser(self, didRemove: service(for: identity), moreComing: moreComing)
        case .didNotSearch(let error):
            delegate?.netServiceBrowser(self, didNotSearch: error.netServicesErrorDictionary)
        case .didStop:
            break
        }
    }

    private func service(for identity: ServiceIdentity) -> NetService {
        NetService(domain: identity.domain, type: "\(identity.type).", name: identity.name, discovery: discovery)
    }
}
