/// Options of one ``ResourceLoader/load(_:options:)`` call (SDWebImage's `RetryFailed`, `LowPriority`).
public struct ResourceLoadOptions: OptionSet, Sendable, Hashable {
    /// The raw bits.
    public var rawValue: UInt

    /// Creates options from raw bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Load even when the URL failed recently (and forget that failure).
    public static let retryFailed = ResourceLoadOptions(rawValue: 1 << 0)
    /// Queue the network request behind every normal one, and send it with a low request priority.
    public static let lowPriority = ResourceLoadOptions(rawValue: 1 << 1)
}
