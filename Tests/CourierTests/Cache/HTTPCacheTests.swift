import CourierTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import Courier

@Suite("HTTP cache storage")
struct HTTPCacheTests {
    static func entry(_ path: String, size: Int, byte: UInt8 = 0x61, headers: HTTPFields = [:]) -> (
        CachedResponse, Request
    ) {
        let url = URL(string: "https://cache.test\(path)")!
        var fields = headers
        if fields[.cacheControl] == nil { fields[.cacheControl] = "max-age=600" }
        let response = Response(status: .ok, headerFields: fields, url: url)
        return (CachedResponse(response: response, data: Data(repeating: byte, count: size)), Request(url: url))
    }

    static func files(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
    }

    @Test func guideSizedMemoryTierEvictsTheLeastRecentlyUsed() {
        let cache = HTTPCache(memoryCapacity: 16 * 1024, diskCapacity: 0)
        for index in 0..<12 {
            let (cached, request) = Self.entry("/\(index)", size: 1500)
            cache.storeCachedResponse(cached, for: request)
            if index >= 1 { _ = cache.cachedResponse(for: Self.entry("/0", size: 0).1) }  // keep /0 in use
        }
        #expect(cache.currentMemoryUsage <= 16 * 1024)
        #expect(cache.cachedResponse(for: Self.entry("/0", size: 0).1)?.data.count == 1500)
        #expect(cache.cachedResponse(for: Self.entry("/11", size: 0).1) != nil)
        #expect(cache.cachedResponse(for: Self.entry("/1", size: 0).1) == nil)
        // A body over a quarter of the tier is not kept at all.
        let (big, bigRequest) = Self.entry("/big", size: 5000)
        cache.storeCachedResponse(big, for: bigRequest)
        #expect(cache.cachedResponse(for: bigRequest) == nil)
    }

    @Test func booksSizesKeepBodiesOnDiskBeyondMemory() async throws {
        try await withTemporaryDirectory { directory async throws in
            let cache = HTTPCache(memoryCapacity: 1024 * 1024, diskCapacity: 20 * 1024 * 1024, directory: directory)
            for index in 0..<30 {
                let (cached, request) = Self.entry("/file\(index)", size: 100_000, byte: UInt8(index))
                cache.storeCachedResponse(cached, for: request)
            }
            #expect(cache.currentMemoryUsage <= 1024 * 1024)
            #expect(cache.currentDiskUsage > 30 * 100_000)
            #expect(cache.currentDiskUsage <= 20 * 1024 * 1024)
            for index in 0..<30 {
                let data = try #require(cache.cachedResponse(for: Self.entry("/file\(index)", size: 0).1)?.data)
                #expect(data == Data(repeating: UInt8(index), count: 100_000))
            }
        }
    }

    @Test func guideSizedDiskTierHoldsLargeEntries() async throws {
        try await withTemporaryDirectory { directory async throws in
            let cache = HTTPCache(memoryCapacity: 16384, diskCapacity: 268_435_456, directory: directory)
            let (cached, request) = Self.entry("/large", size: 3 * 1024 * 1024, byte: 7)
            cache.storeCachedResponse(cached, for: request)
            #expect(cache.currentMemoryUsage == 0)
            let reopened = HTTPCache(memoryCapacity: 16384, diskCapacity: 268_435_456, directory: directory)
            #expect(reopened.cachedResponse(for: request)?.data == cached.data)
        }
    }

    @Test func zeroCapacitiesStoreNothing() {
        let cache = HTTPCache(memoryCapacity: 0, diskCapacity: 0)
        let (cached, request) = Self.entry("/a", size: 10)
        cache.storeCachedResponse(cached, for: request)
        #expect(cache.cachedResponse(for: request) == nil)
        #expect(cache.currentMemoryUsage == 0)
    }

    @Test func theSharedCacheCannotBeZeroedByAccident() {
        let shared = HTTPCache(
            memoryCapacity: 4096, diskCapacity: 0, directory: nil, logger: Logger(label: "test"), writeBudget: nil,
            isShared: true)
        shared.memoryCapacity = 0
        #expect(shared.memoryCapacity == 4096)
        shared.setCapacities(memory: 0, disk: nil, allowingZeroOnSharedCache: false)
        #expect(shared.memoryCapacity == 4096)
        shared.setCapacities(memory: 0, disk: nil, allowingZeroOnSharedCache: true)
        #expect(shared.memoryCapacity == 0)
        // An ordinary cache may be zeroed, which empties it.
        let plain = HTTPCache(memoryCapacity: 4096, diskCapacity: 0)
        let (cached, request) = Self.entry("/a", size: 100)
        plain.storeCachedResponse(cached, for: request)
        plain.memoryCapacity = 0
        #expect(plain.currentMemoryUsage == 0)
        #expect(plain.cachedResponse(for: request) == nil)
        #expect(HTTPCache.shared.memoryCapacity > 0)
    }

