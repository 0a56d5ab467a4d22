import Foundation
import Synchronization

/// An in-memory least-recently-used cache bounded both by total cost (bytes, by default) and by entry count.
///
/// Reading an entry makes it the most recently used; storing past either bound evicts the least recently used
/// entries until both hold again. An entry costlier than the whole budget is not kept. Thread-safe; every
/// operation is O(1).
public final class MemoryCache<Value: Sendable>: Sendable {
    /// The largest total cost kept.
    public let costLimit: Int
    /// The largest number of entries kept.
    public let countLimit: Int
    private let state: Mutex<LRUState<Value>>

    /// Creates a cache.
    /// - Parameters:
    ///   - costLimit: The largest total cost (for data, its byte count); at least 0.
    ///   - countLimit: The largest number of entries; at least 0.
    public init(costLimit: Int, countLimit: Int) {
        self.costLimit = max(0, costLimit)
        self.countLimit = max(0, countLimit)
        self.state = Mutex(LRUState())
    }

    /// The value for `key`, made most recently used; `nil` when absent.
    public func value(forKey key: String) -> Value? {
        state.withLock { $0.value(forKey: key) }
    }

    /// Stores `value` with `cost`, replacing any value for `key`, then evicts least recently used entries
    /// until the cost and count limits hold. A value costlier than ``costLimit`` is not kept (and removes the
    /// old value for `key`).
    public func setValue(_ value: Value, forKey key: String, cost: Int) {
        let costLimit = costLimit
        let countLimit = countLimit
        state.withLock { state in
            state.remove(key)
            guard cost <= costLimit, countLimit > 0 else { return }
            state.insert(value, forKey: key, cost: max(0, cost))
            state.evict(costLimit: costLimit, countLimit: countLimit)
        }
    }

    /// Removes the value for `key`, if any.
    public func removeValue(forKey key: String) {
        state.withLock { _ = $0.remove(key) }
    }

    /// Removes every value.
    public func removeAll() {
        state.withLock { $0 = LRUState() }
    }

    /// The total cost of the values held.
    public var totalCost: Int { state.withLock { $0.totalCost } }

    /// The number of values held.
    public var count: Int { state.withLock { $0.entries.count } }

    /// The keys from least to most recently used (for inspection and tests).
    public var keysByRecency: [String] { state.withLock { $0.keysByRecency() } }
}
