import Foundation

/// What a ``ServiceLocator`` knows after its latest load: the document in use, where it came from, and
/// whether it is stale.
public struct ServiceLocatorStatus: Sendable {
    /// Where the document in use came from.
    public enum Source: Sendable, Hashable {
        /// No document yet.
        case none
        /// Fetched from the locator URL.
        case network
        /// The last good copy kept on disk (the network attempt failed).
        case disk
    }

    /// The document in use, or `nil` before any document could be loaded.
    public var document: ServiceDocument?
    /// Where ``document`` came from.
    public var source: Source
    /// When ``document`` was fetched from the network (for a disk copy: when it was written).
    public var fetchedAt: Date?
    /// `true` when ``document`` is not what the latest load attempt fetched: it is the disk copy of an
    /// offline start, or the latest reload failed and the previous document stays in use.
    public var isStale: Bool
    /// Why the latest load attempt failed, or `nil` when it succeeded.
    public var lastError: ServiceLocatorError?

    /// The status before anything was loaded.
    public static let notLoaded = ServiceLocatorStatus(
        document: nil, source: .none, fetchedAt: nil, isStale: false, lastError: nil)

    /// Creates a status.
    public init(
        document: ServiceDocument?, source: Source, fetchedAt: Date?, isStale: Bool, lastError: ServiceLocatorError?
    ) {
        self.document = document
        self.source = source
        self.fetchedAt = fetchedAt
        self.isStale = isStale
        self.lastError = lastError
    }
}
