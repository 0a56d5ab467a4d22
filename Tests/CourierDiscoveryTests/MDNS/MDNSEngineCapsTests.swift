import CourierTestSupport
import NIOCore
import Testing

@testable import CourierDiscovery

/// The caps that bound the engine's tables against a flood (spec, "Bad input"), on `EmbeddedChannel` with virtual
/// time: 256 known answers per question, 16 truncated packets per source, 512 sources mid-truncated-query. The
/// floods take a while in a debug build, so they compute off the cooperative pool.
@Suite(.ownThread) struct MDNSEngineCapsTests {
    private let identity = try! ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")
    private var browse: DNSQuestion { DNSQuestion(name: identity.type.domainName, type: .ptr) }
    private var ourPointer: DNSResourceRecord {
        DNSResourceRecord(name: identity.type.domainName, ttl: 4500, data: .ptr(identity.fullName))
    }

    private func truncated(_ message: DNSMessage) -> DNSMessage {
        var message = message
        message.isTruncated = true
        return message
    }

    @Test func aQueryListsAtMost256KnownAnswersForItsQuestion() throws {
        let harness = try MDNSHarness()
        let records = try (0..<300).map { index in
            DNSResourceRecord(
                name: identity.type.domainName, ttl: 4500,
                data: .ptr(try DNSName(labels: ["Shop \(index)"] + identity.type.domainName.labels)))
        }
        for start in stride(from: 0, to: records.count, by: 100) {
            try harness.deliver(.response(answers: Array(records[start..<(start + 100)])))
        }
        _ = harness.handler.startQuery(browse)
        let (_, sent) = try harness.advanceUntilSent(limit: 120)
        // The continuation packets of one query go out together, each flagged TC but the last.
        #expect(sent.count > 1)
        #expect(sent.dropLast().allSatisfy { $0.message.isTruncated })
        #expect(sent.map { $0.message.answers.count }.reduce(0, +) == MDNSEngine.maximumKnownAnswersPerQuestion)
        #expect(MDNSEngine.maximumKnownAnswersPerQuestion == 256)
    }

    /// A truncated query for our PTR, `fillers` truncated continuations, then a last continuation listing our PTR
    /// as a known answer. Within 16 packets the last one is heard and suppresses our answer; the 17th is dropped,
    /// so the answer goes out.
    @Test(arguments: [(14, false), (15, true)])
    func packetsBeyondSixteenOfOneTruncatedQueryAreDropped(fillers: Int, answered: Bool) throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(2))
        try harness.deliver(truncated(.query([browse])))
        for _ in 0..<fillers {
            try harness.deliver(truncated(.query([])))
        }
        try harness.deliver(.query([], knownAnswers: [ourPointer]))
        harness.advance(by: .milliseconds(500))
        #expect(try harness.sent().isEmpty == !answered)
        #expect(MDNSEngine.maximumTruncatedPacketsPerSource == 16)
    }

    @Test func aSourceOverItsCapIsHeardAgainOnceItsQueryIsOver() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(2))
        for _ in 0..<17 {
            try harness.deliver(truncated(.query([])))
        }
        try harness.deliver(truncated(.query([browse])))
        harness.advance(by: .milliseconds(500))
        #expect(try harness.sent().isEmpty)
        harness.advance(by: MDNSEngine.truncatedSourceMemory)
        try harness.deliver(truncated(.query([browse])))
        harness.advance(by: .milliseconds(500))
        #expect(try harness.sent().count == 1)
    }

    /// `busy` other sources are each in the middle of a truncated query when a new one asks for our PTR: while
    /// fewer than 512 are, the new one is answered; at 512 its packet is dropped, until the others' queries are over.
    @Test(arguments: [(511, true), (512, false)])
    func atMost512SourcesAreInTheMiddleOfATruncatedQuery(busy: Int, answered: Bool) throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(2))
        for index in 0..<busy {
            let source = try SocketAddress(ipAddress: "10.1.\(index / 256).\(index % 256)", port: 5353)
            try harness.deliver(truncated(.query([])), from: source)
        }
        try harness.deliver(truncated(.query([browse])))
        harness.advance(by: .milliseconds(500))
        #expect(try harness.sent().isEmpty == !answered)
        #expect(MDNSEngine.maximumTruncatedSources == 512)
        guard answered == false else { return }
        harness.advance(by: MDNSEngine.truncatedSourceMemory)
        try harness.deliver(truncated(.query([browse])))
        harness.advance(by: .milliseconds(500))
        #expect(try harness.sent().count == 1)
    }
}
