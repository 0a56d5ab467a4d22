import Foundation
import NIOCore

/// A porting shim with `NSNetService`'s shape over ``Discovery``: publish, resolve, stop, TXT monitoring and
/// delegate callbacks on the main actor. New code should use ``Discovery`` directly.
///
/// ```swift
/// let service = NetService(domain: "", type: "_associateHelp._tcp.", name: "Kids Shoes", port: 8080,
///                          discovery: discovery)
/// service.delegate = self
/// service.publish()
/// ```
@MainActor
public final class NetService {
    /// The delegate, held weakly as Foundation does.
    public weak var delegate: (any NetServiceDelegate)?
    /// The domain (`local.`).
    public let domain: String
    /// The service type, e.g. `_http._tcp.`.
    public let type: String
    /// The instance name; updated after a rename.
    public private(set) var name: String
    /// The port: given when publishing, learned when resolving; −1 when unknown.
    public private(set) var port: Int
    /// The resolved host name, e.g. `shop.local.`.
    public private(set) var hostName: String?
    /// The resolved addresses.
    public private(set) var socketAddresses: [SocketAddress] = []

    private let discovery: Discovery
    private var txt: TXTRecord = TXTRecord()
    private var registration: Registration?
    private var tasks: [Task<Void, Never>] = []

    /// A service to publish.
    public init(domain: String, type: String, name: String, port: Int32, discovery: Discovery) {
        self.domain = domain
        self.type = type
        self.name = name
        self.port = Int(port)
        self.discovery = discovery
    }

    /// A service to resolve.
    public convenience init(domain: String, type: String, name: String, discovery: Discovery) {
        self.init(domain: domain, type: type, name: name, port: -1, discovery: discovery)
    }

    /// Sets the TXT record from `NSNetService.data(fromTXTRecord:)`-style data; `false` if it does not parse.
    @discardableResult
    public func setTXTRecord(_ data: Data?) -> Bool {
        guard let parsed = try? TXTRecord(data: Array(data ?? Data([0]))) else { return false }
        txt = parsed
        if let registration {
            Task { try? await registration.update(txt: parsed) }
        }
        return true
    }

    /// The TXT record as data.
    public func txtRecordData() -> Data? { Data(txt.data) }

    /// Publishes the service; reports through the delegate.
    public func publish() { publish(options: []) }

    /// Publishes with options (`.noAutoRename`).
    public func publish(options: PublishOptions) {
        tasks.append(
            Task { [weak self] in
                guard let self else { return }
                do {
                    let identity = try ServiceIdentity(name: name, type: type, domain: domain)
                    let registration = try await discovery.publish(identity, port: port, txt: txt, options: options)
                    self.registration = registration
                    for await event in registration.events {
                        self.deliver(event)
                    }
                } catch {
                    delegate?.netService(self, didNotPublish: Self.dictionary(for: error))
                }
            })
    }

    /// Resolves host, port, addresses and TXT, calling `netServiceDidResolveAddress` for each change.
    public func resolve(withTimeout timeout: TimeInterval) {
        tasks.append(
            Task { [weak self] in
                guard let self else { return }
                delegate?.netServiceWillResolve(self)
                do {
                    let identity = try ServiceIdentity(name: name, type: type, domain: domain)
                    let stream = try await discovery.resolve(identity, timeout: .milliseconds(Int64(timeout * 1000)))
                    for try await resolved in stream {
                        hostName = resolved.host.description
                        port = resolved.port
                        socketAddresses = resolved.addresses
                        txt = resolved.txt
                        delegate?.netServiceDidResolveAddress(self)
                    }
                    delegate?.netServiceDidStop(self)
                } catch {
                    delegate?.netService(self, didNotResolve: Self.dictionary(for: error))
                }
            })
    }

    /// Starts reporting TXT changes through `netService(_:didUpdateTXTRecord:)`.
    public func startMonitoring() {
        tasks.append(
            Task { [weak self] in
                guard let self else { return }
                guard let identity = try? ServiceIdentity(name: name, type: type, domain: domain),
                    let stream = try? await discovery.monitorTXT(identity)
                else { return }
                for await record in stream {
                    txt = record
                    delegate?.netService(self, didUpdateTXTRecord: Data(record.data))
                }
            })
    }

    /// Stops monitoring TXT changes (and any other running operation, as Foundation's `stop` would).
    public func stopMonitoring() { stop() }

    /// Stops publishing (sending goodbyes) and resolving.
    public func stop() {
        for task in tasks { task.cancel() }
        tasks = []
        if let registration {
            self.registration = nil
            Task { await registration.stop() }
        }
    }

    /// Parses TXT data into a dictionary, as `NSNetService.dictionary(fromTXTRecord:)`; boolean keys map to empty
    /// data.
    public static func dictionary(fromTXTRecord data: Data) -> [String: Data] {
        guard let record = try? TXTRecord(data: Array(data)) else { return [:] }
        var dictionary: [String: Data] = [:]
        for entry in record.entries {
            dictionary[entry.key] = Data(entry.value ?? [])
        }
        return dictionary
    }

    /// Builds TXT data from a dictionary, as `NSNetService.data(fromTXTRecord:)`; keys are sorted for a stable
    /// result and invalid keys are skipped.
    public static func data(fromTXTRecord dictionary: [String: Data]) -> Data {
        var record = TXTRecord()
        for key in dictionary.keys.sorted() {
            try? record.set(key, to: Array(dictionary[key] ?? Data()))
        }
        return Data(record.data)
    }

    private func deliver(_ event: RegistrationEvent) {
        switch event {
        case .willPublish:
            delegate?.netServiceWillPublish(self)
        case .didPublish(let identity):
            name = identity.name
            delegate?.netServiceDidPublish(self)
        case .renamed(_, let to):
            name = to.name
        case .didNotPublish(let error):
            delegate?.netService(self, didNotPublish: error.netServicesErrorDictionary)
        case .didAcceptConnection(let connection):
            delegate?.netService(self, didAcceptConnection: connection)
        case .didStop:
            delegate?.netServiceDidStop(self)
        }
    }

    private static func dictionary(for error: any Error) -> [String: NSNumber] {
        ((error as? DiscoveryError) ?? DiscoveryError(.unknown, "\(error)")).netServicesErrorDictionary
    }
}
