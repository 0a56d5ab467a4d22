import Courier
import Foundation
import Synchronization

/// A protocol handler for tests that need a request in flight: each load announces itself on ``arrivals``, then
/// is held until the test calls ``release()`` (it answers `200` with ``answer``) or the load is cancelled (it
/// ends without an answer). A test awaits the arrival instead of sleeping until the request has probably started.
final class HeldProtocolHandler: ProtocolHandler, Sendable {
    private struct State {
        var released = false
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        var nextWaiter = 0
    }

    /// Each request as its load starts; one consumer.
    let arrivals: AsyncStream<Request>
    private let arrived: AsyncStream<Request>.Continuation
    private let answer: String
    private let state = Mutex(State())

    init(answer: String = "released") {
        self.answer = answer
        (arrivals, arrived) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    deinit {
        arrived.finish()
    }

    /// Waits until `count` more loads have started.
    func waitForArrivals(_ count: Int = 1) async {
        var iterator = arrivals.makeAsyncIterator()
        for _ in 0..<count { _ = await iterator.next() }
    }

    /// Lets every held load, and every later one, answer.
    func release() {
        let waiters = state.withLock { state in
            state.released = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    func canHandle(_ request: Request) -> Bool { true }

    func startLoading(_ request: Request, client: ProtocolHandlerClient) async {
        arrived.yield(request)
        guard await waitForRelease() else { return }
        let body = Data(answer.utf8)
        client.didReceive(
            Response(
                status: .ok, headerFields: [.contentType: "text/plain", .contentLength: String(body.count)],
                url: request.url, request: request))
        await client.didLoad(body)
        client.didFinishLoading()
    }

    /// True once released, false when the load's task is cancelled first.
    private func waitForRelease() async -> Bool {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                // Under the lock, so a cancellation either sees the stored waiter or is seen here.
                let now: Bool? = state.withLock { state in
                    if state.released { return true }
                    if Task.isCancelled { return false }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
            waiter?.resume(returning: false)
        }
    }
}

/// Opens once `count` parties have arrived: a test waits on it instead of sleeping until they probably have.
final class Countdown: Sendable {
    private struct State {
        var remaining: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(count: Int) {
        state = Mutex(State(remaining: count))
    }

    func arrive() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.remaining -= 1
            guard state.remaining <= 0 else { return [] }
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if state.remaining <= 0 { return true }
                state.waiters.append(continuation)
                return false
            }
            if open { continuation.resume() }
        }
    }
}
