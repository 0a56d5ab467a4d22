import CourierTestSupport
import NIOCore
import Testing

@testable import CourierDiscovery

/// Querier and cache timing rules on `EmbeddedChannel` with virtual time.
@Suite struct QuerierTimingTests {
    private let typeName = try! DNSName("_associateHelp._tcp.local.")
    private let instance = try! DNSName("Kids Shoes._associateHelp._tcp.local.")

    private var browse: DNSQuestion { DNSQuestion(name: typeName, type: .ptr) }

    private func ptr(ttl: UInt32 = 4500, to target: DNSName? = nil) -> DNSResourceRecord {
        DNSResourceRecord(name: typeName, ttl: ttl, data: .ptr(target ?? instance))
    }

    @Test func firstQueryAfter20To120MillisecondsThenDoublingFromOneSecond() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.startQuery(browse)
        let (first, sent) = try harness.advanceUntilSent(limit: 120)
        #expect((20...120).contains(first))
        #expect(sent.first?.message.questions == [browse])
        var intervals: [Int64] = []
        for _ in 0..<6 {
            let (elapsed, _) = try harness.advanceUntilSent(limit: 40_000)
            intervals.append(elapsed)
        }
        #expect(intervals == [1000, 2000, 4000, 8000, 16000, 32000])
    }

    /// The spec's target of at most 16 queries per browser-hour, counted over three hours of virtual time in
    /// one-second steps: once with nobody answering, once with a responder that answers every query not already
    /// listing its PTR with at least half the TTL (so cache refreshes happen too). Ten thousand steps: off the
    /// cooperative pool.
    @Test(.ownThread, arguments: [false, true])
    func oneBrowserSendsAtMostSixteenQueriesAnHour(answered: Bool) throws {
        let harness = try MDNSHarness()
        _ = harness.handler.startQuery(browse)
        var perHour = [0, 0, 0]
        for second in 1...(3 * 3600) {
            harness.advance(by: .seconds(1))
            for (message, _) in try harness.sent() where message.isResponse == false {
                perHour[(second - 1) / 3600] += 1
                let listed = message.answers.contains { $0.isSameRecord(as: ptr()) && $0.ttl * 2 >= 4500 }
                if answered, message.questions.isEmpty == false, listed == false {
                    try harness.deliver(.response(answers: [ptr()]))
                }
            }
        }
        #expect(perHour.allSatisfy { $0 <= 16 }, "queries per hour: \(perHour)")
        // Backoff alone: at about 0.1, 1, 3, 7, 15, 31, 63, 127, 255, 511, 1023 and 2047 s, then hourly.
        #expect(perHour[0] == 12)
    }

    @Test func intervalIsCappedAtSixtyMinutes() {
        var random = MDNSRandom(seed: 7)
        var query = ContinuousQuery(question: browse, now: .uptimeNanoseconds(0), random: &random)
        for _ in 0..<20 {
            query.didQuery(now: .uptimeNanoseconds(0))
        }
        #expect(query.interval == .minutes(60))
    }

    @Test func anotherHostsIdenticalQueryCountsAsOurs() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.startQuery(browse)
        _ = try harness.advanceUntilSent(limit: 120)
        harness.advance(by: .milliseconds(900))
        try harness.deliver(.query([browse]), from: MDNSHarness.otherPeer)
        // Ours was due 100 ms later; the foreign query took its place, so the next is one 2 s interval away.
        let (elapsed, _) = try harness.advanceUntilSent(limit: 5000)
        #expect(elapsed == 2000)
    }

    @Test func anotherHostsQueryListingARecordWeLackDoesNotCountAsOurs() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.startQuery(browse)
        _ = try harness.advanceUntilSent(limit: 120)
        harness.advance(by: .milliseconds(900))
        // The other host knows an instance we have not heard of: responders will not repeat it to that query, so
        // ours must still go out (RFC 6762 §7.3), when it is due 100 ms later.
        try harness.deliver(.query([browse], knownAnswers: [ptr()]), from: MDNSHarness.otherPeer)
        let (elapsed, _) = try harness.advanceUntilSent(limit: 5000)
        #expect(elapsed == 100)
    }

    @Test func anotherHostsQueryListingOnlyRecordsWeKnowCountsAsOurs() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.startQuery(browse)
        try harness.deliver(.response(answers: [ptr()]))
        _ = try harness.advanceUntilSent(limit: 120)
        harness.advance(by: .milliseconds(900))
        try harness.deliver(.query([browse], knownAnswers: [ptr()]), from: MDNSHarness.otherPeer)
        let (elapsed, _) = try harness.advanceUntilSent(limit: 5000)
        #expect(elapsed == 2000)
    }

    @Test func knownAnswersListRecordsWithMoreThanHalfTheirTTLLeft() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.startQuery(browse)
        try harness.deliver(.response(answers: [ptr(ttl: 10)]))
        let (_, sent) = try harness.advanceUntilSent(limit: 120)
        #expect(sent.first?.message.answers.map(\.data) == [.ptr(instance)])
        #expect(sent.first?.message.answers.first?.cacheFlush == false)
        // Next query at ~1.1 s: 8.9 s of 10 left, still listed; at ~3.1 s: 6.9 s; at ~7.1 s: 2.9 s, not listed.
        var counts: [Int] = []
        for _ in 0..<3 {
            counts.append(try harness.advanceUntilSent(limit: 5000).sent.first?.message.answers.count ?? -1)
        }
        #expect(counts == [1, 1, 0])
    }

    @Test func manyKnownAnswersContinueInTruncatedPackets() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.startQuery(browse)
        var records: [DNSResourceRecord] = []
        for index in 0..<60 {
            records.append(ptr(to: try DNSName(labels: ["Service number \(index) with a long name"] + typeName.labels)))
        }
        try harness.deliver(.response(answers: records))
        let (_, sent) = try harness.advanceUntilSent(limit: 120)
        #expect(sent.count > 1)
        #expect(sent.dropLast().allSatisfy { $0.message.isTruncated })
        #expect(sent.last?.message.isTruncated == false)
        #expect(sent.map { $0.message.answers.count }.reduce(0, +) == 60)
        for (message, _) in sent {
            #expect(try message.encoded().count <= MessagePacker.ipv4Payload)
        }
    }

    @Test func cacheRefreshQueriesAt80To95PercentOfTheTTL() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.startQuery(browse)
        _ = try harness.advanceUntilSent(limit: 120)
        try harness.deliver(.response(answers: [ptr(ttl: 100)]))
        // The continuous query goes out at ~1, 3, 7, 15, 31, 63 s; then refreshes at 80–82, 85–87, 90–92, 95–97 s.
        harness.advance(by: .seconds(64))
        _ = try harness.sent()
        var refreshTimes: [Int64] = []
        var elapsed: Int64 = 64_000
        for _ in 0..<4 {
            let (step, sent) = try harness.advanceUntilSent(limit: 40_000)
            elapsed += step
            #expect(sent.first?.message.questions == [browse])
            refreshTimes.append(elapsed)
        }
        let ranges: [ClosedRange<Int64>] = [80_000...82_100, 85_000...87_100, 90_000...92_100, 95_000...97_100]
        for (time, range) in zip(refreshTimes, ranges) {
            #expect(range.contains(time), "refresh at \(time) ms")
        }
    }

    @Test func goodbyeRemovesTheRecordOneSecondLater() throws {
        let harness = try MDNSHarness()
        try harness.deliver(.response(answers: [ptr()]))
        #expect(harness.takeCacheChanges() == [.added(ptr())])
        try harness.deliver(.response(answers: [ptr(ttl: 0)]))
        harness.advance(by: .milliseconds(999))
        #expect(harness.takeCacheChanges().isEmpty)
        harness.advance(by: .milliseconds(1))
        #expect(harness.takeCacheChanges() == [.removed(ptr())])
    }

    @Test func recordExpiresAtItsTTL() throws {
        let harness = try MDNSHarness()
        try harness.deliver(.response(answers: [ptr(ttl: 5)]))
        _ = harness.takeCacheChanges()
        harness.advance(by: .milliseconds(4999))
        #expect(harness.takeCacheChanges().isEmpty)
        harness.advance(by: .milliseconds(1))
        #expect(harness.takeCacheChanges() == [.removed(ptr(ttl: 5))])
    }

    @Test func cacheFlushExpiresOlderRecordsOfTheSameNameAndTypeInOneSecond() throws {
        let harness = try MDNSHarness()
        let host = try DNSName("shop.local.")
        let old = DNSResourceRecord(name: host, ttl: 120, cacheFlush: true, data: .a([10, 0, 0, 1]))
        let new = DNSResourceRecord(name: host, ttl: 120, cacheFlush: true, data: .a([10, 0, 0, 2]))
        try harness.deliver(.response(answers: [old]))
        harness.advance(by: .seconds(2))
        try harness.deliver(.response(answers: [new]))
        _ = harness.takeCacheChanges()
        harness.advance(by: .seconds(1))
        #expect(harness.takeCacheChanges() == [.removed(old)])
        #expect(
            harness.handler.cachedAnswers(to: DNSQuestion(name: host, type: .a)).map(\.data) == [.a([10, 0, 0, 2])])
    }

    @Test func cacheFlushKeepsRecordsFromTheSameBurst() throws {
        let harness = try MDNSHarness()
        let host = try DNSName("shop.local.")
        let first = DNSResourceRecord(name: host, ttl: 120, cacheFlush: true, data: .a([10, 0, 0, 1]))
        let second = DNSResourceRecord(name: host, ttl: 120, cacheFlush: true, data: .a([10, 0, 0, 2]))
        try harness.deliver(.response(answers: [first]))
        harness.advance(by: .milliseconds(500))
        try harness.deliver(.response(answers: [second]))
        harness.advance(by: .seconds(5))
        #expect(harness.handler.cachedAnswers(to: DNSQuestion(name: host, type: .a)).count == 2)
    }

    @Test func twoUnansweredQueriesRemoveTheRecordAfterTenSeconds() throws {
        let harness = try MDNSHarness()
        try harness.deliver(.response(answers: [ptr()]))
        _ = harness.takeCacheChanges()
        try harness.deliver(.query([browse]), from: MDNSHarness.otherPeer)
        harness.advance(by: .seconds(1))
        try harness.deliver(.query([browse]), from: MDNSHarness.otherPeer)
        harness.advance(by: .milliseconds(9999))
        #expect(harness.takeCacheChanges().isEmpty)
        harness.advance(by: .milliseconds(1))
        #expect(harness.takeCacheChanges() == [.removed(ptr())])
    }

    @Test func answerAfterUnansweredQueriesKeepsTheRecord() throws {
        let harness = try MDNSHarness()
        try harness.deliver(.response(answers: [ptr()]))
        try harness.deliver(.query([browse]), from: MDNSHarness.otherPeer)
        try harness.deliver(.query([browse]), from: MDNSHarness.otherPeer)
        harness.advance(by: .seconds(5))
        try harness.deliver(.response(answers: [ptr()]))
        _ = harness.takeCacheChanges()
        harness.advance(by: .seconds(20))
        #expect(harness.takeCacheChanges().isEmpty)
    }

    @Test func cacheEvictsTheSoonestExpiringRecordAtItsCap() {
        var cache = RecordCache(capacity: 3)
        var random = MDNSRandom(seed: 3)
        let now = NIODeadline.uptimeNanoseconds(0)
        var changes: [RecordCache.Change] = []
        for (index, ttl) in [UInt32(300), 100, 200, 400].enumerated() {
            let record = DNSResourceRecord(name: typeName, ttl: ttl, data: .a([10, 0, 0, UInt8(index)]))
            changes += cache.insert(record, now: now, random: &random)
        }
        #expect(cache.count == 3)
        #expect(changes.contains(.removed(DNSResourceRecord(name: typeName, ttl: 100, data: .a([10, 0, 0, 1])))))
    }

    @Test func ownRecordsAnswerLocalLookups() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.register(.host(label: "shop", addresses: [[127, 0, 0, 1]]), allowsRename: true)
        let answers = harness.handler.cachedAnswers(to: DNSQuestion(name: try DNSName("shop.local."), type: .a))
        #expect(answers.map(\.data) == [.a([127, 0, 0, 1])])
    }

    /// Two hosts with one host name (two network namespaces of one machine): while this engine probes the name,
    /// the other host's address for it is the answer, not ours. Before, a resolve of the other host's service
    /// got this host's own address first and connected to itself.
    @Test func anotherHostsRecordForOurNameIsTheAnswerNotOurs() throws {
        let harness = try MDNSHarness()
        let host = try DNSName("shop.local.")
        _ = harness.handler.register(.host(label: "shop", addresses: [[169, 254, 0, 2]]), allowsRename: true)
        try harness.deliver(
            .response(answers: [DNSResourceRecord(name: host, ttl: 120, cacheFlush: true, data: .a([169, 254, 0, 1]))])
        )
        let answers = harness.handler.cachedAnswers(to: DNSQuestion(name: host, type: .a))
        #expect(answers.map(\.data) == [.a([169, 254, 0, 1])])
    }

    /// A shared record (a PTR) of ours still joins the others': many instances share one service type's name.
    @Test func ownSharedRecordsJoinTheCachedOnes() throws {
        let harness = try MDNSHarness()
        try harness.deliver(.response(answers: [ptr()]))
        let identity = try ServiceIdentity(name: "Ours", type: "_associateHelp._tcp")
        _ = harness.handler.register(
            .service(identity, port: 80, txt: TXTRecord(), host: try DNSName("shop.local.")), allowsRename: true)
        let answers = harness.handler.cachedAnswers(to: DNSQuestion(name: typeName, type: .ptr))
        #expect(answers.count == 2, "\(answers)")
    }
}
