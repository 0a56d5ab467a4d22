import NIOCore
import Testing

@testable import CourierDiscovery

/// Every responder timing rule of the spec on `EmbeddedChannel` with virtual time.
@Suite struct ResponderTimingTests {
    private let identity = try! ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")

    @Test func threeProbes250MillisecondsApartThenOwnedAndAnnounced() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.register(try MDNSHarness.kidsShoes(), allowsRename: true)
        #expect(harness.takeRegistrationEvents() == [.willPublish])
        #expect(try harness.sent().isEmpty)

        let (wait, first) = try harness.advanceUntilSent(limit: 250)  // the initial wait is 0–250 ms
        #expect(wait <= 250)
        var probes = first
        #expect(probes.count == 1)
        for _ in 0..<2 {
            harness.advance(by: .milliseconds(249))
            #expect(try harness.sent().isEmpty)
            harness.advance(by: .milliseconds(1))
            probes += try harness.sent()
        }
        #expect(probes.count == 3)
        for (probe, destination) in probes {
            #expect(destination == MDNSHarness.multicast)
            #expect(probe.isResponse == false)
            #expect(probe.questions == [DNSQuestion(name: identity.fullName, type: .any, unicastResponse: true)])
            #expect(Set(probe.authorities.map(\.type)) == [.srv, .txt])
        }
        harness.advance(by: .milliseconds(249))
        #expect(try harness.sent().isEmpty)
        #expect(harness.takeRegistrationEvents().isEmpty)
        harness.advance(by: .milliseconds(1))
        let announcement = try #require(try harness.sent().first?.message)
        #expect(harness.takeRegistrationEvents() == [.didPublish(identity)])
        #expect(announcement.isResponse && announcement.isAuthoritative)
        #expect(announcement.questions.isEmpty && announcement.authorities.isEmpty)
        #expect(Set(announcement.answers.map(\.type)) == [.ptr, .srv, .txt, .nsec])
        for record in announcement.answers {
            #expect(record.cacheFlush == (record.type != .ptr))
            #expect(record.ttl == ([.srv, .nsec].contains(record.type) ? 120 : 4500))
        }
    }

    @Test func announcesTwiceOneSecondApart() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.register(try MDNSHarness.kidsShoes(), allowsRename: true)
        _ = try harness.advanceUntilSent(limit: 250)
        harness.advance(by: .milliseconds(500))
        #expect(try harness.sent().count == 2)
        let (wait, first) = try harness.advanceUntilSent(limit: 250)
        #expect(wait == 250)
        #expect(first.count == 1)
        #expect(first.first?.message.isResponse == true)
        harness.advance(by: .milliseconds(999))
        #expect(try harness.sent().isEmpty)
        harness.advance(by: .milliseconds(1))
        #expect(try harness.sent().count == 1)
        harness.advance(by: .seconds(60))
        #expect(try harness.sent().isEmpty)
    }

    @Test func conflictWhileProbingRenamesWithParenthesizedNumber() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.register(try MDNSHarness.kidsShoes(), allowsRename: true)
        harness.advance(by: .milliseconds(250))
        _ = try harness.sent()
        let rival = DNSResourceRecord(
            name: identity.fullName, ttl: 120, cacheFlush: true,
            data: .srv(priority: 0, weight: 0, port: 9999, target: try DNSName("rival.local.")))
        try harness.deliver(.response(answers: [rival]))
        let renamed = try identity.renamed("Kids Shoes (2)")
        #expect(harness.takeRegistrationEvents() == [.willPublish, .renamed(from: identity, to: renamed)])
        harness.advance(by: .milliseconds(250 * 4))
        let probes = try harness.sent().filter { $0.message.isResponse == false }
        #expect(probes.count == 3)
        #expect(probes.allSatisfy { $0.message.questions.first?.name == renamed.fullName })
        #expect(harness.takeRegistrationEvents() == [.didPublish(renamed)])
    }

    @Test func secondConflictCountsUp() throws {
        let subject = RegistrationSubject.service(
            try identity.renamed("Kids Shoes (2)"), port: 1, txt: TXTRecord(), host: try DNSName("h.local."))
        guard case .service(let next, _, _, _) = try #require(subject.renamed()) else {
            Issue.record("not a service")
            return
        }
        #expect(next.name == "Kids Shoes (3)")
        guard
            case .host(let label, _) = try #require(RegistrationSubject.host(label: "shop-2", addresses: []).renamed())
        else {
            Issue.record("not a host")
            return
        }
        #expect(label == "shop-3")
    }

    @Test func noAutoRenameReportsCollision() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.register(try MDNSHarness.kidsShoes(), allowsRename: false)
        harness.advance(by: .milliseconds(250))
        let rival = DNSResourceRecord(
            name: identity.fullName, ttl: 4500, cacheFlush: true, data: .txt([Array("other=1".utf8)]))
        try harness.deliver(.response(answers: [rival]))
        let events = harness.takeRegistrationEvents()
        #expect(events.count == 2)
        guard case .didNotPublish(let error) = events.last else {
            Issue.record("expected didNotPublish, got \(events)")
            return
        }
        #expect(error.code == .collision)
        _ = try harness.sent()
        harness.advance(by: .seconds(5))
        #expect(try harness.sent().isEmpty)
    }

    @Test func aNameAnotherResponderWasHeardHoldingIsAConflictBeforeAnyProbe() throws {
        let harness = try MDNSHarness()
        // Another responder's announcement of the name, heard earlier and still live in the cache.
        let rival = DNSResourceRecord(
            name: identity.fullName, ttl: 4500, cacheFlush: true, data: .txt([Array("other=1".utf8)]))
        try harness.deliver(.response(answers: [rival]))
        _ = harness.takeCacheChanges()
        _ = harness.handler.register(try MDNSHarness.kidsShoes(), allowsRename: false)
        harness.advance(by: .milliseconds(250))
        // Refused without a probe: it does not wait for the holder to defend the name in time.
        #expect(try harness.sent().isEmpty)
        guard case .didNotPublish(let error) = harness.takeRegistrationEvents().last else {
            Issue.record("expected didNotPublish")
            return
        }
        #expect(error.code == .collision)

        let renaming = try MDNSHarness()
        try renaming.deliver(.response(answers: [rival]))
        _ = renaming.handler.register(try MDNSHarness.kidsShoes(), allowsRename: true)
        renaming.advance(by: .milliseconds(250))
        let events = renaming.takeRegistrationEvents()
        #expect(events.contains { if case .renamed = $0 { true } else { false } })
    }

    @Test func losingTheTieBreakWaitsOneSecondAndProbesAgain() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.register(try MDNSHarness.kidsShoes(port: 8080), allowsRename: true)
        harness.advance(by: .milliseconds(250))
        _ = try harness.sent()
        // Their SRV has a higher port, so their rdata is lexicographically later: they win.
        var theirs = try RegistrationStateMachine(
            subject: MDNSHarness.kidsShoes(port: 9090), allowsRename: true, unicastProbes: false
        ).probe()
        theirs.questions[0].unicastResponse = false
        try harness.deliver(theirs)
        harness.advance(by: .milliseconds(999))
        #expect(try harness.sent().isEmpty)
        harness.advance(by: .milliseconds(1))
        #expect(try harness.sent().count == 1)
        harness.advance(by: .milliseconds(750))
        #expect(harness.takeRegistrationEvents() == [.willPublish, .didPublish(identity)])
    }

    @Test func winningTheTieBreakKeepsProbing() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.register(try MDNSHarness.kidsShoes(port: 8080), allowsRename: true)
        harness.advance(by: .milliseconds(250))
        _ = try harness.sent()
        let theirs = try RegistrationStateMachine(
            subject: MDNSHarness.kidsShoes(port: 80), allowsRename: true, unicastProbes: false
        ).probe()
        try harness.deliver(theirs)
        harness.advance(by: .milliseconds(250))
        #expect(try harness.sent().count == 1)
        harness.advance(by: .milliseconds(500))
        #expect(harness.takeRegistrationEvents() == [.willPublish, .didPublish(identity)])
    }

    @Test func tieBreakComparesClassTypeThenRdata() throws {
        let name = identity.fullName
        let low = DNSResourceRecord(name: name, ttl: 120, data: .a([10, 0, 0, 1]))
        let high = DNSResourceRecord(name: name, ttl: 120, data: .a([10, 0, 0, 2]))
        let aaaa = DNSResourceRecord(name: name, ttl: 120, data: .aaaa([UInt8](repeating: 0, count: 16)))
        #expect(RegistrationStateMachine.compareProposals([low], [high]) < 0)
        #expect(RegistrationStateMachine.compareProposals([high], [low]) > 0)
        #expect(RegistrationStateMachine.compareProposals([high], [aaaa]) < 0)
        #expect(RegistrationStateMachine.compareProposals([low], [low, high]) < 0)
        #expect(RegistrationStateMachine.compareProposals([low, high], [high, low]) == 0)
    }

    @Test func fifteenConflictsInTenSecondsSpaceProbesFiveSecondsApart() throws {
        var machine = try RegistrationStateMachine(
            subject: MDNSHarness.kidsShoes(), allowsRename: true, unicastProbes: true)
        var random = MDNSRandom(seed: 1)
        var now = NIODeadline.uptimeNanoseconds(1_000_000_000)
        _ = machine.start(now: now, random: &random)
        let rival = DNSResourceRecord(
            name: identity.fullName, ttl: 120, data: .txt([Array("x=1".utf8)]))
        for _ in 0..<15 {
            now = now + .milliseconds(100)
            var claim = rival
            claim.name = machine.subject.uniqueName
            _ = machine.receivedResponse([claim], now: now, random: &random)
        }
        #expect(machine.state == .waitingToProbe(until: now + .seconds(5)))
    }

    @Test func goodbyesCarryTTLZeroForEveryRecord() throws {
        let harness = try MDNSHarness()
        let id = try harness.establishKidsShoes()
        harness.handler.unregister(id)
        let goodbye = try #require(try harness.sent().first?.message)
        #expect(goodbye.answers.count == 5)
        #expect(goodbye.answers.allSatisfy { $0.ttl == 0 })
        #expect(harness.takeRegistrationEvents() == [.didStop])
    }

    @Test func txtChangeIsAnnouncedAgainWithoutProbing() throws {
        let harness = try MDNSHarness()
        let id = try harness.establishKidsShoes()
        harness.handler.updateTXT(id, txt: ["version": "2.0"])
        let first = try harness.sent()
        #expect(first.count == 1)
        #expect(first.first?.message.isResponse == true)
        #expect(first.first?.message.answers.contains { $0.data == .txt([Array("version=2.0".utf8)]) } == true)
        harness.advance(by: .seconds(1))
        #expect(try harness.sent().count == 1)
    }

    @Test func uniqueAnswersGoAtOnceSharedAnswersAfter20To120Milliseconds() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(2))
        try harness.deliver(.query([DNSQuestion(name: identity.fullName, type: .srv)]))
        let unique = try harness.sent()
        #expect(unique.count == 1)
        #expect(unique.first?.message.answers.map(\.type) == [.srv])

        try harness.deliver(.query([DNSQuestion(name: identity.type.domainName, type: .ptr)]))
        harness.advance(by: .milliseconds(19))
        #expect(try harness.sent().isEmpty)
        harness.advance(by: .milliseconds(101))
        let shared = try #require(try harness.sent().first?.message)
        #expect(shared.answers.map(\.type) == [.ptr])
        // The PTR reply brings SRV, TXT and NSEC as additionals.
        #expect(Set(shared.additionals.map(\.type)) == [.srv, .txt, .nsec])
    }

    @Test func recordIsMulticastAtMostOnceASecond() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(2))
        let query = DNSMessage.query([DNSQuestion(name: identity.fullName, type: .srv)])
        try harness.deliver(query)
        #expect(try harness.sent().count == 1)
        harness.advance(by: .milliseconds(500))
        try harness.deliver(query)
        #expect(try harness.sent().isEmpty)
        harness.advance(by: .milliseconds(500))
        try harness.deliver(query)
        #expect(try harness.sent().count == 1)
    }

    @Test func probeForOurNameIsDefendedWithin250Milliseconds() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .milliseconds(250))
        let rivalProbe = try RegistrationStateMachine(
            subject: MDNSHarness.kidsShoes(port: 1), allowsRename: true, unicastProbes: false
        ).probe()
        try harness.deliver(rivalProbe)
        let defence = try #require(try harness.sent().first?.message)
        #expect(Set(defence.answers.map(\.type)) == [.srv, .txt, .nsec])
    }

    @Test func knownAnswerWithAtLeastHalfTheTTLSuppressesTheAnswer() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(2))
        let question = DNSQuestion(name: identity.type.domainName, type: .ptr)
        let known = DNSResourceRecord(name: identity.type.domainName, ttl: 2250, data: .ptr(identity.fullName))
        try harness.deliver(.query([question], knownAnswers: [known]))
        harness.advance(by: .milliseconds(200))
        #expect(try harness.sent().isEmpty)

        var stale = known
        stale.ttl = 2249
        harness.advance(by: .seconds(1))
        try harness.deliver(.query([question], knownAnswers: [stale]))
        harness.advance(by: .milliseconds(120))
        #expect(try harness.sent().count == 1)
    }

    @Test func anotherRespondersAnswerSuppressesOurPendingAnswer() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(2))
        try harness.deliver(.query([DNSQuestion(name: identity.type.domainName, type: .ptr)]))
        let same = DNSResourceRecord(name: identity.type.domainName, ttl: 4500, data: .ptr(identity.fullName))
        try harness.deliver(.response(answers: [same]), from: MDNSHarness.otherPeer)
        harness.advance(by: .milliseconds(120))
        #expect(try harness.sent().isEmpty)
    }

    @Test func truncatedQueryWaits400To500MillisecondsAndHonorsContinuationKnownAnswers() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(2))
        var first = DNSMessage.query([DNSQuestion(name: identity.type.domainName, type: .ptr)])
        first.isTruncated = true
        try harness.deliver(first)
        harness.advance(by: .milliseconds(399))
        #expect(try harness.sent().isEmpty)
        harness.advance(by: .milliseconds(101))
        #expect(try harness.sent().count == 1)

        harness.advance(by: .seconds(2))
        try harness.deliver(first)
        let known = DNSResourceRecord(name: identity.type.domainName, ttl: 4500, data: .ptr(identity.fullName))
        try harness.deliver(.query([], knownAnswers: [known]))
        harness.advance(by: .milliseconds(500))
        #expect(try harness.sent().isEmpty)
    }

    @Test func unicastQuestionGetsUnicastReplyOnlyWhenRecentlyMulticast() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        harness.advance(by: .seconds(1))
        let qu = DNSMessage.query([DNSQuestion(name: identity.fullName, type: .srv, unicastResponse: true)])
        try harness.deliver(qu)
        let unicast = try harness.sent()
        #expect(unicast.count == 1)
        #expect(unicast.first?.to == MDNSHarness.peer)

        // A quarter of the SRV's 120 s TTL later, the reply goes to the group again.
        harness.advance(by: .seconds(30))
        try harness.deliver(qu)
        let multicast = try harness.sent()
        #expect(multicast.count == 1)
        #expect(multicast.first?.to == MDNSHarness.multicast)
    }

    @Test func legacyQueryGetsUnicastReplyEchoingIDAndQuestionWithShortTTL() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        var query = DNSMessage.query([DNSQuestion(name: identity.type.domainName, type: .ptr)])
        query.id = 0x1234
        try harness.deliver(query, from: MDNSHarness.legacyPeer)
        let replies = try harness.sent()
        #expect(replies.count == 1)
        let reply = try #require(replies.first)
        #expect(reply.to == MDNSHarness.legacyPeer)
        #expect(reply.message.id == 0x1234)
        #expect(reply.message.questions == query.questions)
        #expect(reply.message.allRecords.allSatisfy { $0.ttl <= 10 && $0.cacheFlush == false })
        #expect(reply.message.additionals.isEmpty == false)
    }

    @Test func responsesFromOtherPortsAreIgnored() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.register(try MDNSHarness.kidsShoes(), allowsRename: false)
        let rival = DNSResourceRecord(
            name: identity.fullName, ttl: 120, data: .srv(priority: 0, weight: 0, port: 1, target: .root))
        try harness.deliver(.response(answers: [rival]), from: MDNSHarness.legacyPeer)
        #expect(harness.takeRegistrationEvents() == [.willPublish])
    }

    @Test func ownLoopedBackDatagramsAreIgnored() throws {
        let harness = try MDNSHarness()
        _ = harness.handler.startQuery(DNSQuestion(name: identity.type.domainName, type: .ptr))
        let (_, sent) = try harness.advanceUntilSent(limit: 120)
        let query = try #require(sent.first?.message)
        // Looped back from our own address it is ignored; from another host it would count as ours (§7.3).
        try harness.deliver(query, from: MDNSHarness.ownAddress)
        let (elapsed, _) = try harness.advanceUntilSent(limit: 5000)
        #expect(elapsed == 1000)
    }

    @Test func theSameQueryFromAnotherProcessOnThisHostIsAnswered() throws {
        let harness = try MDNSHarness()
        _ = try harness.establishKidsShoes()
        // Past the one-multicast-per-second limit of the announcements.
        harness.advance(by: .seconds(1))
        _ = try harness.sent()
        _ = harness.handler.startQuery(DNSQuestion(name: identity.type.domainName, type: .ptr))
        let (_, sent) = try harness.advanceUntilSent(limit: 120)
        let query = try #require(sent.first?.message)
        // Our own copy, looped back: ignored.
        try harness.deliver(query, from: MDNSHarness.ownAddress)
        harness.advance(by: .milliseconds(200))
        #expect(try harness.sent().contains { $0.message.isResponse } == false)
        // The same bytes once more from this host's address: another process browsing the same type with the same
        // known answers. It must be answered.
        try harness.deliver(query, from: MDNSHarness.ownAddress)
        harness.advance(by: .milliseconds(200))
        let answers = try harness.sent().filter { $0.message.isResponse }.flatMap(\.message.answers)
        #expect(answers.contains { $0.data == .ptr(identity.fullName) })
    }

    @Test func malformedDatagramsAreDroppedAndCounted() throws {
        let harness = try MDNSHarness()
        try harness.deliver(bytes: [0, 0, 0x84, 0, 0, 0, 0, 9, 0, 0, 0, 0, 0xC0, 0x0C])
        try harness.deliver(bytes: [1, 2, 3])
        #expect(harness.handler.droppedDatagrams == 2)
        #expect(harness.takeCacheChanges().isEmpty)
    }

    @Test func sharingThePortMakesProbesMulticastOnly() throws {
        var configuration = MDNSEngine.Configuration()
        configuration.sharesPortWithAnotherResponder = true
        let harness = try MDNSHarness(configuration: configuration)
        _ = harness.handler.register(try MDNSHarness.kidsShoes(), allowsRename: true)
        harness.advance(by: .milliseconds(250))
        #expect(try harness.sent().first?.message.questions.first?.unicastResponse == false)
    }

    @Test func hostConflictRenamesHostAndServicesFollow() throws {
        let harness = try MDNSHarness()
        let host = RegistrationSubject.host(label: "shop", addresses: [[169, 254, 77, 1]])
        _ = harness.handler.register(host, allowsRename: true)
        _ = harness.handler.register(try MDNSHarness.kidsShoes(), allowsRename: true)
        harness.advance(by: .milliseconds(250))
        let rival = DNSResourceRecord(
            name: try DNSName("shop.local."), ttl: 120, cacheFlush: true, data: .a([169, 254, 77, 9]))
        try harness.deliver(.response(answers: [rival]))
        harness.advance(by: .seconds(3))
        let announcements = try harness.sent().filter { $0.message.isResponse }.map(\.message)
        let renamedHost = try DNSName("shop-2.local.")
        #expect(announcements.contains { $0.answers.contains { $0.name == renamedHost && $0.type == .a } })
        let targets = announcements.flatMap(\.answers).compactMap { record -> DNSName? in
            if case .srv(_, _, _, let target) = record.data { return target }
            return nil
        }
        #expect(targets.isEmpty == false)
        #expect(targets.allSatisfy { $0 == renamedHost })
    }
}
