import NIOCore

/// The mDNS record cache of one interface (RFC 6762 §5.2, §10): TTL expiry, goodbyes, cache-flush, refresh
/// points at 80/85/90/95 % of the TTL, passive failure detection, and a cap with soonest-expiring eviction.
struct RecordCache {
    /// Avahi's default per-interface cap.
    static let defaultCapacity = 4096
    /// Refresh points, in percent of the TTL; each gets 0–2 % of jitter.
    static let refreshPercents: [Int64] = [80, 85, 90, 95]

    struct Key: Hashable {
        var name: DNSName
        var type: DNSRecordType
        var recordClass: UInt16
        var data: DNSRecordData

        init(_ record: DNSResourceRecord) {
            name = record.name
            type = record.type
            recordClass = record.recordClass
            data = record.data
        }
    }

    struct Entry {
        var record: DNSResourceRecord
        var receivedAt: NIODeadline
        var expiresAt: NIODeadline
        /// Index into ``RecordCache/refreshPercents`` of the next refresh point.
        var refreshStage: Int
        var nextRefresh: NIODeadline?
        /// Queries seen that this record should have answered, with no answer since (RFC 6762 §10.5).
        var unansweredQueries: Int

        /// Seconds of TTL left at `now`, never negative.
        func remainingTTL(at now: NIODeadline) -> UInt32 {
            let left = (expiresAt - now).nanoseconds / 1_000_000_000
            return UInt32(clamping: max(0, left))
        }
    }

    /// What a change did to the set of cached records.
    enum Change: Equatable {
        case added(DNSResourceRecord)
        case updated(DNSResourceRecord)
        case removed(DNSResourceRecord)
    }

    let capacity: Int
    private(set) var entries: [Key: Entry] = [:]

    init(capacity: Int = RecordCache.defaultCapacity) {
        self.capacity = capacity
    }

    var count: Int { entries.count }

    /// Adds or refreshes a received record.
    ///
    /// A TTL of 0 is a goodbye: the record is kept for one more second (RFC 6762 §10.1). A cache-flush record makes
    /// other records of the same name, type and class that are older than one second expire in one second (§10.2).
    mutating func insert(_ record: DNSResourceRecord, now: NIODeadline, random: inout MDNSRandom) -> [Change] {
        let key = Key(record)
        var changes: [Change] = []
        if record.cacheFlush {
            let oneSecondAgo = now - .seconds(1)
            for (otherKey, entry) in entries
            where otherKey.name == key.name && otherKey.type == key.type && otherKey.recordClass == key.recordClass
                && otherKey.data != key.data && entry.receivedAt < oneSecondAgo && entry.expiresAt > now + .seconds(1)
            {
                entries[otherKey]?.expiresAt = now + .seconds(1)
                entries[otherKey]?.nextRefresh = nil
            }
        }
        if record.ttl == 0 {
            if entries[key] != nil {
                entries[key]?.expiresAt = now + .seconds(1)
                entries[key]?.nextRefresh = nil
            }
            return changes
        }
        let expiresAt = now + .seconds(Int64(record.ttl))
        var entry = Entry(
            record: record, receivedAt: now, expiresAt: expiresAt, refreshStage: 0, nextRefresh: nil,
            unansweredQueries: 0)
        entry.nextRefresh = Self.refreshPoint(stage: 0, receivedAt: now, ttl: record.ttl, random: &random)
        if let existing = entries[key] {
            entries[key] = entry
            if existing.record.ttl != record.ttl || existing.record.cacheFlush != record.cacheFlush {
                changes.append(.updated(record))
            }
        } else {
            if entries.count >= capacity, let victim = entries.min(by: { $0.value.expiresAt < $1.value.expiresAt }) {
                entries[victim.key] = nil
                changes.append(.removed(victim.value.record))
            }
            entries[key] = entry
            changes.append(.added(record))
        }
        return changes
    }

