import Synchronization

/// A latch the test server's handlers wait on until the test opens it; it also counts the arrivals, so a test
/// can wait until a request has reached the server.
final class Gate: Sendable {
    private struct State {
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())
    let arrivals = EventLog<String>()

    /// Records `name` as arrived, then waits until the gate is open.
    func pass(_ name: String) async {
        arrivals.record(name)
        await withCheckedContinuation { continuation in
            let isOpen = state.withLock { state in
                if !state.isOpen { state.waiters.append(continuation) }
                return state.isOpen
            }
            if isOpen { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}
