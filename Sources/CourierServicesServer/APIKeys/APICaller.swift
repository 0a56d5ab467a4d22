/// Who is calling, as ``APIKeyMiddleware`` established it.
public enum APICaller: Hashable, Sendable, CustomStringConvertible {
    /// A caller without a key (allowed only when the policy has an anonymous tier).
    case anonymous
    /// A caller with one of the configured keys.
    case key(String)

    /// "anonymous", or "key …" with only the key's first four characters (keys are secrets; logs are not).
    public var description: String {
        switch self {
        case .anonymous: return "anonymous"
        case .key(let key): return "key \(key.prefix(4))…"
        }
    }
}
