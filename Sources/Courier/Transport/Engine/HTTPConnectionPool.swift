import CoreMetrics
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTP2
import Synchronization

/// A session's HTTP connections, keyed by `HTTPConnectionKey`: HTTP/1.1 connections kept alive up to a per-host
/// limit with a fair wait queue, and HTTP/2 connections that carry many streams at once.
///
/// While the first connection to an `https` origin is being made, other requests for it wait: if ALPN chooses
/// HTTP/2 they share it, otherwise they open HTTP/1.1 connections up to the limit. Idle connections close after
/// `idleTimeout`. A reused connection that fails before any response byte is retried once on a new connection
/// when the request allows it; HTTP/2 streams the server did not process (refused, or above a GOAWAY's last
/// stream ID) are retried on a new connection.
final class HTTPConnectionPool: Sendable {
    /// How the pool connects and how many connections it keeps.
    struct Configuration: Sendable {
        /// The most HTTP/1.1 connections to one key at a time (a key can lower it).
        var maximumConnectionsPerHost: Int = 6
        /// How long a connection may stay idle before it is closed.
        var idleTimeout: TimeAmount = .seconds(60)
        /// Whether ALPN offers `h2` (when the key allows it).
        var offersHTTP2: Bool = true
        /// Opens tunnels through proxies; when nil, a request that needs a tunnel fails with `proxyFailed`.
        var tunnelEstablisher: ProxyTunnelEstablisher?
        /// After how long idle an HTTP/2 connection is checked with a PING (nil: never).
        var http2PingInterval: TimeAmount? = .seconds(30)
        /// How long a PING may go unanswered before the connection is closed.
        var http2PingTimeout: TimeAmount = .seconds(10)
        /// Gauges that follow the pool's open and idle connections (nil: none are kept).
        var connectionGauges: (open: Gauge, idle: Gauge)?

        /// Makes a configuration.
        init(
            maximumConnectionsPerHost: Int = 6, idleTimeout: TimeAmount = .seconds(60), offersHTTP2: Bool = true,
            tunnelEstablisher: ProxyTunnelEstablisher? = nil, http2PingInterval: TimeAmount? = .seconds(30),
            http2PingTimeout: TimeAmount = .seconds(10)
        ) {
            self.http2PingInterval = http2PingInterval
            self.http2PingTimeout = http2PingTimeout
            self.maximumConnectionsPerHost = maximumConnectionsPerHost
            self.idleTimeout = idleTimeout
            self.offersHTTP2 = offersHTTP2
            self.tunnelEstablisher = tunnelEstablisher
        }
    }

    /// A connection a request may run on now.
    private enum Ready: Sendable {
        /// An HTTP/1.1 connection, now the request's alone.
        case http1(HTTP1Connection, reused: Bool)
        /// A stream slot on an HTTP/2 connection, reserved for the request.
        case http2(HTTP2Connection, reused: Bool)

        var isReused: Bool {
            switch self {
            case .http1(_, let reused), .http2(_, let reused): reused
            }
        }
    }

    /// What a request gets from the pool before it can run.
    private enum Lease: Sendable {
        case ready(Ready)
        /// Leave to open a connection (counted against the limit until it is made or fails).
        case connect
    }

    /// What to do once the lock is released: waiting requests to resume with what they were given, and idle
    /// connections to close (closing on the event loop runs callbacks that take the lock).
    private struct Served {
        var resumptions: [(CheckedContinuation<Lease, any Error>, Lease)] = []
        var closing: [any Channel] = []
    }

    private struct Waiter {
        var id: Int
        var forcesNewConnection: Bool
        var continuation: CheckedContinuation<Lease, any Error>
    }

    private struct IdleConnection {
        var connection: HTTP1Connection
        var since: NIODeadline
    }

    private struct HTTP2Entry {
        var connection: HTTP2Connection
        var maximumStreams: Int
        var openStreams: Int
        var idleSince: NIODeadline?
        /// The idle period in which the connection was last pinged (one PING per idle period).
        var pingedWhileIdleSince: NIODeadline?
    }

    private enum LearnedProtocol {
        case unknown
        case http1
        case http2
    }

