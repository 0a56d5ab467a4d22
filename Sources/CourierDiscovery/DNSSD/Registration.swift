/// A published service. Its ``events`` report probing, renames and stopping; ``stop()`` sends goodbyes.
///
/// ```swift
/// let registration = try await discovery.publish(identity, port: 8080, txt: ["version": "1.0"])
/// for await event in registration.events {
///     if case .didPublish(let final) = event { print("published", final.name) }
/// }
/// ```
public final class Registration: Sendable {
    /// Registration events in order; finishes after `.didStop` or `.didNotPublish`. It holds the newest 256 events
    /// for a slow reader; an older one is dropped, and a dropped `.didAcceptConnection` has its connection closed.
    public let events: AsyncStream<RegistrationEvent>
    /// The identity requested (a rename is reported by `.renamed` and `.didPublish`).
    public let requestedIdentity: ServiceIdentity
    let id: Int
    private let discovery: Discovery

    init(id: Int, identity: ServiceIdentity, events: AsyncStream<RegistrationEvent>, discovery: Discovery) {
        self.id = id
        self.requestedIdentity = identity
        self.events = events
        self.discovery = discovery
    }

    /// Replaces the TXT record; it is announced again without probing.
    ///
    /// - Throws: ``DiscoveryError`` `invalid` when the registration has stopped.
    public func update(txt: TXTRecord) async throws(DiscoveryError) {
        try await discovery.updateTXT(registration: id, txt: txt)
    }

    /// Stops publishing and sends goodbyes (TTL 0) for every record.
    public func stop() async {
        await discovery.unpublish(registration: id)
    }
}
