import NIOCore

/// The life of one published name (RFC 6762 §8, §9, §10.1): wait 0–250 ms, three probes 250 ms apart, own the
/// name 250 ms after the third, announce twice one second apart, defend it, rename on conflict, and say goodbye.
///
/// Transitions take the current time and return what to send and report; the owner schedules ``deadline``.
struct RegistrationStateMachine {
    enum State: Equatable {
        case idle
        case waitingToProbe(until: NIODeadline)
        case probing(sent: Int, next: NIODeadline)
        case announcing(sent: Int, next: NIODeadline)
        case established
        case failed
        case stopped
    }

    enum Output: Equatable {
        case send(DNSMessage)
        case event(RegistrationEvent)
    }

    static let probeCount = 3
    static let probeInterval = TimeAmount.milliseconds(250)
    static let announcementCount = 2
    static let announcementInterval = TimeAmount.seconds(1)
    /// After this many conflicts within ``conflictWindow``, probes are spaced by ``throttledProbeDelay``.
    static let conflictLimit = 15
    static let conflictWindow = TimeAmount.seconds(10)
    static let throttledProbeDelay = TimeAmount.seconds(5)

    private(set) var state: State = .idle
    private(set) var subject: RegistrationSubject
    let allowsRename: Bool
    /// Probes ask for unicast replies unless another responder shares port 5353 (it would take them).
    let unicastProbes: Bool
    private var recentConflicts: [NIODeadline] = []

    init(subject: RegistrationSubject, allowsRename: Bool, unicastProbes: Bool) {
        self.subject = subject
        self.allowsRename = allowsRename
        self.unicastProbes = unicastProbes
    }

    /// When ``tick(now:random:)`` next needs to run.
    var deadline: NIODeadline? {
        switch state {
        case .waitingToProbe(let until): until
        case .probing(_, let next), .announcing(_, let next): next
        case .idle, .established, .failed, .stopped: nil
        }
    }

    /// Whether the records may be used in answers (the name is owned).
    var ownsName: Bool {
        switch state {
        case .announcing, .established: true
        default: false
        }
    }

    /// Whether this registration is still probing for its name.
    var isProbing: Bool {
        switch state {
        case .waitingToProbe, .probing: true
        default: false
        }
    }

    var identity: ServiceIdentity? {
        if case .service(let identity, _, _, _) = subject { return identity }
        return nil
    }

    mutating func start(now: NIODeadline, random: inout MDNSRandom) -> [Output] {
        guard case .idle = state else { return [] }
        state = .waitingToProbe(until: now + probeDelay(now: now, random: &random))
        return [.event(.willPublish)]
    }

    mutating func tick(now: NIODeadline, random: inout MDNSRandom) -> [Output] {
        guard let deadline, deadline <= now else { return [] }
        switch state {
        case .waitingToProbe:
            state = .probing(sent: 1, next: now + Self.probeInterval)
            return [.send(probe())]
        case .probing(let sent, _) where sent < Self.probeCount:
            state = .probing(sent: sent + 1, next: now + Self.probeInterval)
            return [.send(probe())]
        case .probing:
            state = .announcing(sent: 1, next: now + Self.announcementInterval)
            var outputs: [Output] = [.send(announcement())]
            if let identity {
                outputs.append(.event(.didPublish(identity)))
            }
            return outputs
        case .announcing(let sent, _):
            if sent + 1 >= Self.announcementCount {
                state = .established
            } else {
                state = .announcing(sent: sent + 1, next: now + Self.announcementInterval)
            }
            return [.send(announcement())]
        case .idle, .established, .failed, .stopped:
            return []
        }
    }

    /// Checks a received response for records that claim our name with other data (RFC 6762 §9).
    mutating func receivedResponse(_ records: [DNSResourceRecord], now: NIODeadline, random: inout MDNSRandom)
        -> [Output]
    {
        guard isProbing || ownsName else { return [] }
        let ours = subject.uniqueRecords
        let name = subject.uniqueName
        let conflicting = records.contains { record in
            record.ttl > 0 && record.name == name && subject.claimedTypes.contains(record.type)
                && ours.contains(where: { $0.isSameRecord(as: record) }) == false
        }
        guard conflicting else { return [] }
        if ownsName {
            // The claim may be stale; probe again under the same name and rename only if that fails (§9).
            state = .waitingToProbe(until: now)
            return []
        }
        return conflict(now: now, random: &random)
    }

