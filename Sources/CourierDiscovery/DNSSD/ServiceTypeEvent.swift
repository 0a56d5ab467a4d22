/// What `browseServiceTypes()` reports.
public enum ServiceTypeEvent: Hashable, Sendable {
    /// A service type is advertised on the link.
    case found(ServiceType)
    /// No instance of the type is advertised any more.
    case removed(ServiceType)
}
