import Foundation
import Synchronization
import Testing

/// Events recorded from other tasks, with an await until a condition on them holds: tests wait for a state
/// instead of sleeping. The wait gives up after a generous safety bound so a broken expectation fails the
/// test rather than hanging the suite.
final class EventLog<Event: Sendable>: Sendable {
    private struct Waiter {
        var id: Int
        var predicate: @Sendable ([Event]) -> Bool
        var continuation: CheckedContinuation<Bool, Never>
    }

    private struct State {
        var events: [Event] = []
        var waiters: [Waiter] = []
        var nextID = 0
    }

    private let state = Mutex(State())

    var events: [Event] { state.withLock { $0.events } }

    func record(_ event: Event) {
        let ready = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.events.append(event)
            let events = state.events
            let ready = state.waiters.filter { $0.predicate(events) }
            state.waiters.removeAll { $0.predicate(events) }
            return ready.map(\.continuation)
        }
        for continuation in ready { continuation.resume(returning: true) }
    }

    /// Waits until `predicate` holds for the events so far; records an issue if it has not after 60 s.
    func wait(
        until predicate: @escaping @Sendable ([Event]) -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        let satisfied = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.waitWithoutBound(until: predicate) }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        if !satisfied { Issue.record("the awaited events never came: \(events)", sourceLocation: sourceLocation) }
    }

    /// Waits until `count` events have been recorded.
    func wait(forCount count: Int, sourceLocation: SourceLocation = #_sourceLocation) async {
        await wait(until: { $0.count >= count }, sourceLocation: sourceLocation)
    }

    private func waitWithoutBound(until predicate: @escaping @Sendable ([Event]) -> Bool) async -> Bool {
        let id = state.withLock { state in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let isSatisfied = state.withLock { state in
                    if predicate(state.events) || Task.isCancelled { return true }
                    state.waiters.append(Waiter(id: id, predicate: predicate, continuation: continuation))
                    return false
                }
                if isSatisfied { continuation.resume(returning: predicate(events)) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: false)
        }
    }
}