    /// Simultaneous probe tie-break (RFC 6762 §8.2): the lexicographically later set of proposed records wins; the
    /// loser waits one second and probes again.
    mutating func receivedProbe(authorities: [DNSResourceRecord], now: NIODeadline) -> [Output] {
        guard isProbing else { return [] }
        let name = subject.uniqueName
        let theirs = authorities.filter { $0.name == name }
        guard theirs.isEmpty == false else { return [] }
        let ours = subject.uniqueRecords.filter { subject.claimedTypes.contains($0.type) }
        if Self.compareProposals(ours, theirs) < 0 {
            state = .waitingToProbe(until: now + .seconds(1))
        }
        return []
    }

    /// Replaces the TXT record; an owned name is announced again without probing.
    mutating func updateTXT(_ txt: TXTRecord, now: NIODeadline) -> [Output] {
        guard case .service(let identity, let port, _, let host) = subject else { return [] }
        subject = .service(identity, port: port, txt: txt, host: host)
        guard ownsName else { return [] }
        state = .announcing(sent: 1, next: now + Self.announcementInterval)
        return [.send(announcement())]
    }

    /// Points a service's SRV at a renamed host; an owned name is announced again without probing (the instance
    /// name itself did not change).
    mutating func updateHost(_ host: DNSName, now: NIODeadline) -> [Output] {
        guard case .service(let identity, let port, let txt, let oldHost) = subject, oldHost != host else { return [] }
        subject = .service(identity, port: port, txt: txt, host: host)
        guard ownsName else { return [] }
        state = .announcing(sent: 1, next: now + Self.announcementInterval)
        return [.send(announcement())]
    }

    /// Stops, sending goodbyes (TTL 0) when the records were announced.
    mutating func stop() -> [Output] {
        let announced = ownsName
        switch state {
        case .stopped, .failed: return []
        default: break
        }
        state = .stopped
        var outputs: [Output] = []
        if announced {
            outputs.append(.send(goodbye()))
        }
        outputs.append(.event(.didStop))
        return outputs
    }

    func probe() -> DNSMessage {
        let name = subject.uniqueName
        return DNSMessage(
            isResponse: false,
            questions: [DNSQuestion(name: name, type: .any, unicastResponse: unicastProbes)],
            authorities: subject.uniqueRecords.filter { subject.claimedTypes.contains($0.type) }.map { record in
                var proposal = record
                proposal.cacheFlush = false
                return proposal
            })
    }

    func announcement() -> DNSMessage {
        DNSMessage.response(answers: subject.allRecords)
    }

    func goodbye() -> DNSMessage {
        DNSMessage.response(
            answers: subject.allRecords.map { record in
                var goodbye = record
                goodbye.ttl = 0
                return goodbye
            })
    }

    private mutating func conflict(now: NIODeadline, random: inout MDNSRandom) -> [Output] {
        recentConflicts.append(now)
        recentConflicts.removeAll { $0 < now - Self.conflictWindow }
        guard allowsRename, let renamed = subject.renamed() else {
            state = .failed
            return [
                .event(
                    .didNotPublish(DiscoveryError(.collision, "the name \(subject.uniqueName) is in use on the link")))
            ]
        }
        let previous = identity
        subject = renamed
        state = .waitingToProbe(until: now + probeDelay(now: now, random: &random))
        if let previous, let next = identity {
            return [.event(.renamed(from: previous, to: next))]
        }
        return []
    }

    private func probeDelay(now: NIODeadline, random: inout MDNSRandom) -> TimeAmount {
        let recent = recentConflicts.filter { $0 >= now - Self.conflictWindow }.count
        return recent >= Self.conflictLimit ? Self.throttledProbeDelay : random.milliseconds(0...250)
    }

    /// Orders two proposals by class, type and uncompressed rdata, record by record; a longer set that agrees
    /// with the shorter one so far is later. Returns a negative, zero or positive number.
    static func compareProposals(_ lhs: [DNSResourceRecord], _ rhs: [DNSResourceRecord]) -> Int {
        func sortKey(_ record: DNSResourceRecord) -> [UInt8] {
            [UInt8(record.recordClass >> 8), UInt8(record.recordClass & 0xFF)]
                + [UInt8(record.type.rawValue >> 8), UInt8(record.type.rawValue & 0xFF)]
                + DNSMessageEncoder.canonicalBytes(of: record.data)
        }
        let left = lhs.map(sortKey).sorted { $0.lexicographicallyPrecedes($1) }
        let right = rhs.map(sortKey).sorted { $0.lexicographicallyPrecedes($1) }
        for (a, b) in zip(left, right) where a != b {
            return a.lexicographicallyPrecedes(b) ? -1 : 1
        }
        return left.count == right.count ? 0 : (left.count < right.count ? -1 : 1)
    }
}
