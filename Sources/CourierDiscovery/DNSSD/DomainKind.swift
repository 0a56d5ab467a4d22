/// Which domains `browseDomains(_:)` lists (RFC 6763 §11).
public enum DomainKind: Sendable, Hashable {
    /// Domains recommended for browsing (`b._dns-sd._udp.local.`).
    case browsable
    /// Domains recommended for registration (`r._dns-sd._udp.local.`).
    case registration
}
