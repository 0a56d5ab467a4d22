import Foundation

/// Values chosen by host: exact names, or `*.example.com` patterns for subdomains.
///
/// Matching ignores case, brackets around IPv6 addresses and a trailing dot; an exact entry wins over
/// patterns, and the longest matching pattern wins over shorter ones. `*.example.com` matches
/// `api.example.com` and `a.b.example.com`, not `example.com` itself.
struct HostPatterns<Value: Sendable>: Sendable {
    private let exact: [String: Value]
    /// Suffixes (`.example.com`) and their values, longest first.
    private let wildcards: [(suffix: String, value: Value)]

    /// - Throws: ``CourierError`` `invalidConfiguration` for a pattern that is not a host name, an IP address
    ///   or `*.` followed by a host name (a port, a path, `*` alone or a `*` elsewhere); `purpose` names
    ///   what the table is for in the message.
    init(_ entries: [String: Value], purpose: String) throws(CourierError) {
        var exact: [String: Value] = [:]
        var wildcards: [(suffix: String, value: Value)] = []
        for (pattern, value) in entries {
            let name = Self.normalize(pattern)
            if name.hasPrefix("*.") {
                let suffix = String(name.dropFirst(1))
                try Self.validate(String(suffix.dropFirst()), pattern: pattern, purpose: purpose)
                wildcards.append((suffix, value))
            } else {
                try Self.validate(name, pattern: pattern, purpose: purpose)
                exact[name] = value
            }
        }
        self.exact = exact
        self.wildcards = wildcards.sorted {
            $0.suffix.count != $1.suffix.count ? $0.suffix.count > $1.suffix.count : $0.suffix < $1.suffix
        }
    }

    /// The value for a host: its exact entry, else the longest matching pattern's, else `nil`.
    func value(forHost host: String) -> Value? {
        let name = Self.normalize(host)
        if let value = exact[name] { return value }
        for (suffix, value) in wildcards where name.hasSuffix(suffix) && name.count > suffix.count {
            return value
        }
        return nil
    }

    /// Every value of the table.
    var allValues: [Value] {
        Array(exact.values) + wildcards.map(\.value)
    }

    static func normalize(_ host: String) -> String {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name.hasSuffix("."), name.count > 1 { name.removeLast() }
        return name
    }

    private static func validate(_ name: String, pattern: String, purpose: String) throws(CourierError) {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._:%"))
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ allowed.contains($0) }), !name.hasPrefix("."),
            !name.contains("..")
        else {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message:
                    "'\(pattern)' is not a host pattern for \(purpose): use a host name (api.example.com), an IP address, or *.example.com for subdomains"
            )
        }
        if name.contains(":"), name.split(separator: ":", omittingEmptySubsequences: false).count < 3 {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "'\(pattern)' names a port; \(purpose) is chosen by host name only")
        }
    }
}
