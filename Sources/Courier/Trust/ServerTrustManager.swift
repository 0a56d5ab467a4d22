import Foundation

/// Chooses the ``ServerTrustPolicy`` of each host, like Alamofire's `ServerTrustManager`: an exact host
/// name, or a `*.example.com` pattern for its subdomains, mapped to a policy, and a default for every
/// other host.
///
/// A session builds one from ``SessionConfiguration/serverTrustPolicies`` and
/// ``SessionConfiguration/serverTrustPolicy``. Matching ignores case and a trailing dot; an exact entry
/// wins over patterns, and the longest matching pattern wins over shorter ones. `*.example.com` matches
/// `api.example.com` and `a.b.example.com`, not `example.com` itself.
///
/// ```swift
/// let manager = try ServerTrustManager(
///     policies: ["api.example.com": try .pinnedPublicKeys([pin, backupPin]), "*.corp.example": .anchors(pem: [ca])],
///     default: .systemDefault)
/// manager.policy(forHost: "db.corp.example")   // the anchors policy
/// ```
public struct ServerTrustManager: Sendable {
    /// The policy of hosts no entry names.
    public let defaultPolicy: ServerTrustPolicy
    private let table: HostPatterns<ServerTrustPolicy>

    /// Creates a manager.
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` for a pattern that is not a host name, an IP
    ///   address or `*.` followed by a host name (a port, a path, `*` alone or a `*` elsewhere).
    public init(policies: [String: ServerTrustPolicy], default defaultPolicy: ServerTrustPolicy = .systemDefault)
        throws(CourierError)
    {
        self.defaultPolicy = defaultPolicy
        self.table = try HostPatterns(policies, purpose: "a server trust policy")
    }

    /// The policy for a host: its exact entry, else the longest matching pattern, else the default.
    public func policy(forHost host: String) -> ServerTrustPolicy {
        table.value(forHost: host) ?? defaultPolicy
    }

    /// Every policy the manager may answer with.
    var allPolicies: [ServerTrustPolicy] {
        [defaultPolicy] + table.allValues
    }
}
