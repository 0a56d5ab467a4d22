import Foundation
import HTTPTypes
import Logging
import Synchronization

/// Stored responses for a session's ``CacheInterceptor``: a memory tier and a disk tier, each a
/// least-recently-used store with a byte cap — what `URLCache` is to URLSession.
///
/// ```swift
/// // The book's sizes: 1 MB in memory, 20 MB on disk.
/// let cache = HTTPCache(
///     memoryCapacity: 1024 * 1024, diskCapacity: 20 * 1024 * 1024,
///     directory: URL(fileURLWithPath: "/var/cache/myapp/http"))
/// var configuration = SessionConfiguration.default
/// configuration.urlCache = cache
/// ```
///
/// - A capacity of 0 turns a tier off; a tier takes no entry larger than a quarter of its capacity (one
///   response never flushes a whole tier).
/// - Disk entries survive restarts: bodies and descriptions are written crash-safely (temporary file,
///   fsync, rename) and checked by length and CRC-32 when read; a torn or corrupted entry is discarded,
///   never served. Open one `HTTPCache` per directory and share it.
/// - Bodies are stored as the server sent them (compressed bodies stay compressed), with hop-by-hop
///   fields and `Set-Cookie` removed from the head.
/// - ``shared`` cannot be zeroed by accident (the book's `NonZeroingCache`): setting one of its capacities
///   to 0 is refused and logged; ``setCapacities(memory:disk:allowingZeroOnSharedCache:)`` does it on purpose.
///
/// All methods are thread-safe.
public final class HTTPCache: Sendable {
    /// The cache of ``SessionConfiguration/default`` sessions: 4 MiB in memory and 64 MiB on disk under
    /// `$XDG_CACHE_HOME/courier/<executable name>/http-cache` (`~/.cache` when `XDG_CACHE_HOME` is not set).
    /// Nothing touches the disk until it is first used.
    public static let shared = HTTPCache(
        memoryCapacity: 4 * 1024 * 1024, diskCapacity: 64 * 1024 * 1024, directory: defaultDirectory(),
        logger: Logger(label: "courier.cache"), writeBudget: nil, isShared: true)

    /// The directory of the disk tier, or `nil` for a memory-only cache.
    public let directory: URL?
    let logger: Logger
    let isShared: Bool
    private let disk: DiskCacheStore?
    /// Simulates a full disk in tests.
    let writeBudget: CacheWriteBudget?
    private let directoryCreated = Atomic(false)
    private let state: Mutex<State>
    /// Serializes loading the disk tier and writing the index (taken before `state`, never inside it).
    private let diskLock = Mutex(false)

    /// A stored response's bookkeeping. A class, so that a lookup or an update under the lock touches one
    /// record in place instead of copying it out of the dictionary and back; records are read and changed
    /// only under `state`'s lock, and never leave it.
    private final class Record: @unchecked Sendable {
        let id: UInt64
        let key: String
        var head: CacheEntryHead
        let storagePolicy: CachedResponse.StoragePolicy
        let userInfo: [String: any Sendable]
        let storedAt: Date
        let bodyLength: Int64
        let bodyChecksum: UInt32
        var memoryBody: Data?
        let memoryCost: Int
        var diskSize: Int64?

        init(
            id: UInt64, key: String, head: CacheEntryHead, storagePolicy: CachedResponse.StoragePolicy,
            userInfo: [String: any Sendable], storedAt: Date, bodyLength: Int64, bodyChecksum: UInt32,
            memoryBody: Data?, memoryCost: Int, diskSize: Int64?
        ) {
            self.id = id
            self.key = key
            self.head = head
            self.storagePolicy = storagePolicy
            self.userInfo = userInfo
            self.storedAt = storedAt
            self.bodyLength = bodyLength
            self.bodyChecksum = bodyChecksum
            self.memoryBody = memoryBody
            self.memoryCost = memoryCost
            self.diskSize = diskSize
        }
    }

