import Foundation
import Logging

/// How a ``ResourceLoader`` schedules and remembers its loads.
public struct ResourceLoaderConfiguration: Sendable {
    /// The most network requests running at once; further ones wait, normal before low priority.
    public var maximumConcurrentRequests: Int
    /// How long a failed URL is refused without ``ResourceLoadOptions/retryFailed``; 10 minutes by default.
    public var failedURLExpiry: TimeInterval
    /// The largest resource accepted, in bytes; a larger answer fails with `dataLengthExceedsMaximum`.
    public var maximumResourceSize: Int
    /// The clock that dates failures (injected by tests).
    public var now: @Sendable () -> Date
    /// Where the loader reports disk-cache write failures.
    public var logger: Logger
    /// Reports scheduling events; tests use it to wait for a state instead of sleeping.
    var events: (@Sendable (ResourceLoaderEvent) -> Void)?

    /// Creates a configuration.
    public init(
        maximumConcurrentRequests: Int = 6,
        failedURLExpiry: TimeInterval = 10 * 60,
        maximumResourceSize: Int = 64 * 1024 * 1024,
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "courier.images.loader")
    ) {
        self.maximumConcurrentRequests = max(1, maximumConcurrentRequests)
        self.failedURLExpiry = failedURLExpiry
        self.maximumResourceSize = maximumResourceSize
        self.now = now
        self.logger = logger
    }
}

/// A scheduling event of a ``ResourceLoader``, for tests.
enum ResourceLoaderEvent: Sendable, Hashable {
    /// A caller joined the shared load of `url` (the first caller included).
    case joined(URL)
    /// The network request of `url` waits for a free slot.
    case queued(URL)
}
