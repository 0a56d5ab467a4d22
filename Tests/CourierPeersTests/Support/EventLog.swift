import CourierPeers

/// Records one session's events and lets a test await the first matching one, with a generous safety bound.
actor EventLog {
    enum Answer {
        case accept
        case deny
        case ignore
    }

    private(set) var events: [PeerEvent] = []
    private var waiters:
        [(id: Int, predicate: @Sendable (PeerEvent) -> Bool, continuation: CheckedContinuation<PeerEvent?, Never>)] = []
    private var nextID = 0
    private var consumed = 0
    private var task: Task<Void, Never>?

    init(_ session: PeerSession, answer: Answer = .accept) {
        let stream = session.events
        task = nil
        Task { await self.start(stream: stream, session: session, answer: answer) }
    }

    private func start(stream: AsyncStream<PeerEvent>, session: PeerSession, answer: Answer) {
        task = Task {
            for await event in stream {
                if case .invitation(let peer, _) = event {
                    switch answer {
                    case .accept: try? await session.accept(peer.id)
                    case .deny: try? await session.deny(peer.id)
                    case .ignore: break
                    }
                }
                self.append(event)
            }
        }
    }

    private func append(_ event: PeerEvent) {
        events.append(event)
        for waiter in waiters where waiter.predicate(event) {
            waiters.removeAll { $0.id == waiter.id }
            // Events after this one are left for the next call.
            consumed = events.count
            waiter.continuation.resume(returning: event)
            return
        }
    }

    /// The first event after those already returned that matches, or `nil` after `limit` (60 s by default: a
    /// safety net only; shorter where a loss is legitimate, as for unreliable messages).
    func next(
        within limit: Duration = .seconds(60), where predicate: @escaping @Sendable (PeerEvent) -> Bool
    ) async -> PeerEvent? {
        while consumed < events.count {
            let event = events[consumed]
            consumed += 1
            if predicate(event) { return event }
        }
        let id = nextID
        nextID += 1
        let timeout = Task {
            try? await Task.sleep(for: limit)
            self.timeOut(id)
        }
        let event = await withCheckedContinuation { continuation in
            waiters.append((id, predicate, continuation))
        }
        timeout.cancel()
        return event
    }

    private func timeOut(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: nil)
    }

    /// The next data event's bytes as text.
    func nextData(within limit: Duration = .seconds(60)) async -> (text: String, from: PeerInfo, mode: PeerSendMode)? {
        guard
            case .data(let bytes, let peer, let mode)? = await next(
                within: limit,
                where: {
                    if case .data = $0 { true } else { false }
                })
        else { return nil }
        return (String(decoding: bytes, as: UTF8.self), peer, mode)
    }
}