    @Test func removeOneAllAndSinceADate() async throws {
        try await withTemporaryDirectory { directory async throws in
            let cache = HTTPCache(memoryCapacity: 1 << 20, diskCapacity: 1 << 22, directory: directory)
            let (old, oldRequest) = Self.entry("/old", size: 100)
            cache.store(
                key: HTTPCache.key(for: oldRequest.url),
                head: CacheEntryHead(
                    response: old.response, request: oldRequest, requestDate: Date(), responseDate: Date(),
                    bodyLength: 100),
                data: old.data, spool: nil, storagePolicy: .allowed, userInfo: [:],
                storedAt: Date(timeIntervalSinceNow: -3600))
            let cutoff = Date(timeIntervalSinceNow: -60)
            for name in ["/a", "/b", "/c"] {
                let (cached, request) = Self.entry(name, size: 100)
                cache.storeCachedResponse(cached, for: request)
            }
            let usageBefore = cache.currentDiskUsage
            cache.removeCachedResponse(for: Self.entry("/a", size: 0).1)
            #expect(cache.cachedResponse(for: Self.entry("/a", size: 0).1) == nil)
            #expect(cache.currentDiskUsage < usageBefore)
            cache.removeCachedResponses(since: cutoff)
            #expect(cache.cachedResponse(for: Self.entry("/b", size: 0).1) == nil)
            #expect(cache.cachedResponse(for: oldRequest) != nil)
            cache.removeAllCachedResponses()
            #expect(cache.cachedResponse(for: oldRequest) == nil)
            #expect(cache.currentMemoryUsage == 0)
            #expect(cache.currentDiskUsage == 0)
            #expect(Self.files(in: directory).allSatisfy { $0 == "index" })
        }
    }

    @Test func entriesSurviveARestartWithUserInfoAndStoragePolicy() async throws {
        try await withTemporaryDirectory { directory async throws in
            let stamp = Date(timeIntervalSince1970: 1_234_567)
            do {
                let cache = HTTPCache(memoryCapacity: 1 << 20, diskCapacity: 1 << 22, directory: directory)
                var (cached, request) = Self.entry("/kept", size: 2000, headers: [.contentType: "text/plain"])
                cached.userInfo = ["Cached Date": stamp, "note": "hello", "count": 3]
                cache.storeCachedResponse(cached, for: request)
                var (memoryOnly, memoryRequest) = Self.entry("/memory", size: 10)
                memoryOnly.storagePolicy = .allowedInMemoryOnly
                cache.storeCachedResponse(memoryOnly, for: memoryRequest)
                #expect(cache.cachedResponse(for: memoryRequest) != nil)
                var (refused, refusedRequest) = Self.entry("/refused", size: 10)
                refused.storagePolicy = .notAllowed
                cache.storeCachedResponse(refused, for: refusedRequest)
                #expect(cache.cachedResponse(for: refusedRequest) == nil)
            }
            let reopened = HTTPCache(memoryCapacity: 1 << 20, diskCapacity: 1 << 22, directory: directory)
            let kept = try #require(reopened.cachedResponse(for: Self.entry("/kept", size: 0).1))
            #expect(kept.data == Data(repeating: 0x61, count: 2000))
            #expect(kept.response.value(forHTTPHeaderField: "Content-Type") == "text/plain")
            #expect(kept.userInfo["Cached Date"] as? Date == stamp)
            #expect(kept.userInfo["note"] as? String == "hello")
            #expect(kept.userInfo["count"] as? Int == 3)
            #expect(reopened.cachedResponse(for: Self.entry("/memory", size: 0).1) == nil)
        }
    }

    enum Damage: String, CaseIterable, Sendable {
        case flipBodyByte, truncateBody, extendBody, flipMetaByte, truncateMeta, emptyMeta, deleteBody
    }

