import Foundation
import Testing

@testable import CourierImages

@Suite struct ResourceCacheTests {
    @Test func readsMemoryFirstThenDiskAndPromotesDiskHits() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ResourceCache(disk: DiskCache(directory: directory.url))
        let png = ImageFixtures.png(width: 2, height: 3)
        try cache.store(png, forKey: "k")
        #expect(cache.data(forKey: "k")?.source == .memory)
        cache.removeAll(includingDisk: false)
        let fromDisk = try #require(cache.resource(forKey: "k"))
        #expect(fromDisk.source == .disk)
        #expect(fromDisk.resource.description.image == ImageDescription(format: .png, width: 2, height: 3))
        #expect(cache.data(forKey: "k")?.source == .memory)
        #expect(cache.usage == ResourceCacheUsage(memoryBytes: png.count, memoryCount: 1, diskBytes: png.count))
    }

    @Test func memoryOnlyStoreSkipsTheDisk() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = ResourceCache(disk: DiskCache(directory: directory.url))
        try cache.store(Data([1, 2]), forKey: "k", toDisk: false)
        #expect(cache.usage.diskBytes == 0)
        cache.removeData(forKey: "k")
        #expect(cache.data(forKey: "k") == nil)
    }

    @Test func keyFunctionCanIgnoreAQueryToken() throws {
        let cache = ResourceCache(cacheKey: { url in
            var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
            parts?.queryItems = nil
            return parts?.string ?? url.absoluteString
        })
        let first = cache.key(for: try #require(URL(string: "https://cdn.example/a.png?token=1")))
        let second = cache.key(for: try #require(URL(string: "https://cdn.example/a.png?token=2")))
        #expect(first == second)
    }
}
