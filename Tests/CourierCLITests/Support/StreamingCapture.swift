import Foundation
import Synchronization

@testable import CourierCLI

/// Captures what an in-process command writes and lets a test await a piece of its output: each write wakes the
/// waiter, so nothing polls. The bound on a wait is a safety net against a hang, never a timing assertion.
final class StreamingCapture: Sendable {
    private let output = Mutex("")
    private let error = Mutex("")
    private let writes: AsyncStream<Void>
    private let wrote: AsyncStream<Void>.Continuation
    private let inputLines: AsyncStream<String>
    private let input: AsyncStream<String>.Continuation

    init() {
        // The newest wake-up is enough: a waiter reads the whole text again after each one.
        (writes, wrote) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        (inputLines, input) = AsyncStream.makeStream()
    }

    /// Sends one line to the command's standard input, as typing it and Return would (line by line: one reader).
    func typeLine(_ line: String) {
        input.yield(line)
    }

    /// Ends the command's standard input, as Ctrl-D would.
    func endInput() {
        input.finish()
    }

    var standardOutput: String { output.withLock { $0 } }
    var standardError: String { error.withLock { $0 } }

    /// An IO writing into this capture; not a terminal. Standard input read whole is empty; read line by line it
    /// is what ``typeLine(_:)`` sends until ``endInput()``.
    func io() -> CLIIO {
        var io = CLIIO(
            writeOut: { text in
                self.output.withLock { $0 += text }
                self.wrote.yield()
            },
            writeOutData: { data in
                self.output.withLock { $0 += String(decoding: data, as: UTF8.self) }
                self.wrote.yield()
            },
            writeError: { text in
                self.error.withLock { $0 += text }
                self.wrote.yield()
            },
            readStandardInput: { Data() },
            isOutputTerminal: false,
            isErrorTerminal: false,
            environment: [:])
        io.isInputTerminal = false
        let lines = inputLines
        io.standardInputLines = { lines }
        return io
    }

    /// Waits until standard output contains `needle` `count` times; one waiter at a time.
    ///
    /// - Throws: `CaptureWaitTimedOut` (with what was written) when `bound` passes first.
    func waitForOutput(containing needle: String, count: Int = 1, within bound: Duration = .seconds(60)) async throws {
        let found: @Sendable () -> Bool = { self.standardOutput.components(separatedBy: needle).count - 1 >= count }
        let arrived = try await withThrowingTaskGroup(of: Bool.self) { group in
            group.addTask {
                if found() { return true }
                for await _ in self.writes where found() {
                    return true
                }
                return found()
            }
            group.addTask {
                try await Task.sleep(for: bound)
                return false
            }
            defer { group.cancelAll() }
            return try await group.next() ?? false
        }
        guard arrived else {
            throw CaptureWaitTimedOut(
                needle: needle, output: standardOutput, error: standardError)
        }
    }
}

/// A wait for output ended at its bound.
struct CaptureWaitTimedOut: Error, CustomStringConvertible {
    var needle: String
    var output: String
    var error: String
    var description: String { "timed out waiting for \"\(needle)\"; stdout: \(output) stderr: \(error)" }
}