    @Test(arguments: Damage.allCases)
    func aDamagedEntryIsDiscardedNeverServed(damage: Damage) async throws {
        try await withTemporaryDirectory { directory async throws in
            let (cached, request) = Self.entry("/damaged", size: 5000, byte: 0x42)
            HTTPCache(memoryCapacity: 0, diskCapacity: 1 << 22, directory: directory).storeCachedResponse(
                cached, for: request)
            let body = try #require(Self.files(in: directory).first { $0.hasSuffix(".body") })
            let meta = try #require(Self.files(in: directory).first { $0.hasSuffix(".meta") })
            let bodyURL = directory.appendingPathComponent(body)
            let metaURL = directory.appendingPathComponent(meta)
            switch damage {
            case .flipBodyByte:
                var data = try Data(contentsOf: bodyURL)
                data[2500] ^= 0x01
                try data.write(to: bodyURL)
            case .truncateBody:
                try Data(contentsOf: bodyURL).prefix(4000).write(to: bodyURL)
            case .extendBody:
                try (Data(contentsOf: bodyURL) + Data([1, 2, 3])).write(to: bodyURL)
            case .flipMetaByte:
                var data = try Data(contentsOf: metaURL)
                data[data.count / 2] ^= 0x20
                try data.write(to: metaURL)
            case .truncateMeta:
                try Data(contentsOf: metaURL).dropLast(10).write(to: metaURL)
            case .emptyMeta:
                try Data().write(to: metaURL)
            case .deleteBody:
                try FileManager.default.removeItem(at: bodyURL)
            }
            let reopened = HTTPCache(memoryCapacity: 0, diskCapacity: 1 << 22, directory: directory)
            #expect(reopened.cachedResponse(for: request) == nil)
            #expect(!Self.files(in: directory).contains(body))
            #expect(reopened.currentDiskUsage == 0)
        }
    }

