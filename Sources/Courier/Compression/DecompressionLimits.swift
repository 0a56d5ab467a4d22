/// Limits on decoding compressed response bodies, against decompression bombs: a small gzip body that
/// expands to gigabytes. A body that crosses a limit fails with
/// ``CourierError/Code/decompressionLimitExceeded`` as soon as it does.
///
/// ```swift
/// var configuration = SessionConfiguration.default
/// configuration.decompressionLimits = DecompressionLimits(maximumDecodedSize: 64 * 1024 * 1024, maximumRatio: 50)
/// ```
public struct DecompressionLimits: Sendable, Hashable {
    /// The most bytes one body may decode to, or `nil` for no limit (default 1 GiB).
    public var maximumDecodedSize: Int64?
    /// The most decoded bytes per compressed byte received so far, or `nil` for no limit (default 100).
    /// Checked once a body has decoded past ``ratioGracePeriod``, so small, very repetitive bodies pass.
    public var maximumRatio: Double?
    /// Decoded bytes before the ratio is checked (default 8 MiB).
    public var ratioGracePeriod: Int64

    /// Creates limits.
    public init(maximumDecodedSize: Int64? = 1 << 30, maximumRatio: Double? = 100, ratioGracePeriod: Int64 = 8 << 20) {
        self.maximumDecodedSize = maximumDecodedSize
        self.maximumRatio = maximumRatio
        self.ratioGracePeriod = ratioGracePeriod
    }

    /// 1 GiB at most, 100:1 at most after the first 8 MiB.
    public static let `default` = DecompressionLimits()
    /// No limits (for trusted servers only).
    public static let unlimited = DecompressionLimits(maximumDecodedSize: nil, maximumRatio: nil)
}
