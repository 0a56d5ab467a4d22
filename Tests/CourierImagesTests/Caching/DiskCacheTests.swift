import Foundation
import Synchronization
import Testing

@testable import CourierImages

/// A clock the tests move by hand.
final class ManualClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(by interval: TimeInterval) { current.withLock { $0 += interval } }

    var function: @Sendable () -> Date { { self.now } }
}

/// A fresh directory under the temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-images-\(UUID().uuidString)")

    func remove() { try? FileManager.default.removeItem(at: url) }
}

@Suite struct DiskCacheTests {
    @Test func storesAndReadsBackByKey() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = DiskCache(directory: directory.url)
        try cache.store(Data("hello".utf8), forKey: "https://example.com/a.png")
        #expect(cache.data(forKey: "https://example.com/a.png") == Data("hello".utf8))
        #expect(cache.data(forKey: "https://example.com/b.png") == nil)
        #expect(cache.totalSize == 5)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.url.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)
    }

    @Test func namesFilesByTheHashOfTheKey() {
        let cache = DiskCache(directory: URL(fileURLWithPath: "/tmp/x"))
        let name = cache.fileURL(forKey: "https://example.com/a.png?token=1").lastPathComponent
        #expect(name.count == 64)
        #expect(name.allSatisfy { $0.isHexDigit })
    }

    @Test func entriesExpireAfterTheMaximumAge() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let cache = DiskCache(directory: directory.url, now: clock.function)
        try cache.store(Data([1, 2, 3]), forKey: "k")
        clock.advance(by: DiskCache.defaultMaximumAge - 60)
        #expect(cache.data(forKey: "k") != nil)
        clock.advance(by: 120)
        #expect(cache.data(forKey: "k") == nil)
        #expect(cache.totalSize == 0)
    }

    @Test func trimsOldestFirstPastTheMaximumSize() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let clock = ManualClock()
        let cache = DiskCache(directory: directory.url, maximumSize: 250, now: clock.function)
        for key in ["first", "second", "third"] {
            try cache.store(Data(repeating: 7, count: 100), forKey: key)
            clock.advance(by: 1)
        }
        #expect(cache.data(forKey: "first") == nil)
        #expect(cache.data(forKey: "second") != nil)
        #expect(cache.data(forKey: "third") != nil)
        #expect(cache.totalSize == 200)
    }

    @Test func removeAndClear() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let cache = DiskCache(directory: directory.url)
        try cache.store(Data([1]), forKey: "a")
        try cache.store(Data([2, 2]), forKey: "b")
        cache.removeData(forKey: "a")
        #expect(cache.data(forKey: "a") == nil)
        #expect(cache.totalSize == 2)
        cache.removeAll()
        #expect(cache.totalSize == 0)
    }
}
