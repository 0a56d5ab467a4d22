import Synchronization

/// The bounded queue behind a stream of presence events (found, removed) with a single reader.
///
/// A reader that falls `capacity` events behind does not silently lose the oldest ones, which would leave it
/// believing in services that are gone: the queued presence events are replaced by the difference between what
/// it has read and the current set — a fresh snapshot, as `removed` and `found` events — and later events queue
/// behind it. Events that are not about presence (`willSearch`) keep their place. The queue thus holds at most
/// `capacity` events plus one snapshot, which is bounded by the caches behind it.
final class PresenceEventBuffer<Member: Hashable & Sendable, Event: Sendable>: Sendable {
    /// What an event says about presence: the member, and whether it is now present. `nil` for other events.
    typealias Change = @Sendable (Event) -> (member: Member, isPresent: Bool)?
    /// The events that take a reader from what it has read to the current set.
    typealias Snapshot = @Sendable (_ removed: [Member], _ added: [Member]) -> [Event]

    private struct State {
        var queue: [Event] = []
        var head = 0
        /// The set as the reader knows it: what the events it has taken say.
        var read: Set<Member> = []
        /// The set after every event yielded so far.
        var current: Set<Member> = []
        /// The size of the last snapshot still queued, allowed on top of `capacity`.
        var snapshotAllowance = 0
        var finished = false
        var waiter: CheckedContinuation<Event?, Never>?
        /// How many times the reader fell behind.
        var snapshots = 0

        var queuedCount: Int { queue.count - head }

