import Testing

@testable import CourierImages

@Suite struct MemoryCacheTests {
    @Test func evictsLeastRecentlyUsedPastTheCountLimit() {
        let cache = MemoryCache<Int>(costLimit: 1_000, countLimit: 3)
        cache.setValue(1, forKey: "a", cost: 1)
        cache.setValue(2, forKey: "b", cost: 1)
        cache.setValue(3, forKey: "c", cost: 1)
        #expect(cache.value(forKey: "a") == 1)  // a is now the most recent
        cache.setValue(4, forKey: "d", cost: 1)
        #expect(cache.value(forKey: "b") == nil)
        #expect(cache.keysByRecency == ["c", "a", "d"])
        #expect(cache.count == 3)
    }

    @Test func evictsOldestUntilTheCostFits() {
        let cache = MemoryCache<String>(costLimit: 100, countLimit: 10)
        cache.setValue("x", forKey: "a", cost: 40)
        cache.setValue("y", forKey: "b", cost: 40)
        cache.setValue("z", forKey: "c", cost: 50)
        #expect(cache.value(forKey: "a") == nil)
        #expect(cache.totalCost == 90)
        cache.setValue("w", forKey: "d", cost: 100)
        #expect(cache.keysByRecency == ["d"])
        #expect(cache.totalCost == 100)
    }

    @Test func refusesAValueCostlierThanTheWholeBudget() {
        let cache = MemoryCache<Int>(costLimit: 10, countLimit: 10)
        cache.setValue(1, forKey: "a", cost: 5)
        cache.setValue(2, forKey: "a", cost: 11)
        #expect(cache.value(forKey: "a") == nil)
        #expect(cache.totalCost == 0)
    }

    @Test func replacingAValueUpdatesTheCost() {
        let cache = MemoryCache<Int>(costLimit: 100, countLimit: 10)
        cache.setValue(1, forKey: "a", cost: 30)
        cache.setValue(2, forKey: "a", cost: 10)
        #expect(cache.totalCost == 10)
        #expect(cache.value(forKey: "a") == 2)
        cache.removeValue(forKey: "a")
        #expect(cache.count == 0)
        #expect(cache.totalCost == 0)
    }

    @Test func reusesSlotsAcrossManyInsertions() {
        let cache = MemoryCache<Int>(costLimit: 1_000_000, countLimit: 8)
        for index in 0..<1_000 { cache.setValue(index, forKey: "k\(index)", cost: 1) }
        #expect(cache.keysByRecency == (992..<1_000).map { "k\($0)" })
        cache.removeAll()
        #expect(cache.count == 0)
    }
}