    private struct KeyState {
        var idle: [IdleConnection] = []
        /// HTTP/1.1 connections open or being made (a connection being made counts until ALPN says otherwise).
        var http1Count = 0
        var connecting = 0
        var http2: HTTP2Entry?
        /// HTTP/2 connections that received GOAWAY, with their streams still open.
        var draining: [Int: HTTP2Entry] = [:]
        var learnedProtocol = LearnedProtocol.unknown
        var waiters: [Waiter] = []

        var isUnused: Bool {
            idle.isEmpty && http1Count == 0 && connecting == 0 && http2 == nil && draining.isEmpty && waiters.isEmpty
        }
    }

    private enum OpenConnection {
        case http1(HTTP1Connection)
        case http2(HTTP2Connection)

        var channel: any Channel {
            switch self {
            case .http1(let connection): connection.channel
            case .http2(let connection): connection.channel
            }
        }
    }

    private struct State {
        var keys: [HTTPConnectionKey: KeyState] = [:]
        var connections: [Int: OpenConnection] = [:]
        /// Connections whose idle timer is armed (at most one timer per connection).
        var armedTimers: Set<Int> = []
        /// The scheduled idle timers, so a connection that closes cancels its own: otherwise each closed connection
        /// would leave a task behind on its event loop for the whole idle timeout.
        var idleTimers: [Int: Scheduled<Void>] = [:]
        var nextID = 1
        var opened = 0
        var isShutDown = false
    }

    let configuration: Configuration
    private let connector: HTTPConnector
    private let state = Mutex(State())

    /// Makes a pool that connects on `eventLoopGroup`.
    init(configuration: Configuration = Configuration(), eventLoopGroup: any EventLoopGroup) {
        self.configuration = configuration
        self.connector = HTTPConnector(
            group: eventLoopGroup, offersHTTP2: configuration.offersHTTP2,
            tunnelEstablisher: configuration.tunnelEstablisher)
    }

    // MARK: Counters

    /// How many connections the pool has opened since it was made.
    var connectionsOpened: Int { state.withLock { $0.opened } }

    /// How many connections are open now.
    var openConnections: Int { state.withLock { $0.connections.count } }

    /// How many idle timers the pool keeps track of (at most one per open connection).
    var idleTimersArmed: Int { state.withLock { max($0.armedTimers.count, $0.idleTimers.count) } }

    /// How many open connections carry no exchange now.
    var idleConnections: Int {
        state.withLock { Self.idleCount($0) }
    }

    private static func idleCount(_ state: State) -> Int {
        state.keys.values.reduce(0) { count, key in
            count + key.idle.count + (key.http2?.openStreams == 0 ? 1 : 0)
        }
    }

    /// Tells the gauges, when there are any, how many connections are open and idle.
    private func reportConnectionCounts() {
        guard let gauges = configuration.connectionGauges else { return }
        let (open, idle) = state.withLock { state in (state.connections.count, Self.idleCount(state)) }
        gauges.open.record(open)
        gauges.idle.record(idle)
    }

    // MARK: Executing

    /// Sends a request and returns once the final response head has arrived; the body streams after.
    ///
    /// Throws `HTTPEngineError` (or `CancellationError` when the task is cancelled).
    func execute(_ request: HTTPExchangeRequest) async throws -> HTTPExchangeResponse {
        var forcesNewConnection = false
        var attempt = 0
        while true {
            attempt += 1
            let lease = try await lease(
                request.key, forcesNewConnection: forcesNewConnection, scope: request.cancellation)
            reportConnectionCounts()
            var isReused = false
            do {
                let ready: Ready
                switch lease {
                case .ready(let leased): ready = leased
                case .connect:
                    ready = try await connect(for: request)
                }
                isReused = ready.isReused
                return try await run(request, on: ready)
            } catch let error as HTTPEngineError {
                let staleConnection =
                    isReused && error.code == .connectionLostBeforeResponse && request.canRetryOnNewConnection
                let unprocessed = error.code == .streamRefused && !error.requestMayHaveBeenProcessed
                guard attempt < 3, (attempt == 1 && staleConnection) || unprocessed else { throw error }
                forcesNewConnection = staleConnection
            }
        }
    }

