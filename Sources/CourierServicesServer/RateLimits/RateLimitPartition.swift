/// The bucket a request is counted against: a caller's name and its quota.
public struct RateLimitPartition: Sendable, Hashable {
    /// The caller's name (an API key, "anonymous", a client address).
    public var caller: String
    /// The caller's quota.
    public var quota: RateLimitQuota

    /// Creates a partition.
    public init(caller: String, quota: RateLimitQuota) {
        self.caller = caller
        self.quota = quota
    }
}