    /// Removes records whose time is up and returns them.
    mutating func expire(now: NIODeadline) -> [Change] {
        let expired = entries.filter { $0.value.expiresAt <= now }
        for key in expired.keys {
            entries[key] = nil
        }
        return expired.values.sorted { $0.expiresAt < $1.expiresAt }.map { .removed($0.record) }
    }

    /// Records due for a refresh query at `now`; each advances to its next refresh point.
    mutating func takeRecordsDueForRefresh(now: NIODeadline, random: inout MDNSRandom) -> [DNSResourceRecord] {
        var due: [DNSResourceRecord] = []
        for (key, entry) in entries {
            guard let point = entry.nextRefresh, point <= now else { continue }
            due.append(entry.record)
            let stage = entry.refreshStage + 1
            entries[key]?.refreshStage = stage
            entries[key]?.nextRefresh = Self.refreshPoint(
                stage: stage, receivedAt: entry.receivedAt, ttl: entry.record.ttl, random: &random)
        }
        return due
    }

    /// Notes a query that `record`-holding entries should have answered. After the second unanswered one the entry
    /// expires in ten seconds unless an answer refreshes it (RFC 6762 §10.5).
    mutating func noteUnansweredQuery(for question: DNSQuestion, knownAnswers: [DNSResourceRecord], now: NIODeadline) {
        for (key, entry) in entries where question.isAnswered(by: entry.record) {
            guard knownAnswers.contains(where: { $0.isSameRecord(as: entry.record) }) == false else { continue }
            let count = entry.unansweredQueries + 1
            entries[key]?.unansweredQueries = count
            if count >= 2, entry.expiresAt > now + .seconds(10) {
                entries[key]?.expiresAt = now + .seconds(10)
                entries[key]?.nextRefresh = nil
            }
        }
    }

    /// Cached records that answer `question`, with their remaining TTL filled in.
    func answers(to question: DNSQuestion, now: NIODeadline) -> [DNSResourceRecord] {
        entries.values.filter { $0.expiresAt > now && question.isAnswered(by: $0.record) }
            .sorted { $0.receivedAt < $1.receivedAt }
            .map { entry in
                var record = entry.record
                record.ttl = entry.remainingTTL(at: now)
                return record
            }
    }

    /// Known answers for a query (RFC 6762 §7.1): records with more than half their TTL left, at most `limit`.
    func knownAnswers(to question: DNSQuestion, now: NIODeadline, limit: Int = 256) -> [DNSResourceRecord] {
        let usable = entries.values.filter { entry in
            question.isAnswered(by: entry.record) && entry.remainingTTL(at: now) * 2 > entry.record.ttl
        }
        return usable.sorted { $0.receivedAt < $1.receivedAt }.prefix(limit).map { entry in
            var record = entry.record
            record.ttl = entry.remainingTTL(at: now)
            record.cacheFlush = false
            return record
        }
    }

    /// The entry for exactly this record, if cached.
    func entry(for record: DNSResourceRecord) -> Entry? {
        entries[Key(record)]
    }

    /// The earliest moment anything in the cache needs attention (expiry or refresh).
    var nextDeadline: NIODeadline? {
        var earliest: NIODeadline?
        for entry in entries.values {
            for candidate in [entry.expiresAt, entry.nextRefresh].compactMap({ $0 })
            where earliest.map({ candidate < $0 }) ?? true {
                earliest = candidate
            }
        }
        return earliest
    }

    private static func refreshPoint(stage: Int, receivedAt: NIODeadline, ttl: UInt32, random: inout MDNSRandom)
        -> NIODeadline?
    {
        guard stage < refreshPercents.count else { return nil }
        // Percent of the TTL plus 0–2 % jitter, in milliseconds: ttl s × 10 ms per percent.
        let ttlMilliseconds = Int64(ttl) * 1000
        let base = ttlMilliseconds * refreshPercents[stage] / 100
        let jitter = Int64.random(in: 0...(ttlMilliseconds * 2 / 100), using: &random)
        return receivedAt + .milliseconds(base + jitter)
    }
}
