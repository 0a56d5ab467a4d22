/// What happened to a published name: the book's `netServiceWillPublish`, `netServiceDidPublish`,
/// `netService(_:didNotPublish:)` and `netServiceDidStop`, plus renames after conflicts.
public enum RegistrationEvent: Hashable, Sendable {
    /// Probing is about to start.
    case willPublish
    /// The name is owned and announced under `identity` (which differs from the request after a rename).
    case didPublish(ServiceIdentity)
    /// A conflict forced a new name; probing starts again under `to`.
    case renamed(from: ServiceIdentity, to: ServiceIdentity)
    /// Publishing failed, e.g. with `collision` when `.noAutoRename` was set.
    case didNotPublish(DiscoveryError)
    /// A client connected to a service published with `.listenForConnections`.
    case didAcceptConnection(AcceptedConnection)
    /// The registration stopped and its goodbyes were sent.
    case didStop
}