    private struct State: Sendable {
        var memoryCapacity: Int
        var diskCapacity: Int
        var records: [UInt64: Record] = [:]
        var variants: [String: [UInt64]] = [:]
        var memoryLRU = LRUList<UInt64>()
        var diskLRU = LRUList<UInt64>()
        var memoryUsage = 0
        var diskUsage: Int64 = 0
    }

    /// Creates a cache.
    ///
    /// - Parameters:
    ///   - memoryCapacity: Bytes kept in memory (0 for none). The book uses 1 MB, the URL loading guide 16 KB.
    ///   - diskCapacity: Bytes kept on disk (0 for none). The book uses 20 MB, the URL loading guide 256 MB.
    ///   - directory: Where the disk tier lives (created when first needed); `nil` for memory only.
    ///   - logger: Where the cache notes discarded entries and write failures.
    public convenience init(
        memoryCapacity: Int, diskCapacity: Int, directory: URL? = nil,
        logger: Logger = Logger(label: "courier.cache")
    ) {
        self.init(
            memoryCapacity: memoryCapacity, diskCapacity: diskCapacity, directory: directory, logger: logger,
            writeBudget: nil, isShared: false)
    }

    init(
        memoryCapacity: Int, diskCapacity: Int, directory: URL?, logger: Logger, writeBudget: CacheWriteBudget?,
        isShared: Bool
    ) {
        self.directory = directory
        self.logger = logger
        self.isShared = isShared
        self.disk = directory.map { DiskCacheStore(directory: $0, budget: writeBudget) }
        self.writeBudget = writeBudget
        self.state = Mutex(State(memoryCapacity: max(0, memoryCapacity), diskCapacity: max(0, diskCapacity)))
    }