    private func run(_ request: HTTPExchangeRequest, on ready: Ready) async throws -> HTTPExchangeResponse {
        switch ready {
        case .http1(let connection, let reused):
            let head = HTTP1HeadConversion.requestHead(
                request.head, key: request.key, body: request.body, forHTTP2: false)
            return try await connection.execute(request, head: head, isReused: reused)
        case .http2(let connection, let reused):
            let head = HTTP1HeadConversion.requestHead(
                request.head, key: request.key, body: request.body, forHTTP2: true)
            let key = request.key
            return try await connection.execute(request, head: head, isReused: reused) { [weak self] in
                self?.streamClosed(key: key, connection: connection)
            }
        }
    }

    private func limit(for key: HTTPConnectionKey) -> Int {
        max(1, key.maximumConnections ?? configuration.maximumConnectionsPerHost)
    }

    private func mayNegotiateHTTP2(_ key: HTTPConnectionKey) -> Bool {
        key.scheme == .https && configuration.offersHTTP2 && !key.http1Only
    }

    /// Picks a connection for a request, a slot to open one, or nil when the request must wait.
    private func decide(
        _ keyState: inout KeyState, key: HTTPConnectionKey, forcesNewConnection: Bool, closing: inout [any Channel]
    ) -> Lease? {
        if !forcesNewConnection, let entry = keyState.http2 {
            guard entry.openStreams < entry.maximumStreams else { return nil }
            keyState.http2?.openStreams += 1
            keyState.http2?.idleSince = nil
            return .ready(.http2(entry.connection, reused: true))
        }
        if !forcesNewConnection {
            while let idle = keyState.idle.popLast() {
                if idle.connection.channel.isActive { return .ready(.http1(idle.connection, reused: true)) }
            }
        }
        if mayNegotiateHTTP2(key), keyState.learnedProtocol != .http1, keyState.connecting > 0 {
            // The connection being made may turn out to be HTTP/2, which this request would share.
            return nil
        }
        if keyState.http1Count < limit(for: key) {
            keyState.http1Count += 1
            keyState.connecting += 1
            return .connect
        }
        if forcesNewConnection, !keyState.idle.isEmpty {
            // Make room for the new connection: the oldest idle one goes; its closing wakes this request.
            closing.append(keyState.idle.removeFirst().connection.channel)
        }
        return nil
    }

    /// Serves waiting requests in order while the key has something for them.
    private func dispatch(_ keyState: inout KeyState, key: HTTPConnectionKey) -> Served {
        var served = Served()
        while let first = keyState.waiters.first,
            let lease = decide(
                &keyState, key: key, forcesNewConnection: first.forcesNewConnection, closing: &served.closing)
        {
            keyState.waiters.removeFirst()
            served.resumptions.append((first.continuation, lease))
        }
        return served
    }

    private func resume(_ served: Served) {
        for channel in served.closing { channel.close(promise: nil) }
        for (continuation, lease) in served.resumptions { continuation.resume(returning: lease) }
        reportConnectionCounts()
    }

