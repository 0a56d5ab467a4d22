/// The current key plus the older versions still accepted when opening, for rotation without
/// breaking clients that have not updated.
///
/// New data is always protected with ``current``; ``key(version:)`` finds the key a message names;
/// ``keysNewestFirst`` is the order to try when a message names none (clients from before
/// versioning).
///
/// ```swift
/// let ring = try KeyRing(
///     current: VersionedKey(identifier: "banking", version: 2, key: keysV2),
///     previous: [VersionedKey(identifier: "banking", version: 1, key: keysV1)]
/// )
/// ```
public struct KeyRing<Key: Sendable>: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable, RedactedDescription
{
    /// The key used to protect new data.
    public let current: VersionedKey<Key>
    /// Older keys, accepted when opening only.
    public let previous: [VersionedKey<Key>]

    /// Creates a key ring.
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` if two keys share a version.
    public init(current: VersionedKey<Key>, previous: [VersionedKey<Key>] = []) throws {
        var seen: Set<Int> = [current.version]
        for key in previous where !seen.insert(key.version).inserted {
            throw SecurityError(.invalidParameter, "key version \(key.version) appears twice in the key ring")
        }
        self.current = current
        self.previous = previous
    }

    /// The key with a given version, if the ring holds it.
    public func key(version: Int) -> VersionedKey<Key>? {
        if current.version == version { return current }
        return previous.first { $0.version == version }
    }

    /// Every key, the current one first and then the rest from newest to oldest.
    public var keysNewestFirst: [VersionedKey<Key>] {
        [current] + previous.sorted { $0.version > $1.version }
    }

    /// `"KeyRing(current v<n>, previous [v…], redacted)"`.
    public var description: String {
        let versions = previous.map { "v\($0.version)" }.joined(separator: ", ")
        return "KeyRing(current v\(current.version), previous [\(versions)], redacted)"
    }

    /// A mirror showing only versions.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["currentVersion": current.version, "previousVersions": previous.map(\.version)],
            displayStyle: .struct
        )
    }
}
