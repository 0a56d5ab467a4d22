import NIOCore

/// The multicast DNS querier and responder of one interface as a pure state machine: messages and the current time
/// go in; datagrams to send, registration events and cache changes come out. The channel handler owns the clock
/// and the socket; tests drive this type with a virtual clock.
struct MDNSEngine {
    /// Settings that do not change while the engine runs.
    struct Configuration {
        /// Whether another responder (avahi-daemon) shares port 5353: then Courier asks only for multicast replies,
        /// because a unicast reply would reach just one of the sockets.
        var sharesPortWithAnotherResponder = false
        /// The payload that fits the interface's MTU.
        var maximumPayload = MessagePacker.ipv4Payload
        /// The cache cap.
        var cacheCapacity = RecordCache.defaultCapacity
        /// The mDNS port; responses count only from it, queries from other ports are legacy unicast.
        var port = 5353
        /// The RNG seed for jittered delays.
        var randomSeed: UInt64 = 0x436F_7572_6965_72
    }

    /// Where a datagram goes.
    enum Destination: Hashable {
        case multicast
        case unicast(SocketAddress)
    }

    /// What the engine asks its owner to do or report.
    enum Output: Equatable {
        case send(DNSMessage, Destination)
        case registration(Int, RegistrationEvent)
        case cache(RecordCache.Change)
    }

    /// A shared answer waiting for its random delay, so that other responders' identical answers can suppress it.
    private struct PendingResponse {
        var answers: [DNSResourceRecord]
        var deadline: NIODeadline
        /// Set for a truncated query: its continuation packets may still suppress answers.
        var truncatedSource: SocketAddress?
    }

    static let legacyTTL: UInt32 = 10
    static let sharedDelay: ClosedRange<Int64> = 20...120
    static let truncatedDelay: ClosedRange<Int64> = 400...500
    static let multicastInterval = TimeAmount.seconds(1)
    static let defendingInterval = TimeAmount.milliseconds(250)
    static let maximumTruncatedPacketsPerSource = 16
    static let maximumTruncatedSources = 512
    /// How long a truncated query's continuations are awaited: answers to it go out within 500 ms, so a source
    /// silent for longer has finished (or lost a packet) and is forgotten, freeing its place in the table.
    static let truncatedSourceMemory = TimeAmount.seconds(1)
    static let maximumKnownAnswersPerQuestion = 256

    let configuration: Configuration
    private(set) var cache: RecordCache
    private(set) var registrations: [Int: RegistrationStateMachine] = [:]
    private(set) var queries: [Int: ContinuousQuery] = [:]
    private var pending: [PendingResponse] = []
    private var lastMulticast: [RecordCache.Key: NIODeadline] = [:]
    /// Sources in the middle of a truncated query: packets seen and the last one's arrival.
    private var truncatedPackets: [SocketAddress: (count: Int, lastSeen: NIODeadline)] = [:]
    private var random: MDNSRandom
    private var nextID = 1

