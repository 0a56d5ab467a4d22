/// One compatibility bucket of active versioning: clients from ``minimumClientVersion`` up to the next
/// bucket's minimum are served ``apiVersion``.
public struct CompatibilityBucket: Sendable, Hashable {
    /// The oldest client version in the bucket.
    public var minimumClientVersion: ClientVersion
    /// The API version its clients get.
    public var apiVersion: String

    /// A bucket of clients from `minimumClientVersion` on.
    public init(from minimumClientVersion: ClientVersion, apiVersion: String) {
        self.minimumClientVersion = minimumClientVersion
        self.apiVersion = apiVersion
    }
}
