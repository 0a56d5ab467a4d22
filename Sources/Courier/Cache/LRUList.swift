/// Keys in order of use, least recently used first, with O(1) touch, removal and eviction.
struct LRUList<Key: Hashable & Sendable>: Sendable {
    private struct Links: Sendable {
        var older: Key?
        var newer: Key?
    }

    private var links: [Key: Links] = [:]
    /// The least recently used key.
    private(set) var oldest: Key?
    private var newest: Key?

    var count: Int { links.count }

    func contains(_ key: Key) -> Bool { links[key] != nil }

    /// Marks `key` as the most recently used, adding it when absent.
    mutating func touch(_ key: Key) {
        if links[key] != nil {
            guard newest != key else { return }
            remove(key)
        }
        links[key] = Links(older: newest, newer: nil)
        if let newest { links[newest]?.newer = key }
        newest = key
        if oldest == nil { oldest = key }
    }

    mutating func remove(_ key: Key) {
        guard let removed = links.removeValue(forKey: key) else { return }
        if let older = removed.older { links[older]?.newer = removed.newer } else { oldest = removed.newer }
        if let newer = removed.newer { links[newer]?.older = removed.older } else { newest = removed.older }
    }

    mutating func removeAll() {
        links = [:]
        oldest = nil
        newest = nil
    }

    /// The keys from least to most recently used.
    var keysOldestFirst: [Key] {
        var result: [Key] = []
        result.reserveCapacity(links.count)
        var cursor = oldest
        while let key = cursor {
            result.append(key)
            cursor = links[key]?.newer
        }
        return result
    }
}