    static func defaultDirectory() -> URL {
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_CACHE_HOME"].flatMap {
                $0.hasPrefix("/") ? URL(fileURLWithPath: $0, isDirectory: true) : nil
            }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        let name = ProcessInfo.processInfo.processName.filter { $0.isLetter || $0.isNumber || "-_.".contains($0) }
        return base.appendingPathComponent("courier/\(name.isEmpty ? "courier" : name)/http-cache", isDirectory: true)
    }

    // MARK: Capacity and usage

    /// Bytes the memory tier may hold. Setting 0 on ``shared`` is refused and logged.
    public var memoryCapacity: Int {
        get { state.withLock { $0.memoryCapacity } }
        set { setCapacities(memory: newValue, disk: nil, allowingZeroOnSharedCache: false) }
    }

    /// Bytes the disk tier may hold. Setting 0 on ``shared`` is refused and logged.
    public var diskCapacity: Int {
        get { state.withLock { $0.diskCapacity } }
        set { setCapacities(memory: nil, disk: newValue, allowingZeroOnSharedCache: false) }
    }

    /// Sets the capacities (`nil` leaves one as it is), evicting least recently used entries to fit.
    ///
    /// - Parameter allowingZeroOnSharedCache: Required to turn a tier of ``shared`` off; without it, a 0 for
    ///   the shared cache is refused and logged (the book's `NonZeroingCache`). Either way the change is logged.
    public func setCapacities(memory: Int?, disk: Int?, allowingZeroOnSharedCache: Bool) {
        var memory = memory.map { max(0, $0) }
        var disk = disk.map { max(0, $0) }
        if isShared {
            if memory == 0 || disk == 0 {
                if allowingZeroOnSharedCache {
                    logger.notice(
                        "the shared HTTP cache was turned off on purpose",
                        metadata: [
                            "memoryCapacity": "\(memory.map(String.init) ?? "unchanged")",
                            "diskCapacity": "\(disk.map(String.init) ?? "unchanged")",
                        ])
                } else {
                    logger.warning(
                        "refused to set a capacity of the shared HTTP cache to 0; call setCapacities(memory:disk:allowingZeroOnSharedCache: true) to turn it off on purpose"
                    )
                    if memory == 0 { memory = nil }
                    if disk == 0 { disk = nil }
                }
            }
        }
        ensureLoaded()
        let removed = state.withLock { state in
            if let memory { state.memoryCapacity = memory }
            if let disk { state.diskCapacity = disk }
            return Self.evict(&state)
        }
        finishRemoval(removed)
    }

    /// Bytes the memory tier holds now.
    public var currentMemoryUsage: Int { state.withLock { $0.memoryUsage } }

    /// Bytes the disk tier holds now (bodies and descriptions).
    public var currentDiskUsage: Int {
        ensureLoaded()
        return Int(state.withLock { $0.diskUsage })
    }

    // MARK: Public operations

    /// The stored response that would answer `request` (same URL, matching `Vary`), whatever its age.
    public func cachedResponse(for request: Request) -> CachedResponse? {
        guard let found = find(request), let body = body(for: found.id) else { return nil }
        return CacheEntry(
            id: found.id, head: found.head, body: body, storagePolicy: found.storagePolicy,
            userInfo: found.userInfo, storedAt: found.storedAt
        ).cachedResponse()
    }

    /// Stores a response for `request` as its storage policy allows, replacing the stored response with
    /// the same URL and `Vary` values.
    public func storeCachedResponse(_ cachedResponse: CachedResponse, for request: Request) {
        let head = CacheEntryHead(
            response: cachedResponse.response, request: request, requestDate: cachedResponse.requestDate,
            responseDate: cachedResponse.responseDate, bodyLength: Int64(cachedResponse.data.count))
        store(
            key: Self.key(for: request.url), head: head, data: cachedResponse.data, spool: cachedResponse.spool,
            storagePolicy: cachedResponse.storagePolicy, userInfo: cachedResponse.userInfo)
    }

    /// Removes every stored response for the request's URL (all its variants).
    public func removeCachedResponse(for request: Request) {
        removeResponses(for: request.url)
    }

    /// Removes everything, in memory and on disk.
    public func removeAllCachedResponses() {
        ensureLoaded()
        let removed: [UInt64] = state.withLock { state in
            let all = state.records.values.compactMap { $0.diskSize != nil ? $0.id : nil }
            state.records = [:]
            state.variants = [:]
            state.memoryLRU.removeAll()
            state.diskLRU.removeAll()
            state.memoryUsage = 0
            state.diskUsage = 0
            return all
        }
        finishRemoval(removed)
    }

    /// Removes the responses stored at or after `date`.
    public func removeCachedResponses(since date: Date) {
        ensureLoaded()
        let removed: [UInt64] = state.withLock { state in
            let ids = state.records.values.filter { $0.storedAt >= date }.map(\.id)
            return ids.compactMap { Self.removeRecord($0, from: &state) }
        }
        finishRemoval(removed)
    }

    /// Writes the disk tier's index now (it is also written whenever entries are added or removed; this
    /// saves the latest order of use too).
    public func flush() {
        writeIndex()
    }

    // MARK: Lookup (for the interceptor)

    /// A stored response's description.
    struct Found: Sendable {
        var id: UInt64
        var head: CacheEntryHead
        var storagePolicy: CachedResponse.StoragePolicy
        var userInfo: [String: any Sendable]
        var storedAt: Date
    }

    static func key(for url: URL) -> String {
        let string = url.absoluteString
        // Searched as bytes: a `Character` search walks grapheme clusters.
        guard let hash = string.utf8.firstIndex(of: UInt8(ascii: "#")) else { return string }
        return String(string[..<hash])
    }

    /// The stored response whose URL and `Vary` values match `request` (most recent first), marked as used.
    func find(_ request: Request) -> Found? {
        ensureLoaded()
        let key = Self.key(for: request.url)
        return state.withLock { state -> Found? in
            guard let ids = state.variants[key] else { return nil }
            for id in ids.reversed() {
                guard let record = state.records[id], record.head.matchesVary(of: request) else { continue }
                if state.memoryLRU.contains(id) { state.memoryLRU.touch(id) }
                if state.diskLRU.contains(id) { state.diskLRU.touch(id) }
                return Found(
                    id: id, head: record.head, storagePolicy: record.storagePolicy, userInfo: record.userInfo,
                    storedAt: record.storedAt)
            }
            return nil
        }
    }

    /// The body of a stored response, checked; `nil` (and the entry discarded) when it is gone or damaged.
    /// Bodies read from disk are promoted to the memory tier when they fit.
    func body(for id: UInt64) -> CacheBody? {
        enum Location {
            case memory(Data)
            case disk(length: Int64, checksum: UInt32)
        }
        let location: Location? = state.withLock { state in
            guard let record = state.records[id] else { return nil }
            if let data = record.memoryBody { return .memory(data) }
            if record.diskSize != nil { return .disk(length: record.bodyLength, checksum: record.bodyChecksum) }
            return nil
        }
        switch location {
        case nil:
            return nil
        case .memory(let data):
            return .data(data)
        case .disk(let length, let checksum):
            guard let disk else { return nil }
            if length <= Self.largestBodyReadWhole {
                if let data = disk.readBody(id, length: length, checksum: checksum) {
                    promote(id, data: data)
                    return .data(data)
                }
            } else if let reader = disk.openVerifiedBody(id, length: length, checksum: checksum) {
                return .file(reader, length: length, checksum: checksum)
            }
            logger.warning(
                "discarded a damaged HTTP cache entry (body length or checksum wrong)",
                metadata: ["entry": "\(DiskCacheStore.name(of: id))"])
            discard(id)
            return nil
        }
    }

    /// Bodies up to this size are read whole when served from disk; larger ones stream from the file.
    static let largestBodyReadWhole: Int64 = 2 * 1024 * 1024

    private func promote(_ id: UInt64, data: Data) {
        let removed = state.withLock { state -> [UInt64] in
            guard let record = state.records[id], record.memoryBody == nil,
                record.storagePolicy != .notAllowed, record.memoryCost <= state.memoryCapacity / 4
            else { return [] }
            record.memoryBody = data
            state.memoryUsage += record.memoryCost
            state.memoryLRU.touch(id)
            return Self.evict(&state)
        }
        finishRemoval(removed)
    }

    /// Removes one entry (damaged, or superseded).
    func discard(_ id: UInt64) {
        let removed = state.withLock { state in Self.removeRecord(id, from: &state).map { [$0] } ?? [] }
        finishRemoval(removed)
    }

    /// Removes every variant stored for a URL (invalidation).
    func removeResponses(for url: URL) {
        ensureLoaded()
        let key = Self.key(for: url)
        let removed: [UInt64] = state.withLock { state in
            (state.variants[key] ?? []).compactMap { Self.removeRecord($0, from: &state) }
        }
        finishRemoval(removed)
    }

    /// After a 304: replaces the stored head (on disk too) and returns the body to serve; `nil` (and the
    /// entry discarded) when the body is gone or damaged. An entry in memory only takes one lock.
    func revalidated(_ id: UInt64, head: CacheEntryHead) -> CacheBody? {
        let inMemory: Data? = state.withLock { state in
            guard let record = state.records[id], record.diskSize == nil, let data = record.memoryBody else {
                return nil
            }
            record.head = head
            return data
        }
        if let inMemory { return .data(inMemory) }
        guard let body = body(for: id) else { return nil }
        updateHead(id, to: head)
        return body
    }

    /// Replaces a stored head (after a 304 or a HEAD), on disk too.
    func updateHead(_ id: UInt64, to head: CacheEntryHead) {
        let meta: DiskCacheStore.Meta? = state.withLock { state in
            guard let record = state.records[id] else { return nil }
            record.head = head
            guard record.diskSize != nil else { return nil }
            return DiskCacheStore.Meta(
                key: record.key, head: head, storedAt: record.storedAt, bodyLength: record.bodyLength,
                bodyChecksum: record.bodyChecksum, storagePolicy: record.storagePolicy, userInfo: record.userInfo)
        }
        guard let meta, let disk else { return }
        do {
            try disk.writeMeta(meta, id: id)
        } catch {
            logger.warning("could not update a cached response on disk; it is dropped", metadata: ["error": "\(error)"])
            discard(id)
        }
    }

    // MARK: Storing

    /// Where bodies are spooled while they stream (the disk tier's directory, created on first use), or
    /// `nil` without a disk tier.
    var spoolDirectory: URL? {
        guard let disk else { return nil }
        if !directoryCreated.load(ordering: .relaxed) {
            do {
                try disk.createDirectory()
                directoryCreated.store(true, ordering: .relaxed)
            } catch {
                logger.warning("could not create the HTTP cache directory", metadata: ["error": "\(error)"])
                return nil
            }
        }
        return disk.directory
    }

    /// The largest body a new entry may have, given the tiers it may use (0 when it cannot be stored).
    func largestStorableBody(policy: CachedResponse.StoragePolicy) -> (memory: Int64, disk: Int64) {
        state.withLock { state in
            let memory = policy == .notAllowed ? 0 : Int64(state.memoryCapacity / 4)
            let disk = policy == .allowed && self.disk != nil ? Int64(state.diskCapacity / 4) : 0
            return (memory, disk)
        }
    }

    /// Stores a response whose body is in memory (`data`) and/or spooled to a finished file (`spool`).
    func store(
        key: String, head: CacheEntryHead, data: Data?, spool: CacheSpool?, storagePolicy: CachedResponse.StoragePolicy,
        userInfo: [String: any Sendable], storedAt: Date = Date()
    ) {
        ensureLoaded()
        defer { spool?.discard() }
        let spool = spool.flatMap { $0.finish() ? $0 : nil }
        guard spool != nil || data != nil else { return }
        let length = spool?.length ?? data.map { Int64($0.count) } ?? 0
        let checksum = spool?.checksum ?? data.map(CacheFile.crc32) ?? 0
        let limits = largestStorableBody(policy: storagePolicy)
        let headCost = head.headerFields.reduce(128) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count + 4 }
        let memoryCost = Int(length) + headCost
        var id = UInt64.random(in: 1...UInt64.max)
        while state.withLock({ $0.records[id] != nil }) { id = UInt64.random(in: 1...UInt64.max) }

        var diskSize: Int64?
        if let disk, storagePolicy == .allowed, length <= limits.disk {
            do {
                try disk.createDirectory()
                if let spool {
                    try spool.publish(to: disk.bodyPath(id))
                } else if let data {
                    try disk.writeBody(data, id: id)
                }
                if data != nil || spool != nil {
                    try disk.writeMeta(
                        DiskCacheStore.Meta(
                            key: key, head: head, storedAt: storedAt, bodyLength: length, bodyChecksum: checksum,
                            storagePolicy: storagePolicy, userInfo: userInfo), id: id)
                    diskSize = disk.diskSize(id)
                }
            } catch {
                logger.warning(
                    "could not write a response to the HTTP cache's disk tier", metadata: ["error": "\(error)"])
                disk.removeEntry(id)
            }
        }
        let memoryBody = storagePolicy != .notAllowed && Int64(memoryCost) <= limits.memory ? data : nil
        let record = Record(
            id: id, key: key, head: head, storagePolicy: storagePolicy, userInfo: userInfo, storedAt: storedAt,
            bodyLength: length, bodyChecksum: checksum, memoryBody: memoryBody, memoryCost: memoryCost,
            diskSize: diskSize)
        let removed: [UInt64] = state.withLock { state in
            // The new response replaces the stored one with the same Vary values (or all of them when it is
            // not stored at all).
            var removed: [UInt64] = []
            for existing in state.variants[key] ?? [] {
                guard let old = state.records[existing] else { continue }
                if old.head.varyingRequestFields == head.varyingRequestFields
                    || old.head.freshness.varyNames != head.freshness.varyNames
                {
                    if let gone = Self.removeRecord(existing, from: &state) { removed.append(gone) }
                }
            }
            guard record.memoryBody != nil || record.diskSize != nil else { return removed }
            state.records[id] = record
            state.variants[key, default: []].append(id)
            if record.memoryBody != nil {
                state.memoryUsage += memoryCost
                state.memoryLRU.touch(id)
            }
            if let diskSize = record.diskSize {
                state.diskUsage += diskSize
                state.diskLRU.touch(id)
            }
            return removed + Self.evict(&state)
        }
        finishRemoval(removed, indexChanged: diskSize != nil)
    }

    // MARK: Bookkeeping

    /// Takes a record out of both tiers; returns its id when it had files on disk, so that they can be
    /// deleted outside the lock.
    private static func removeRecord(_ id: UInt64, from state: inout State) -> UInt64? {
        guard let record = state.records.removeValue(forKey: id) else { return nil }
        if record.memoryBody != nil {
            state.memoryUsage -= record.memoryCost
            state.memoryLRU.remove(id)
        }
        if let size = record.diskSize {
            state.diskUsage -= size
            state.diskLRU.remove(id)
        }
        if var ids = state.variants[record.key] {
            ids.removeAll { $0 == id }
            state.variants[record.key] = ids.isEmpty ? nil : ids
        }
        return record.diskSize != nil ? id : nil
    }

    /// Evicts least recently used entries until both tiers fit their capacities; returns the ids of the
    /// entries whose disk files must go.
    private static func evict(_ state: inout State) -> [UInt64] {
        var removed: [UInt64] = []
        while state.memoryUsage > state.memoryCapacity, let id = state.memoryLRU.oldest {
            state.memoryLRU.remove(id)
            guard let record = state.records[id], record.memoryBody != nil else { continue }
            state.memoryUsage -= record.memoryCost
            record.memoryBody = nil
            if record.diskSize == nil { _ = removeRecord(id, from: &state) }
        }
        while state.diskUsage > Int64(state.diskCapacity), let id = state.diskLRU.oldest {
            state.diskLRU.remove(id)
            guard let record = state.records[id], let size = record.diskSize else { continue }
            removed.append(id)
            state.diskUsage -= size
            record.diskSize = nil
            if record.memoryBody == nil { _ = removeRecord(id, from: &state) }
        }
        return removed
    }

    /// Deletes the files of removed entries (by id) and rewrites the index.
    private func finishRemoval(_ removed: [UInt64], indexChanged: Bool = false) {
        guard let disk else { return }
        var changed = indexChanged
        for id in removed {
            disk.removeEntry(id)
            changed = true
        }
        if changed { writeIndex() }
    }

    private func writeIndex() {
        guard let disk else { return }
        diskLock.withLock { loaded in
            guard loaded else { return }
            let ids = state.withLock { $0.diskLRU.keysOldestFirst }
            do {
                try disk.createDirectory()
                try disk.writeIndex(ids)
            } catch {
                logger.warning("could not write the HTTP cache index", metadata: ["error": "\(error)"])
            }
        }
    }

    /// Reads the disk tier the first time it is needed.
    private func ensureLoaded() {
        guard let disk else { return }
        let loadedNow = diskLock.withLock { loaded -> Bool in
            guard !loaded else { return false }
            loaded = true
            let entries = disk.load()
            state.withLock { state in
                for entry in entries {
                    let meta = entry.meta
                    let record = Record(
                        id: entry.id, key: meta.key, head: entry.head, storagePolicy: .allowed,
                        userInfo: meta.userInfo.mapValues { $0.value },
                        storedAt: Date(timeIntervalSince1970: meta.storedAt), bodyLength: meta.bodyLength,
                        bodyChecksum: meta.bodyChecksum, memoryBody: nil,
                        memoryCost: Int(meta.bodyLength) + 512, diskSize: entry.size)
                    state.records[entry.id] = record
                    state.variants[meta.key, default: []].append(entry.id)
                    state.diskLRU.touch(entry.id)
                    state.diskUsage += entry.size
                }
            }
            return true
        }
        guard loadedNow else { return }
        // Entries beyond a capacity lowered since the last run.
        let removed = state.withLock { Self.evict(&$0) }
        if !removed.isEmpty { finishRemoval(removed) }
    }
}