    @Test func damageFoundWhileRunningIsDiscardedToo() async throws {
        try await withTemporaryDirectory { directory async throws in
            let cache = HTTPCache(memoryCapacity: 0, diskCapacity: 1 << 22, directory: directory)
            let (cached, request) = Self.entry("/live", size: 3000, byte: 1)
            cache.storeCachedResponse(cached, for: request)
            let bodyURL = directory.appendingPathComponent(
                try #require(Self.files(in: directory).first { $0.hasSuffix(".body") }))
            var data = try Data(contentsOf: bodyURL)
            data[0] = 0xFF
            try data.write(to: bodyURL)
            #expect(cache.cachedResponse(for: request) == nil)
            #expect(cache.currentDiskUsage == 0)
        }
    }

    @Test func aLostOrGarbledIndexIsRebuiltAndLeftoversAreCleanedUp() async throws {
        try await withTemporaryDirectory { directory async throws in
            do {
                let cache = HTTPCache(memoryCapacity: 0, diskCapacity: 1 << 22, directory: directory)
                for name in ["/1", "/2"] {
                    let (cached, request) = Self.entry(name, size: 100)
                    cache.storeCachedResponse(cached, for: request)
                }
            }
            try Data("garbage".utf8).write(to: directory.appendingPathComponent("index"))
            try Data("half-written".utf8).write(to: directory.appendingPathComponent("00000000deadbeef.body.tmp"))
            try Data("orphan".utf8).write(to: directory.appendingPathComponent("00000000000000aa.body"))
            let reopened = HTTPCache(memoryCapacity: 0, diskCapacity: 1 << 22, directory: directory)
            #expect(reopened.cachedResponse(for: Self.entry("/1", size: 0).1) != nil)
            #expect(reopened.cachedResponse(for: Self.entry("/2", size: 0).1) != nil)
            let names = Self.files(in: directory)
            #expect(!names.contains { $0.hasSuffix(".tmp") })
            #expect(!names.contains("00000000000000aa.body"))
        }
    }

    @Test func leastRecentlyUsedOrderSurvivesARestart() async throws {
        try await withTemporaryDirectory { directory async throws in
            let (_, first) = Self.entry("/first", size: 0)
            do {
                let cache = HTTPCache(memoryCapacity: 0, diskCapacity: 25_000, directory: directory)
                for name in ["/first", "/second", "/third"] {
                    let (cached, request) = Self.entry(name, size: 6000)
                    cache.storeCachedResponse(cached, for: request)
                }
                _ = cache.cachedResponse(for: first)  // now /second is the least recently used
                cache.flush()
            }
            let reopened = HTTPCache(memoryCapacity: 0, diskCapacity: 25_000, directory: directory)
            let (fourth, fourthRequest) = Self.entry("/fourth", size: 6000)
            reopened.storeCachedResponse(fourth, for: fourthRequest)
            #expect(reopened.cachedResponse(for: Self.entry("/second", size: 0).1) == nil)
            #expect(reopened.cachedResponse(for: first) != nil)
            #expect(reopened.cachedResponse(for: fourthRequest) != nil)
        }
    }

    @Test func aFullDiskStoresNothingAndLeavesNoFiles() async throws {
        try await withTemporaryDirectory { directory async throws in
            let cache = HTTPCache(
                memoryCapacity: 0, diskCapacity: 1 << 24, directory: directory, logger: Logger(label: "test"),
                writeBudget: CacheWriteBudget(bytes: 20_000), isShared: false)
            let (small, smallRequest) = Self.entry("/small", size: 1000)
            cache.storeCachedResponse(small, for: smallRequest)
            #expect(cache.cachedResponse(for: smallRequest) != nil)
            let (big, bigRequest) = Self.entry("/big", size: 50_000)
            cache.storeCachedResponse(big, for: bigRequest)
            #expect(cache.cachedResponse(for: bigRequest) == nil)
            #expect(!Self.files(in: directory).contains { $0.hasSuffix(".tmp") })
            #expect(cache.cachedResponse(for: smallRequest)?.data == small.data)
        }
    }

    /// A real full file system: a 64 KiB tmpfs mounted under the cache directory (needs root; where mounting is
    /// not permitted the test checks nothing, and ``aFullDiskStoresNothingAndLeavesNoFiles`` covers the case
    /// with an injected failure).
    @Test func aRealFullTmpfsFailsCleanly() async throws {
        try await withTemporaryDirectory { directory async throws in
            guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "courier-cache-test", directory.path]) else {
                return
            }
            defer { _ = Self.run("/bin/umount", [directory.path]) }
            let cache = HTTPCache(memoryCapacity: 0, diskCapacity: 1 << 24, directory: directory)
            let (big, bigRequest) = Self.entry("/big", size: 200_000)
            cache.storeCachedResponse(big, for: bigRequest)
            #expect(cache.cachedResponse(for: bigRequest) == nil)
            #expect(!Self.files(in: directory).contains { $0.hasSuffix(".tmp") || $0.hasSuffix(".body") })
            // The failed temporary is closed and unlinked, but a child another test is spawning at that instant
            // holds a copy of its descriptor until the child's exec closes it, and tmpfs frees the pages only then.
            try await Self.waitForFreeSpace(atLeast: 48 * 1024, in: directory)
            let (small, smallRequest) = Self.entry("/small", size: 1000)
            cache.storeCachedResponse(small, for: smallRequest)
            #expect(cache.cachedResponse(for: smallRequest)?.data == small.data)
        }
    }

    /// Waits (up to 10 s, then returns and lets the test's expectations speak) until the file system holding
    /// `directory` has `bytes` free.
    static func waitForFreeSpace(atLeast bytes: UInt64, in directory: URL) async throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < deadline {
            var information = statvfs()
            if statvfs(directory.path, &information) == 0,
                UInt64(information.f_bavail) * UInt64(information.f_frsize) >= bytes
            {
                return
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    static func run(_ executable: String, _ arguments: [String]) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: executable) else { return false }
        return (try? TestProcess.run(executable, arguments).termination.succeeded) ?? false
    }

    @Test func concurrentUseKeepsTheBooksStraight() async throws {
        try await withTemporaryDirectory { directory async throws in
            let cache = HTTPCache(memoryCapacity: 64 * 1024, diskCapacity: 256 * 1024, directory: directory)
            await withTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        for round in 0..<40 {
                            let (cached, request) = Self.entry(
                                "/\((worker * 7 + round) % 24)", size: 2000 + round, byte: UInt8(worker))
                            if round % 3 == 0 {
                                cache.storeCachedResponse(cached, for: request)
                            } else if let found = cache.cachedResponse(for: request) {
                                #expect(found.data.allSatisfy { $0 == found.data.first })
                            }
                        }
                    }
                }
            }
            #expect(cache.currentMemoryUsage <= 64 * 1024)
            #expect(cache.currentDiskUsage <= 256 * 1024)
        }
    }
}
