import Foundation

/// The resources whose last load failed, each remembered until it expires, so that a broken URL on a page
/// is not requested again by every view that shows it.
///
/// Bounded: past ``capacity`` entries, expired ones are dropped, then the oldest.
struct FailedURLList {
    let expiry: TimeInterval
    let capacity: Int
    private var failures: [String: Date] = [:]

    init(expiry: TimeInterval, capacity: Int = 10_000) {
        self.expiry = expiry
        self.capacity = max(1, capacity)
    }

    /// When `key` failed, if that was less than ``expiry`` before `now`; expired entries are forgotten.
    mutating func failure(of key: String, now: Date) -> Date? {
        guard let date = failures[key] else { return nil }
        guard now.timeIntervalSince(date) < expiry else {
            failures[key] = nil
            return nil
        }
        return date
    }

    mutating func record(_ key: String, at date: Date) {
        failures[key] = date
        guard failures.count > capacity else { return }
        failures = failures.filter { date.timeIntervalSince($0.value) < expiry }
        while failures.count > capacity, let oldest = failures.min(by: { $0.value < $1.value }) {
            failures[oldest.key] = nil
        }
    }

    mutating func remove(_ key: String) { failures[key] = nil }

    var count: Int { failures.count }
}