        mutating func take() -> Event? {
            guard head < queue.count else { return nil }
            let event = queue[head]
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
                snapshotAllowance = 0
            } else if head >= 1024, head * 2 >= queue.count {
                queue.removeFirst(head)
                head = 0
            }
            return event
        }
    }

    let capacity: Int
    private let state = Mutex(State())
    private let change: Change
    private let snapshot: Snapshot

    init(capacity: Int, change: @escaping Change, snapshot: @escaping Snapshot) {
        self.capacity = max(1, capacity)
        self.change = change
        self.snapshot = snapshot
    }

    /// The events as a stream for the one reader. `onTermination` runs when the reader's task is cancelled or the
    /// stream is released.
    func makeStream(onTermination: @escaping @Sendable () -> Void = {}) -> AsyncStream<Event> {
        let token = TerminationToken(onTermination)
        return AsyncStream(
            unfolding: { [self, token] in
                _ = token
                return await self.next()
            },
            onCancel: { token.fire() })
    }

    /// Queues an event, or hands it to the waiting reader.
    func yield(_ event: Event) {
        let change = self.change(event)
        let waiter: CheckedContinuation<Event?, Never>? = state.withLock { state in
            guard state.finished == false else { return nil }
            if let change {
                if change.isPresent { state.current.insert(change.member) } else { state.current.remove(change.member) }
            }
            if let waiter = state.waiter {
                state.waiter = nil
                if let change {
                    if change.isPresent { state.read.insert(change.member) } else { state.read.remove(change.member) }
                }
                return waiter
            }
            state.queue.append(event)
            if state.queuedCount > capacity + state.snapshotAllowance {
                resynchronize(&state)
            }
            return nil
        }
        waiter?.resume(returning: event)
    }

    /// Ends the stream once the reader has taken what is queued.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<Event?, Never>? in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// How many times the reader fell behind and was given a snapshot instead.
    var snapshotCount: Int { state.withLock { $0.snapshots } }

    /// How many events wait for the reader.
    var queuedCount: Int { state.withLock { $0.queuedCount } }

    /// The next event; `nil` once finished and drained, or when the reader's task is cancelled.
    func next() async -> Event? {
        if let event = takeQueued() { return event }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Event?, Never>) in
                let immediate: Event?? = state.withLock { state in
                    if let event = state.take() {
                        apply(event, to: &state.read)
                        return .some(event)
                    }
                    // One reader at a time: a second one waiting alongside is told the stream ended, rather than
                    // taking the first one's place and leaving it waiting for ever.
                    if state.finished || Task.isCancelled || state.waiter != nil {
                        return .some(nil)
                    }
                    state.waiter = continuation
                    return nil
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = self.state.withLock { state -> CheckedContinuation<Event?, Never>? in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    private func takeQueued() -> Event? {
        state.withLock { state in
            guard let event = state.take() else { return nil }
            apply(event, to: &state.read)
            return event
        }
    }

    private func apply(_ event: Event, to set: inout Set<Member>) {
        guard let change = change(event) else { return }
        if change.isPresent { set.insert(change.member) } else { set.remove(change.member) }
    }

    /// Replaces the queued presence events with the difference between what the reader has read and the current set.
    private func resynchronize(_ state: inout State) {
        let kept = state.queue[state.head...].filter { change($0) == nil }
        let removed = Array(state.read.subtracting(state.current))
        let added = Array(state.current.subtracting(state.read))
        let fresh = snapshot(removed, added)
        state.queue = kept + fresh
        state.head = 0
        state.snapshotAllowance = state.queue.count
        state.snapshots += 1
    }
}

extension PresenceEventBuffer where Member == ServiceIdentity, Event == BrowseEvent {
    /// The buffer of a browser's ``ServiceBrowser/events``: a snapshot is removals, then finds, `moreComing` false
    /// on the last.
    static func browseEvents(capacity: Int) -> PresenceEventBuffer<ServiceIdentity, BrowseEvent> {
        PresenceEventBuffer<ServiceIdentity, BrowseEvent>(
            capacity: capacity,
            change: { event -> (member: ServiceIdentity, isPresent: Bool)? in
                switch event {
                case .found(let identity, _): return (member: identity, isPresent: true)
                case .removed(let identity, _): return (member: identity, isPresent: false)
                case .willSearch, .didNotSearch, .didStop: return nil
                }
            },
            snapshot: { removed, added -> [BrowseEvent] in
                let last = removed.count + added.count - 1
                var events: [BrowseEvent] = []
                for identity in removed {
                    events.append(BrowseEvent.removed(identity, moreComing: events.count < last))
                }
                for identity in added {
                    events.append(BrowseEvent.found(identity, moreComing: events.count < last))
                }
                return events
            })
    }
}

extension PresenceEventBuffer where Member == LinkBrowseEvent, Event == LinkBrowseEvent {
    /// The buffer of a browser's ``ServiceBrowser/linkEvents``; members are the events with kind `.found`.
    static func linkEvents(capacity: Int) -> PresenceEventBuffer<LinkBrowseEvent, LinkBrowseEvent> {
        PresenceEventBuffer<LinkBrowseEvent, LinkBrowseEvent>(
            capacity: capacity,
            change: { event -> (member: LinkBrowseEvent, isPresent: Bool)? in
                var member = event
                member.kind = .found
                return (member: member, isPresent: event.kind == .found)
            },
            snapshot: { removed, added -> [LinkBrowseEvent] in
                var events: [LinkBrowseEvent] = []
                for member in removed {
                    var event = member
                    event.kind = .removed
                    events.append(event)
                }
                return events + added
            })
    }
}

extension PresenceEventBuffer where Member == ServiceType, Event == ServiceTypeEvent {
    /// The buffer of ``Discovery/browseServiceTypes()``.
    static func serviceTypeEvents(capacity: Int) -> PresenceEventBuffer<ServiceType, ServiceTypeEvent> {
        PresenceEventBuffer<ServiceType, ServiceTypeEvent>(
            capacity: capacity,
            change: { event -> (member: ServiceType, isPresent: Bool)? in
                switch event {
                case .found(let type): return (member: type, isPresent: true)
                case .removed(let type): return (member: type, isPresent: false)
                }
            },
            snapshot: { removed, added -> [ServiceTypeEvent] in
                removed.map { ServiceTypeEvent.removed($0) } + added.map { ServiceTypeEvent.found($0) }
            })
    }
}

extension PresenceEventBuffer where Member == String, Event == String {
    /// The buffer of ``Discovery/browseDomains(_:)``: domains are only ever added.
    static func domains(capacity: Int) -> PresenceEventBuffer<String, String> {
        PresenceEventBuffer<String, String>(
            capacity: capacity,
            change: { domain -> (member: String, isPresent: Bool)? in (member: domain, isPresent: true) },
            snapshot: { _, added -> [String] in added })
    }
}

/// Runs an action once: when fired, or when released without having fired.
private final class TerminationToken: Sendable {
    private let action: Mutex<(@Sendable () -> Void)?>

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = Mutex(action)
    }

    func fire() {
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit {
        fire()
    }
}
