import Foundation

/// The two-level cache of a ``ResourceLoader``: a memory LRU bounded by cost and count over an optional
/// ``DiskCache``, both addressed by a key that a configurable function derives from the URL (the default is
/// the whole URL; an application can strip a changing query token so one image is cached once).
///
/// ```swift
/// let cache = ResourceCache(disk: DiskCache(directory: cachesURL), cacheKey: { url in
///     var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
///     parts?.queryItems = parts?.queryItems?.filter { $0.name != "token" }
///     return parts?.string ?? url.absoluteString
/// })
/// ```
public final class ResourceCache: Sendable {
    /// The in-memory level.
    public let memory: MemoryCache<CachedResource>
    /// The on-disk level, when there is one.
    public let disk: DiskCache?
    private let cacheKey: @Sendable (URL) -> String

    /// The default memory bounds: 64 MiB and 500 entries.
    public static let defaultMemoryCostLimit = 64 * 1024 * 1024
    /// The default memory entry count bound.
    public static let defaultMemoryCountLimit = 500

    /// Creates a cache.
    /// - Parameters:
    ///   - memoryCostLimit: The most bytes the memory level holds.
    ///   - memoryCountLimit: The most entries the memory level holds.
    ///   - disk: The disk level; `nil` keeps resources in memory only.
    ///   - cacheKey: The key of a URL in both levels.
    public init(
        memoryCostLimit: Int = ResourceCache.defaultMemoryCostLimit,
        memoryCountLimit: Int = ResourceCache.defaultMemoryCountLimit,
        disk: DiskCache? = nil,
        cacheKey: @escaping @Sendable (URL) -> String = { $0.absoluteString }
    ) {
        self.memory = MemoryCache(costLimit: memoryCostLimit, countLimit: memoryCountLimit)
        self.disk = disk
        self.cacheKey = cacheKey
    }

    /// The key under which `url` is cached.
    public func key(for url: URL) -> String { cacheKey(url) }

    /// Stores `data` in memory and, when `toDisk` is true and there is a disk level, on disk.
    /// - Throws: ``CourierSecurity/AtomicFileError`` when the disk write fails (the memory entry is kept).
    public func store(_ data: Data, forKey key: String, toDisk: Bool = true) throws {
        try store(CachedResource(data: data), forKey: key, toDisk: toDisk)
    }

    /// Stores a sniffed resource in memory and, when `toDisk` is true and there is a disk level, on disk.
    /// - Throws: ``CourierSecurity/AtomicFileError`` when the disk write fails (the memory entry is kept).
    public func store(_ resource: CachedResource, forKey key: String, toDisk: Bool = true) throws {
        memory.setValue(resource, forKey: key, cost: resource.data.count)
        if toDisk, let disk { try disk.store(resource.data, forKey: key) }
    }

    /// The data for `key` and the level it came from: memory first, then disk (a disk hit is put in memory).
    public func data(forKey key: String) -> (data: Data, source: ResourceSource)? {
        resource(forKey: key).map { ($0.resource.data, $0.source) }
    }

    /// The sniffed resource for `key` and the level it came from: memory first, then disk (a disk hit is put
    /// in memory).
    public func resource(forKey key: String) -> (resource: CachedResource, source: ResourceSource)? {
        if let resource = memory.value(forKey: key) { return (resource, .memory) }
        guard let data = disk?.data(forKey: key) else { return nil }
        let resource = CachedResource(data: data)
        memory.setValue(resource, forKey: key, cost: data.count)
        return (resource, .disk)
    }

    /// Removes the entry for `key` from both levels (or from memory only when `fromDisk` is false).
    public func removeData(forKey key: String, fromDisk: Bool = true) {
        memory.removeValue(forKey: key)
        if fromDisk { disk?.removeData(forKey: key) }
    }

    /// Empties both levels (or memory only when `includingDisk` is false).
    public func removeAll(includingDisk: Bool = true) {
        memory.removeAll()
        if includingDisk { disk?.removeAll() }
    }

    /// What the cache holds now.
    public var usage: ResourceCacheUsage {
        ResourceCacheUsage(
            memoryBytes: memory.totalCost, memoryCount: memory.count, diskBytes: disk?.totalSize ?? 0)
    }
}
