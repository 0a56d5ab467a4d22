import Testing

@testable import Courier

/// Every transition of a task's life, without a session, a network or a lock.
@Suite struct TaskStateMachineTests {
    @Test func resumeStartsOnceThenUnpauses() {
        var machine = TaskStateMachine()
        #expect(machine.state == .suspended)
        #expect(machine.resume() == .start)
        #expect(machine.state == .running)
        #expect(machine.resume() == .nothing)
        #expect(machine.suspend() == true)
        #expect(machine.state == .suspended)
        #expect(machine.paused)
        #expect(machine.resume() == .unpause)
        #expect(machine.state == .running)
        #expect(!machine.paused)
    }

    @Test func onlyARunningTaskSuspends() {
        var machine = TaskStateMachine()
        #expect(machine.suspend() == false)
        #expect(!machine.paused)
        _ = machine.resume()
        #expect(machine.suspend() == true)
        #expect(machine.suspend() == false)
    }

    @Test func cancellingBeforeTheStartCompletesAtOnce() {
        var machine = TaskStateMachine()
        #expect(machine.cancel(.user) == .completeNow)
        #expect(machine.isCancelled)
        #expect(machine.started)
        // Until the task completes (at once, outside the lock), a second cancel reaches the same state.
        #expect(machine.state == .suspended)
    }

    @Test func cancellingARunningTaskCancelsTheAttemptOnce() {
        var machine = TaskStateMachine()
        _ = machine.resume()
        #expect(machine.cancel(.expired(.idle(seconds: 5))) == .cancelRunning)
        #expect(machine.state == .canceling)
        guard case .expired(.idle(let seconds)) = machine.cancelReason else {
            Issue.record("the first reason is kept: \(String(describing: machine.cancelReason))")
            return
        }
        #expect(seconds == 5)
        // A second cancel (the caller, after the timeout) changes nothing: the reason stays the timeout.
        #expect(machine.cancel(.user) == .nothing)
        guard case .expired = machine.cancelReason else {
            Issue.record("the reason changed to \(String(describing: machine.cancelReason))")
            return
        }
        #expect(machine.resume() == .nothing)
        #expect(machine.suspend() == false)
    }

    @Test func cancellingAPausedTaskReleasesItsReaders() {
        var machine = TaskStateMachine()
        _ = machine.resume()
        #expect(machine.suspend() == true)
        #expect(machine.cancel(.invalidated) == .cancelRunning)
        #expect(!machine.paused)
        #expect(machine.state == .canceling)
    }

    @Test func aCompletedTaskNeverMovesAgain() {
        var machine = TaskStateMachine()
        _ = machine.resume()
        #expect(machine.suspend() == true)
        machine.complete()
        #expect(machine.state == .completed)
        #expect(!machine.paused)
        #expect(machine.resume() == .nothing)
        #expect(machine.suspend() == false)
        #expect(machine.cancel(.user) == .nothing)
        #expect(!machine.isCancelled)
        #expect(machine.state == .completed)
    }
}
