import NIOCore

/// The schedule of one continuous query (RFC 6762 §5.2): the first query 20–120 ms after starting, then after
/// 1 s, doubling each time, capped at 60 minutes. Another host's identical query counts as ours (§7.3).
struct ContinuousQuery {
    static let firstDelay: ClosedRange<Int64> = 20...120
    static let initialInterval = TimeAmount.seconds(1)
    static let maximumInterval = TimeAmount.minutes(60)

    let question: DNSQuestion
    private(set) var nextSend: NIODeadline
    private(set) var interval: TimeAmount
    private(set) var sentCount = 0

    init(question: DNSQuestion, now: NIODeadline, random: inout MDNSRandom) {
        self.question = question
        self.nextSend = now + random.milliseconds(Self.firstDelay)
        self.interval = Self.initialInterval
    }

    /// Whether a query is due at `now`.
    func isDue(at now: NIODeadline) -> Bool { nextSend <= now }

    /// Records that a query went out (ours, or an identical one of another host) and schedules the next.
    mutating func didQuery(now: NIODeadline) {
        sentCount += 1
        nextSend = now + interval
        interval = min(interval * 2, Self.maximumInterval)
    }

    /// Treats another host's query as ours when it asks the same question by multicast and lists no known answer
    /// that we would not list ourselves (RFC 6762 §7.3). The answers to it then include everything we lack. A
    /// query listing a record we do not hold is not ours: responders stay silent about that record, which is
    /// exactly the one we need to hear (a peer browsing for its own service type lists this host's instance; taking
    /// that query for ours kept a second process from ever asking, so it missed the first one's service).
    mutating func sawForeignQuery(
        _ foreign: DNSQuestion, knownAnswers: [DNSResourceRecord], ours: [DNSResourceRecord], now: NIODeadline
    ) {
        guard foreign.unicastResponse == false, foreign.name == question.name, foreign.type == question.type,
            foreign.recordClass == question.recordClass
        else { return }
        let answersEverythingWeLack = knownAnswers.allSatisfy { record in
            guard question.isAnswered(by: record) else { return true }
            return ours.contains { $0.isSameRecord(as: record) }
        }
        guard answersEverythingWeLack else { return }
        didQuery(now: now)
    }
}