    init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        self.cache = RecordCache(capacity: configuration.cacheCapacity)
        self.random = MDNSRandom(seed: configuration.randomSeed)
    }

    // MARK: Registrations

    /// Starts probing for a subject; returns its ID for later calls.
    mutating func register(_ subject: RegistrationSubject, allowsRename: Bool, now: NIODeadline) -> (Int, [Output]) {
        let id = takeID()
        var subject = subject
        // A service points at the host name this engine actually holds, which a conflict may have renamed.
        if case .service(let identity, let port, let txt, _) = subject,
            let host = registrations.values.first(where: { if case .host = $0.subject { true } else { false } })
        {
            subject = .service(identity, port: port, txt: txt, host: host.subject.uniqueName)
        }
        var machine = RegistrationStateMachine(
            subject: subject, allowsRename: allowsRename,
            unicastProbes: configuration.sharesPortWithAnotherResponder == false)
        let outputs = machine.start(now: now, random: &random)
        registrations[id] = machine
        return (id, map(outputs, registration: id, now: now))
    }

    /// Stops a registration, sending goodbyes if it was announced.
    mutating func unregister(_ id: Int, now: NIODeadline) -> [Output] {
        guard var machine = registrations.removeValue(forKey: id) else { return [] }
        for record in machine.subject.allRecords {
            lastMulticast[RecordCache.Key(record)] = nil
        }
        return map(machine.stop(), registration: id, now: now)
    }

    /// Replaces a service's TXT record and announces it again.
    mutating func updateTXT(_ id: Int, txt: TXTRecord, now: NIODeadline) -> [Output] {
        guard var machine = registrations[id] else { return [] }
        let outputs = machine.updateTXT(txt, now: now)
        registrations[id] = machine
        return map(outputs, registration: id, now: now)
    }

    // MARK: Queries

    /// Starts a continuous query for `question`.
    mutating func startQuery(_ question: DNSQuestion, now: NIODeadline) -> Int {
        let id = takeID()
        var question = question
        // Unicast replies would reach only one of the sockets sharing the port.
        if configuration.sharesPortWithAnotherResponder { question.unicastResponse = false }
        queries[id] = ContinuousQuery(question: question, now: now, random: &random)
        return id
    }

    /// Stops a continuous query.
    mutating func stopQuery(_ id: Int) {
        queries[id] = nil
    }

    /// Known answers to `question`: the cache's, with TTLs as they stand at `now`, plus this engine's own records.
    /// Own records matter when a service on this host is resolved here: another process on the host may use the
    /// same host name, and its answers are then byte-identical to ours and never reach the cache.
    ///
    /// An own unique record (an address, SRV or TXT) is left out when the cache holds a record of the same name and
    /// type from another responder: then the name is someone else's too, and theirs is the answer. Two hosts with
    /// one host name (machines cloned from one image, containers, network namespaces) otherwise resolved each
    /// other's services to their own addresses while one of them was still probing the name it was about to lose.
    func cachedAnswers(to question: DNSQuestion, now: NIODeadline) -> [DNSResourceRecord] {
        let cached = cache.answers(to: question, now: now)
        let local = registrations.values.filter { $0.isProbing || $0.ownsName }.flatMap(\.subject.allRecords)
            .filter { record in
                guard question.isAnswered(by: record) else { return false }
                if record.cacheFlush {
                    return cached.contains(where: { $0.name == record.name && $0.type == record.type }) == false
                }
                return cached.contains(where: { $0.isSameRecord(as: record) }) == false
            }
        return cached + unique(local)
    }

    // MARK: Receiving

    /// Handles one decoded datagram from `source` (already known not to be our own).
    mutating func receive(_ message: DNSMessage, from source: SocketAddress, now: NIODeadline) -> [Output] {
        if message.isResponse {
            // Responses count only from port 5353 (RFC 6762 §6, §11).
            guard source.port == configuration.port else { return [] }
            return receiveResponse(message, now: now)
        }
        return receiveQuery(message, from: source, now: now)
    }

    private mutating func receiveResponse(_ message: DNSMessage, now: NIODeadline) -> [Output] {
        let records = message.answers + message.additionals
        var outputs: [Output] = []
        for id in registrations.keys.sorted() {
            guard var machine = registrations[id] else { continue }
            let before = machine.subject.uniqueName
            let result = machine.receivedResponse(records, now: now, random: &random)
            registrations[id] = machine
            outputs += map(result, registration: id, now: now)
            if case .host = machine.subject, machine.subject.uniqueName != before {
                outputs += retarget(from: before, to: machine.subject.uniqueName, now: now)
            }
        }
        // Duplicate answer suppression (RFC 6762 §7.4): another responder's answer counts as ours.
        let owned = ownedRecords()
        for record in records where record.ttl > 0 {
            if let ours = owned.first(where: { $0.isSameRecord(as: record) }), record.ttl * 2 >= ours.ttl {
                lastMulticast[RecordCache.Key(record)] = now
            }
        }
        for index in pending.indices {
            pending[index].answers.removeAll { answer in
                records.contains { $0.isSameRecord(as: answer) && $0.ttl * 2 >= answer.ttl }
            }
        }
        pending.removeAll { $0.answers.isEmpty }
        for record in records {
            for change in cache.insert(record, now: now, random: &random) {
                outputs.append(.cache(change))
            }
        }
        return outputs
    }

    private mutating func receiveQuery(_ message: DNSMessage, from source: SocketAddress, now: NIODeadline) -> [Output]
    {
        let legacy = source.port != configuration.port
        var outputs: [Output] = []
        if truncatedPackets.isEmpty == false {
            truncatedPackets = truncatedPackets.filter { now - $0.value.lastSeen < Self.truncatedSourceMemory }
        }
        if message.isTruncated || truncatedPackets[source] != nil {
            // A truncated query and its continuations: at most 16 packets per source and 512 sources at a time;
            // anything beyond is dropped whole (RFC 6762 §7.2 leaves the bound to the implementation).
            let count = (truncatedPackets[source]?.count ?? 0) + 1
            guard count <= Self.maximumTruncatedPacketsPerSource,
                truncatedPackets[source] != nil || truncatedPackets.count < Self.maximumTruncatedSources
            else { return [] }
            truncatedPackets[source] = message.isTruncated ? (count, now) : nil
        }
        // A continuation of a truncated query: its known answers apply to that asker's pending answers.
        for index in pending.indices where pending[index].truncatedSource == source {
            pending[index].answers.removeAll { answer in
                message.answers.contains { $0.isSameRecord(as: answer) && $0.ttl * 2 >= answer.ttl }
            }
            if message.isTruncated == false {
                pending[index].truncatedSource = nil
            }
        }
        pending.removeAll { $0.answers.isEmpty }

        if message.authorities.isEmpty == false {
            for id in registrations.keys.sorted() {
                guard var machine = registrations[id] else { continue }
                let result = machine.receivedProbe(authorities: message.authorities, now: now)
                registrations[id] = machine
                outputs += map(result, registration: id, now: now)
            }
        }
        for question in message.questions {
            cache.noteUnansweredQuery(for: question, knownAnswers: message.answers, now: now)
            for (id, query) in queries {
                let ours = cache.knownAnswers(to: query.question, now: now)
                queries[id]?.sawForeignQuery(question, knownAnswers: message.answers, ours: ours, now: now)
            }
        }
        outputs += answer(message, from: source, legacy: legacy, now: now)
        return outputs
    }

    /// Builds the answers to a query (RFC 6762 §6): unique records at once, shared ones after a random delay,
    /// legacy queries by unicast with short TTLs, QU questions by unicast when recently multicast.
    private mutating func answer(_ message: DNSMessage, from source: SocketAddress, legacy: Bool, now: NIODeadline)
        -> [Output]
    {
        let owned = ownedRecords()
        let isProbe = message.authorities.isEmpty == false
        var unicast: [DNSResourceRecord] = []
        var immediate: [DNSResourceRecord] = []
        var delayed: [DNSResourceRecord] = []
        for question in message.questions {
            for record in owned where question.isAnswered(by: record) {
                // Known-answer suppression: stay silent when the asker's TTL is at least half ours.
                if message.answers.contains(where: { $0.isSameRecord(as: record) && $0.ttl * 2 >= record.ttl }) {
                    continue
                }
                if legacy {
                    unicast.append(record)
                    continue
                }
                let key = RecordCache.Key(record)
                let last = lastMulticast[key]
                if question.unicastResponse, let last,
                    now - last < .milliseconds(Int64(record.ttl) * 250)
                {
                    unicast.append(record)
                    continue
                }
                let interval = isProbe ? Self.defendingInterval : Self.multicastInterval
                if let last, now - last < interval { continue }
                if record.cacheFlush || isProbe {
                    immediate.append(record)
                } else {
                    delayed.append(record)
                }
            }
        }
        var outputs: [Output] = []
        if legacy {
            if unicast.isEmpty == false {
                outputs += legacyReply(to: message, answers: unique(unicast), source: source)
            }
            return outputs
        }
        if unicast.isEmpty == false {
            let answers = unique(unicast)
            for reply in MessagePacker.responses(
                answers: answers, additionals: additionals(for: answers, owned: owned),
                maximumSize: configuration.maximumPayload)
            {
                outputs.append(.send(reply, .unicast(source)))
            }
        }
        if immediate.isEmpty == false {
            outputs += multicast(unique(immediate), owned: owned, now: now)
        }
        if delayed.isEmpty == false {
            let delay = random.milliseconds(message.isTruncated ? Self.truncatedDelay : Self.sharedDelay)
            pending.append(
                PendingResponse(
                    answers: unique(delayed), deadline: now + delay,
                    truncatedSource: message.isTruncated ? source : nil))
        }
        return outputs
    }

    private func legacyReply(to query: DNSMessage, answers: [DNSResourceRecord], source: SocketAddress) -> [Output] {
        let shorten: (DNSResourceRecord) -> DNSResourceRecord = { record in
            var copy = record
            copy.ttl = min(copy.ttl, Self.legacyTTL)
            copy.cacheFlush = false
            return copy
        }
        let template = DNSMessage(id: query.id, isResponse: true, isAuthoritative: true, questions: query.questions)
        return MessagePacker.responses(
            answers: answers.map(shorten), additionals: additionals(for: answers, owned: ownedRecords()).map(shorten),
            maximumSize: configuration.maximumPayload, template: template
        ).map { .send($0, .unicast(source)) }
    }

    // MARK: Time

    /// The earliest moment ``tick(now:)`` has work to do.
    var nextDeadline: NIODeadline? {
        var candidates: [NIODeadline] = []
        candidates += registrations.values.compactMap(\.deadline)
        candidates += queries.values.map(\.nextSend)
        candidates += pending.map(\.deadline)
        if let cacheDeadline = cache.nextDeadline { candidates.append(cacheDeadline) }
        return candidates.min()
    }

    /// Does everything that is due at `now`.
    mutating func tick(now: NIODeadline) -> [Output] {
        var outputs: [Output] = []
        for id in registrations.keys.sorted() {
            guard var machine = registrations[id] else { continue }
            var result: [RegistrationStateMachine.Output] = []
            if case .waitingToProbe(let until) = machine.state, until <= now {
                result += checkCachedClaims(&machine, now: now)
            }
            result += machine.tick(now: now, random: &random)
            registrations[id] = machine
            outputs += map(result, registration: id, now: now)
        }
        let owned = ownedRecords()
        let due = pending.filter { $0.deadline <= now }
        pending.removeAll { $0.deadline <= now }
        for response in due {
            // Records of a registration stopped meanwhile must not go out after its goodbye.
            let answers = response.answers.filter { answer in owned.contains { $0.isSameRecord(as: answer) } }
            if answers.isEmpty == false {
                outputs += multicast(answers, owned: owned, now: now)
            }
        }
        outputs += sendDueQueries(now: now)
        for change in cache.expire(now: now) {
            outputs.append(.cache(change))
        }
        return outputs
    }

    private mutating func sendDueQueries(now: NIODeadline) -> [Output] {
        var questions: [DNSQuestion] = []
        var knownAnswers: [DNSResourceRecord] = []
        for id in queries.keys.sorted() {
            guard var query = queries[id], query.isDue(at: now) else { continue }
            if questions.contains(query.question) == false {
                questions.append(query.question)
                knownAnswers += cache.knownAnswers(
                    to: query.question, now: now, limit: Self.maximumKnownAnswersPerQuestion)
            }
            query.didQuery(now: now)
            queries[id] = query
        }
        // Cache refresh (RFC 6762 §5.2): query records of interest at 80, 85, 90 and 95 % of their TTL.
        let interesting = queries.values.map(\.question)
        for record in cache.takeRecordsDueForRefresh(now: now, random: &random) {
            guard interesting.contains(where: { $0.isAnswered(by: record) }) else { continue }
            let question = DNSQuestion(name: record.name, type: record.type, recordClass: record.recordClass)
            if questions.contains(question) == false {
                questions.append(question)
            }
        }
        guard questions.isEmpty == false else { return [] }
        return MessagePacker.queries(
            questions: questions, knownAnswers: knownAnswers, maximumSize: configuration.maximumPayload
        ).map { .send($0, .multicast) }
    }

    // MARK: Helpers

    /// Before the first probe: a live record in the cache that already claims the name means another responder
    /// holds it now (its announcement or defence was heard), the conflict of RFC 6762 §9 known before probing.
    /// Acting on it does not depend on that responder answering the probes within 750 ms, which a busy host may
    /// not. A renamed name is checked again, a bounded number of times.
    private mutating func checkCachedClaims(_ machine: inout RegistrationStateMachine, now: NIODeadline)
        -> [RegistrationStateMachine.Output]
    {
        var outputs: [RegistrationStateMachine.Output] = []
        for _ in 0..<16 {
            let name = machine.subject.uniqueName
            let claims = cache.entries.values.filter {
                $0.record.name == name && $0.record.ttl > 1 && $0.expiresAt > now
            }
            .map(\.record)
            guard machine.isProbing, claims.isEmpty == false else { break }
            outputs += machine.receivedResponse(claims, now: now, random: &random)
            if machine.subject.uniqueName == name { break }
        }
        return outputs
    }

    /// After the host name was renamed (`host-2`), services whose SRV pointed at the old name follow it.
    private mutating func retarget(from oldHost: DNSName, to newHost: DNSName, now: NIODeadline) -> [Output] {
        var outputs: [Output] = []
        for id in registrations.keys.sorted() {
            guard var machine = registrations[id],
                case .service(_, _, _, let host) = machine.subject, host == oldHost
            else { continue }
            let result = machine.updateHost(newHost, now: now)
            registrations[id] = machine
            outputs += map(result, registration: id, now: now)
        }
        return outputs
    }

    private mutating func multicast(_ answers: [DNSResourceRecord], owned: [DNSResourceRecord], now: NIODeadline)
        -> [Output]
    {
        for record in answers {
            lastMulticast[RecordCache.Key(record)] = now
        }
        return MessagePacker.responses(
            answers: answers, additionals: additionals(for: answers, owned: owned),
            maximumSize: configuration.maximumPayload
        ).map { .send($0, .multicast) }
    }

    /// Additional records (RFC 6763 §12): a PTR brings the instance's SRV, TXT and NSEC and the host's addresses;
    /// an SRV brings the host's addresses.
    private func additionals(for answers: [DNSResourceRecord], owned: [DNSResourceRecord]) -> [DNSResourceRecord] {
        var names: [DNSName] = []
        for answer in answers {
            switch answer.data {
            case .ptr(let instance):
                names.append(instance)
                for case .srv(_, _, _, let target) in owned.filter({ $0.name == instance }).map(\.data) {
                    names.append(target)
                }
            case .srv(_, _, _, let target):
                names.append(target)
            default:
                break
            }
        }
        let extra = owned.filter { record in
            names.contains(record.name) && answers.contains(where: { $0.isSameRecord(as: record) }) == false
                && record.type != .ptr
        }
        return unique(extra)
    }

    /// Records of every registration that owns its name, without duplicates (two services of one type share the
    /// `_services._dns-sd._udp` PTR).
    private func ownedRecords() -> [DNSResourceRecord] {
        unique(
            registrations.keys.sorted().compactMap { registrations[$0] }.filter(\.ownsName).flatMap(
                \.subject.allRecords))
    }

    private func unique(_ records: [DNSResourceRecord]) -> [DNSResourceRecord] {
        var seen: Set<RecordCache.Key> = []
        return records.filter { seen.insert(RecordCache.Key($0)).inserted }
    }

    private mutating func map(_ outputs: [RegistrationStateMachine.Output], registration id: Int, now: NIODeadline)
        -> [Output]
    {
        outputs.map { output in
            switch output {
            case .send(let message):
                if message.isResponse {
                    for record in message.answers where record.ttl > 0 {
                        lastMulticast[RecordCache.Key(record)] = now
                    }
                }
                return .send(message, .multicast)
            case .event(let event):
                return .registration(id, event)
            }
        }
    }

    private mutating func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }
}
