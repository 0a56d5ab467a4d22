import CourierTestSupport
import Testing

@testable import CourierDiscovery

/// The bounded queue behind browse streams: a reader that keeps up sees every event; one that falls behind gets a
/// fresh snapshot instead of a stream with its oldest events silently gone.
@Suite struct PresenceEventBufferTests {
    typealias BrowseBuffer = PresenceEventBuffer<ServiceIdentity, BrowseEvent>

    private func shop(_ name: String) throws -> ServiceIdentity {
        try ServiceIdentity(name: name, type: "_associateHelp._tcp")
    }

    /// Takes what is queued without waiting (the buffer is finished first, so `next()` ends with `nil`).
    private func drain(_ buffer: BrowseBuffer) async -> [BrowseEvent] {
        buffer.finish()
        var events: [BrowseEvent] = []
        while let event = await buffer.next() {
            events.append(event)
        }
        return events
    }

    @Test func aReaderThatKeepsUpSeesEveryEventInOrder() async throws {
        let buffer = BrowseBuffer.browseEvents(capacity: 4)
        let (a, b) = (try shop("A"), try shop("B"))
        let sent: [BrowseEvent] = [
            .willSearch, .found(a, moreComing: true), .found(b, moreComing: false), .removed(a, moreComing: false),
        ]
        var received: [BrowseEvent] = []
        for event in sent {
            buffer.yield(event)
            received.append(try #require(await buffer.next()))
        }
        #expect(received == sent)
        #expect(buffer.snapshotCount == 0)
    }

    @Test func aReaderThatFellBehindGetsTheCurrentSetInsteadOfTheOldestEvents() async throws {
        let buffer = BrowseBuffer.browseEvents(capacity: 4)
        let (a, b, c) = (try shop("A"), try shop("B"), try shop("C"))
        buffer.yield(.willSearch)
        buffer.yield(.found(a, moreComing: false))
        #expect(await buffer.next() == .willSearch)
        #expect(await buffer.next() == .found(a, moreComing: false))
        // Five changes while the reader is away: A goes, B comes and goes, C comes and goes and comes back.
        for event: BrowseEvent in [
            .removed(a, moreComing: false), .found(b, moreComing: false), .removed(b, moreComing: false),
            .found(c, moreComing: false), .removed(c, moreComing: false), .found(c, moreComing: false),
        ] {
            buffer.yield(event)
        }
        #expect(buffer.snapshotCount == 1)
        let events = await drain(buffer)
        // The sixth change found the reader five behind: what it knew (A) against what was (nothing) is "A removed";
        // C's return queued behind that snapshot. B, which came and went meanwhile, is never mentioned.
        #expect(events == [.removed(a, moreComing: false), .found(c, moreComing: false)])
    }

    @Test func eventsThatAreNotAboutPresenceKeepTheirPlace() async throws {
        let buffer = BrowseBuffer.browseEvents(capacity: 2)
        let names = try (0..<5).map { try shop("Shop \($0)") }
        buffer.yield(.willSearch)
        for name in names {
            buffer.yield(.found(name, moreComing: true))
        }
        let events = await drain(buffer)
        #expect(events.first == .willSearch)
        #expect(Set(events.dropFirst().compactMap { if case .found(let id, _) = $0 { id } else { nil } }) == Set(names))
        #expect(events.count == 6)
    }

    @Test(.ownThread) func theQueueStaysBoundedWhateverTheReaderDoes() async throws {
        let capacity = 16
        let buffer = BrowseBuffer.browseEvents(capacity: capacity)
        let names = try (0..<8).map { try shop("Shop \($0)") }
        var largest = 0
        for round in 0..<10_000 {
            let name = names[round % names.count]
            buffer.yield(round % 3 == 0 ? .removed(name, moreComing: false) : .found(name, moreComing: false))
            largest = max(largest, buffer.queuedCount)
        }
        // At most the capacity plus one snapshot, which is at most the number of services.
        #expect(largest <= capacity + names.count + 1)
        let events = await drain(buffer)
        var present: Set<ServiceIdentity> = []
        for event in events {
            if case .found(let id, _) = event { present.insert(id) }
            if case .removed(let id, _) = event { present.remove(id) }
        }
        var expected: Set<ServiceIdentity> = []
        for round in 0..<10_000 {
            let name = names[round % names.count]
            if round % 3 == 0 { expected.remove(name) } else { expected.insert(name) }
        }
        #expect(present == expected)
    }

    @Test func aWaitingReaderIsWokenByAnEventAndEndedByFinish() async throws {
        let buffer = BrowseBuffer.browseEvents(capacity: 4)
        let a = try shop("A")
        let stream = buffer.makeStream()
        let reader = Task {
            var events: [BrowseEvent] = []
            for await event in stream { events.append(event) }
            return events
        }
        buffer.yield(.found(a, moreComing: false))
        buffer.yield(.didStop)
        buffer.finish()
        #expect(await reader.value == [.found(a, moreComing: false), .didStop])
    }

    @Test func cancellingTheReaderEndsItsWaitAndReportsTermination() async throws {
        let buffer = BrowseBuffer.browseEvents(capacity: 4)
        let (terminated, terminate) = AsyncStream.makeStream(of: Void.self)
        let stream = buffer.makeStream(onTermination: { terminate.yield() })
        let reader = Task {
            for await _ in stream {}
        }
        reader.cancel()
        await reader.value
        var iterator = terminated.makeAsyncIterator()
        let reported: Void? = await iterator.next()
        #expect(reported != nil)
    }

    @Test func linkEventsAndTypeEventsResynchronizeTheSameWay() async throws {
        let a = try shop("A")
        let links = PresenceEventBuffer<LinkBrowseEvent, LinkBrowseEvent>.linkEvents(capacity: 1)
        let onLo = LinkBrowseEvent(kind: .found, identity: a, interface: "lo", isIPv6: false)
        var goneFromLo = onLo
        goneFromLo.kind = .removed
        links.yield(onLo)
        links.yield(goneFromLo)
        links.yield(onLo)
        links.finish()
        #expect(await links.next() == onLo)
        #expect(await links.next() == nil)

        let types = PresenceEventBuffer<ServiceType, ServiceTypeEvent>.serviceTypeEvents(capacity: 1)
        let ipp = try ServiceType("_ipp._tcp")
        types.yield(.found(ipp))
        types.yield(.removed(ipp))
        types.yield(.found(ipp))
        types.finish()
        #expect(await types.next() == .found(ipp))
        #expect(await types.next() == nil)
    }
}