    private func lease(_ key: HTTPConnectionKey, forcesNewConnection: Bool, scope: CancellationScope?)
        async throws -> Lease
    {
        var closing: [any Channel] = []
        let immediate: Result<Lease, HTTPEngineError>? = state.withLock { state in
            if state.isShutDown { return .failure(Self.shutDownError(key)) }
            if let waiting = state.keys[key]?.waiters, !waiting.isEmpty { return nil }
            return decide(
                &state.keys[key, default: KeyState()], key: key, forcesNewConnection: forcesNewConnection,
                closing: &closing
            ).map { .success($0) }
        }
        for channel in closing { channel.close(promise: nil) }
        if let immediate { return try immediate.get() }
        let waiterID = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        return try await CancellationScope.withCancellationHandler(scope) {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Lease, any Error>) in
                let outcome: (error: (any Error)?, served: Served) =
                    state.withLock { state in
                        if state.isShutDown { return (Self.shutDownError(key), Served()) }
                        if Task.isCancelled || scope?.isCancelled == true { return (CancellationError(), Served()) }
                        state.keys[key, default: KeyState()].waiters.append(
                            Waiter(id: waiterID, forcesNewConnection: forcesNewConnection, continuation: continuation))
                        return (nil, dispatch(&state.keys[key, default: KeyState()], key: key))
                    }
                if let error = outcome.error { continuation.resume(throwing: error) }
                resume(outcome.served)
            }
        } onCancel: { [self] in
            let continuation = state.withLock { state -> CheckedContinuation<Lease, any Error>? in
                guard state.keys[key] != nil else { return nil }
                return Self.modify(&state, key) { keyState in
                    guard let index = keyState.waiters.firstIndex(where: { $0.id == waiterID }) else { return nil }
                    return keyState.waiters.remove(at: index).continuation
                }
            }
            continuation?.resume(throwing: CancellationError())
        }
    }

    // MARK: Connecting

    /// Opens a connection for a `connect` lease and returns it leased to the request.
    private func connect(for request: HTTPExchangeRequest) async throws -> Ready {
        let key = request.key
        let origin = key.authority
        do {
            // Connecting, the trust checks and the protocol's set-up run on the event loop, one after the other:
            // this task waits once.
            let cancellation = ConnectCancellation()
            let opening = connector.connectFuture(
                key: key, timeout: request.connectTimeout, authorizer: request.proxyAuthorizer,
                cancellation: cancellation
            ).flatMap { connected -> EventLoopFuture<OpenConnection> in
                let checked: EventLoopFuture<Void>
                if let check = key.tls?.connectionCheck {
                    checked = check(connected.channel).flatMapErrorThrowing { error in
                        connected.channel.close(promise: nil)
                        throw HTTPEngineError(
                            .tlsFailed, "the connection to \(origin) failed Courier's trust checks", underlying: error)
                    }
                } else {
                    checked = connected.channel.eventLoop.makeSucceededVoidFuture()
                }
                return checked.hop(to: connected.channel.eventLoop).flatMapThrowing {
                    try self.setUp(connected, key: key)
                }
            }
            let opened = try await Self.await(opening, cancellation: cancellation, scope: request.cancellation)
            do {
                try admit(opened, key: key)
            } catch {
                // Not the pool's (it shut down meanwhile): nobody else would ever close it.
                opened.channel.close(promise: nil)
                throw error
            }
            switch opened {
            case .http1(let connection): return .http1(connection, reused: false)
            case .http2(let connection): return .http2(connection, reused: false)
            }
        } catch {
            let served = state.withLock { state -> Served in
                if state.isShutDown { return Served() }
                return Self.modify(&state, key) { keyState in
                    keyState.connecting -= 1
                    keyState.http1Count -= 1
                    return dispatch(&keyState, key: key)
                }
            }
            resume(served)
            if let error = error as? HTTPEngineError { throw error }
            if error is CancellationError { throw error }
            throw HTTPEngineError(.cannotConnect, "cannot set up the connection to \(origin)", underlying: error)
        }
    }

    /// Waits for a connection being opened, giving up (with `CancellationError`, and the attempt cancelled) when the
    /// task or `scope` is cancelled first. A connection that opens after that is closed.
    private static func await(
        _ opening: EventLoopFuture<OpenConnection>, cancellation: ConnectCancellation, scope: CancellationScope?
    ) async throws -> OpenConnection {
        try await CancellationScope.withCancellationHandler(scope) {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<OpenConnection, any Error>) in
                cancellation.onCancel {
                    if cancellation.claim() { continuation.resume(throwing: CancellationError()) }
                }
                opening.whenComplete { result in
                    if cancellation.claim() {
                        continuation.resume(with: result)
                    } else if case .success(let connection) = result {
                        connection.channel.close(promise: nil)
                    }
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
    }

    /// Sets the protocol ALPN chose up on a new connection, with the pool's next connection ID; call on its
    /// event loop.
    private func setUp(_ connected: HTTPConnector.Connected, key: HTTPConnectionKey) throws -> OpenConnection {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        if connected.isHTTP2 {
            return .http2(
                try HTTP2Connection.setUp(connected, id: id, origin: key.authority) { [weak self] connection, event in
                    self?.http2Event(event, key: key, connection: connection)
                })
        }
        return .http1(
            try HTTP1Connection.setUp(connected, id: id, origin: key.authority) {
                [weak self] connection, reusable in
                self?.exchangeEnded(key: key, connection: connection, reusable: reusable)
            })
    }

    /// Records a new connection (its slot was counted by the lease); throws when the pool shut down meanwhile.
    private func admit(_ connection: OpenConnection, key: HTTPConnectionKey) throws {
        let result: Result<Served, HTTPEngineError> = state.withLock {
            state in
            if state.isShutDown { return .failure(Self.shutDownError(key)) }
            if case .http2(let http2) = connection, !http2.channel.isActive {
                // Closed since it was set up (a TLS 1.3 server refusing the client certificate): its `closed`
                // event came before it was known here, so it must not become the key's shared connection.
                return .failure(
                    HTTPEngineError(
                        .connectionLostBeforeResponse,
                        "the connection to \(key.authority) closed right after it was set up",
                        underlying: http2.connectionError))
            }
            state.opened += 1
            switch connection {
            case .http1(let http1): state.connections[http1.id] = connection
            case .http2(let http2): state.connections[http2.id] = connection
            }
            return .success(
                Self.modify(&state, key) { keyState in
                    keyState.connecting -= 1
                    let replaced = keyState.http2
                    switch connection {
                    case .http1:
                        if key.scheme == .https { keyState.learnedProtocol = .http1 }
                    case .http2(let http2):
                        keyState.http1Count -= 1
                        keyState.learnedProtocol = .http2
                        keyState.http2 = HTTP2Entry(
                            connection: http2, maximumStreams: http2.maximumConcurrentStreams, openStreams: 1,
                            idleSince: nil)
                    }
                    var served = dispatch(&keyState, key: key)
                    if case .http2 = connection, let previous = replaced {
                        // The connection this one replaces drains its streams, or closes now if it has none.
                        if previous.openStreams > 0 {
                            keyState.draining[previous.connection.id] = previous
                        } else {
                            served.closing.append(previous.connection.channel)
                        }
                    }
                    return served
                })
        }
        switch result {
        case .success(let served):
            resume(served)
            if case .http1(let http1) = connection {
                http1.channel.closeFuture.whenComplete { [weak self] _ in
                    self?.http1Closed(key: key, connection: http1)
                }
            }
        case .failure(let error):
            connection.channel.close(promise: nil)
            throw error
        }
    }

    // MARK: Connection events

    private func exchangeEnded(key: HTTPConnectionKey, connection: HTTP1Connection, reusable: Bool) {
        guard reusable else { return }  // the connection closes; `http1Closed` frees its slot
        let now = NIODeadline.now()
        let (served, armTimer, closeNow) = state.withLock { state -> (Served, Bool, Bool) in
            if state.isShutDown { return (Served(), false, true) }
            let (served, stillIdle) = Self.modify(&state, key) { keyState in
                keyState.idle.append(IdleConnection(connection: connection, since: now))
                let served = dispatch(&keyState, key: key)
                return (served, keyState.idle.last?.connection === connection)
            }
            let arm = stillIdle && state.armedTimers.insert(connection.id).inserted
            return (served, arm, false)
        }
        settle(
            served, key: key, connectionID: connection.id, channel: connection.channel, closing: closeNow,
            armingTimerAt: armTimer ? now + configuration.idleTimeout : nil)
    }

    /// Ends a connection event outside the lock: closes the connection when `closing`, resumes the requests
    /// it served, and arms its idle timer for `deadline` when one is given.
    private func settle(
        _ served: Served, key: HTTPConnectionKey, connectionID: Int, channel: any Channel, closing: Bool,
        armingTimerAt deadline: NIODeadline?
    ) {
        if closing { channel.close(promise: nil) }
        resume(served)
        if let deadline {
            armIdleTimer(key: key, connectionID: connectionID, on: channel.eventLoop, at: deadline)
        }
    }

    private func armIdleTimer(
        key: HTTPConnectionKey, connectionID: Int, on eventLoop: any EventLoop, at deadline: NIODeadline
    ) {
        let scheduled = eventLoop.scheduleTask(deadline: deadline) { [weak self] () -> Void in
            self?.idleTimerFired(key: key, connectionID: connectionID, on: eventLoop)
        }
        let kept = state.withLock { state in
            guard state.armedTimers.contains(connectionID), state.connections[connectionID] != nil else {
                return false
            }
            state.idleTimers[connectionID] = scheduled
            return true
        }
        if !kept { scheduled.cancel() }
    }

    /// Forgets a closed connection's idle timer; the caller cancels it once the lock is released.
    private static func removeIdleTimer(_ state: inout State, connectionID: Int) -> Scheduled<Void>? {
        state.armedTimers.remove(connectionID)
        return state.idleTimers.removeValue(forKey: connectionID)
    }

    /// When an idle HTTP/2 connection is first looked at: at the PING interval if that comes before the timeout.
    private var firstHTTP2IdleCheck: TimeAmount {
        guard let interval = configuration.http2PingInterval else { return configuration.idleTimeout }
        return min(interval, configuration.idleTimeout)
    }

    /// Closes the connection if it has been idle for the whole timeout; re-arms the timer if it went idle again
    /// since the timer was set.
    private func idleTimerFired(key: HTTPConnectionKey, connectionID: Int, on eventLoop: any EventLoop) {
        let now = NIODeadline.now()
        let outcome: IdleOutcome = state.withLock { state in
            let outcome = Self.modify(&state, key) { keyState in
                idleOutcome(&keyState, connectionID: connectionID, now: now)
            }
            switch outcome {
            case .rearm, .ping: return outcome
            case .close, .nothing:
                state.armedTimers.remove(connectionID)
                state.idleTimers[connectionID] = nil
                return outcome
            }
        }
        switch outcome {
        case .close(let connection):
            connection.channel.close(promise: nil)
        case .rearm(let deadline):
            armIdleTimer(key: key, connectionID: connectionID, on: eventLoop, at: deadline)
        case .ping(let connection, let next):
            armIdleTimer(key: key, connectionID: connectionID, on: eventLoop, at: next)
            let timeout = configuration.http2PingTimeout
            Task {
                // No answer in time: the connection is dead; closing it keeps requests off it.
                do { try await connection.ping(timeout: timeout) } catch { connection.close() }
            }
        case .nothing:
            break
        }
    }

    private enum IdleOutcome {
        case close(OpenConnection)
        /// Look again at this time.
        case rearm(NIODeadline)
        /// Check the idle HTTP/2 connection's health, and look again at `next`.
        case ping(HTTP2Connection, next: NIODeadline)
        case nothing
    }

    private func idleOutcome(_ keyState: inout KeyState, connectionID: Int, now: NIODeadline) -> IdleOutcome {
        let timeout = configuration.idleTimeout
        if let index = keyState.idle.firstIndex(where: { $0.connection.id == connectionID }) {
            let since = keyState.idle[index].since
            if since + timeout <= now {
                return .close(.http1(keyState.idle.remove(at: index).connection))
            }
            return .rearm(since + timeout)
        }
        if let entry = keyState.http2, entry.connection.id == connectionID, let since = entry.idleSince {
            if since + timeout <= now {
                keyState.http2 = nil
                return .close(.http2(entry.connection))
            }
            if let interval = configuration.http2PingInterval, since + interval <= now,
                entry.pingedWhileIdleSince != since
            {
                keyState.http2?.pingedWhileIdleSince = since
                return .ping(entry.connection, next: since + timeout)
            }
            return .rearm(since + (entry.pingedWhileIdleSince == since ? timeout : firstHTTP2IdleCheck))
        }
        return .nothing
    }

    private func http1Closed(key: HTTPConnectionKey, connection: HTTP1Connection) {
        let (served, timer) = state.withLock { state -> (Served, Scheduled<Void>?) in
            state.connections[connection.id] = nil
            let timer = Self.removeIdleTimer(&state, connectionID: connection.id)
            if state.isShutDown { return (Served(), timer) }
            let served = Self.modify(&state, key) { keyState in
                keyState.idle.removeAll { $0.connection === connection }
                keyState.http1Count -= 1
                return dispatch(&keyState, key: key)
            }
            return (served, timer)
        }
        timer?.cancel()
        resume(served)
    }

    private func streamClosed(key: HTTPConnectionKey, connection: HTTP2Connection) {
        let now = NIODeadline.now()
        let (served, armTimer, closeDrained) = state.withLock {
            state -> (Served, Bool, Bool) in
            if state.isShutDown { return (Served(), false, false) }
            let (served, becameIdle, closeDrained) = Self.modify(&state, key) { keyState in
                streamClosed(&keyState, key: key, connection: connection, now: now)
            }
            let arm = becameIdle && state.armedTimers.insert(connection.id).inserted
            return (served, arm, closeDrained)
        }
        settle(
            served, key: key, connectionID: connection.id, channel: connection.channel, closing: closeDrained,
            armingTimerAt: armTimer ? now + firstHTTP2IdleCheck : nil)
    }

    private func streamClosed(
        _ keyState: inout KeyState, key: HTTPConnectionKey, connection: HTTP2Connection, now: NIODeadline
    ) -> (Served, Bool, Bool) {
        if var draining = keyState.draining[connection.id] {
            draining.openStreams -= 1
            keyState.draining[connection.id] = draining.openStreams > 0 ? draining : nil
            return (Served(), false, draining.openStreams <= 0)
        }
        guard keyState.http2?.connection === connection else { return (Served(), false, false) }
        keyState.http2?.openStreams -= 1
        var becameIdle = false
        if keyState.http2?.openStreams == 0 {
            keyState.http2?.idleSince = now
            becameIdle = true
        }
        return (dispatch(&keyState, key: key), becameIdle, false)
    }

    private func http2Event(_ event: HTTP2Connection.Event, key: HTTPConnectionKey, connection: HTTP2Connection) {
        let (served, closeNow, timer) = state.withLock {
            state -> (Served, Bool, Scheduled<Void>?) in
            var timer: Scheduled<Void>?
            if case .closed = event {
                state.connections[connection.id] = nil
                timer = Self.removeIdleTimer(&state, connectionID: connection.id)
            }
            if state.isShutDown { return (Served(), false, timer) }
            let (served, closeNow) = Self.modify(&state, key) { keyState in
                http2Event(event, keyState: &keyState, key: key, connection: connection)
            }
            return (served, closeNow, timer)
        }
        timer?.cancel()
        if closeNow { connection.close() }
        resume(served)
    }

    private func http2Event(
        _ event: HTTP2Connection.Event, keyState: inout KeyState, key: HTTPConnectionKey, connection: HTTP2Connection
    ) -> (Served, Bool) {
        let isCurrent = keyState.http2?.connection === connection
        switch event {
        case .maximumConcurrentStreamsChanged(let maximum):
            if isCurrent { keyState.http2?.maximumStreams = maximum }
            return (dispatch(&keyState, key: key), false)
        case .goAway:
            guard isCurrent, let entry = keyState.http2 else { return (Served(), false) }
            keyState.http2 = nil
            if entry.openStreams > 0 { keyState.draining[connection.id] = entry }
            return (dispatch(&keyState, key: key), entry.openStreams == 0)
        case .closed:
            keyState.draining[connection.id] = nil
            if isCurrent { keyState.http2 = nil }
            return (dispatch(&keyState, key: key), false)
        }
    }

    // MARK: Shutting down

    /// Closes every connection and fails waiting requests with `shutDown`; later requests fail at once.
    func shutdown() async {
        let (connections, waiters) = state.withLock { state in
            state.isShutDown = true
            let connections = Array(state.connections.values)
            let waiters = state.keys.values.flatMap { $0.waiters }
            state.keys = [:]
            return (connections, waiters)
        }
        for waiter in waiters {
            waiter.continuation.resume(throwing: HTTPEngineError(.shutDown, "the connection pool was shut down"))
        }
        for connection in connections {
            connection.channel.close(promise: nil)
        }
        for connection in connections {
            try? await connection.channel.closeFuture.get()
        }
    }

    /// Runs `body` on a key's state in place (no copy of its arrays).
    private static func modify<Result>(
        _ state: inout State, _ key: HTTPConnectionKey, _ body: (inout KeyState) -> Result
    ) -> Result {
        let result = body(&state.keys[key, default: KeyState()])
        if state.keys[key]?.isUnused == true {
            // Forget keys with nothing left, so a session that visits many hosts does not grow without bound.
            state.keys[key] = nil
        }
        return result
    }

    private static func shutDownError(_ key: HTTPConnectionKey) -> HTTPEngineError {
        HTTPEngineError(.shutDown, "the connection pool was shut down before the request to \(key.authority)")
    }
}
