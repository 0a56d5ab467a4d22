import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process with its standard input and output connected to the test, for tests that watch
/// what a user piping a command sees (the `courier` executable, or a peer like `nc`).
///
/// Started with `posix_spawn` through `/bin/bash`, which closes every descriptor above 2 before it execs
/// the command: SwiftNIO's sockets are not close-on-exec on Linux, and a child that inherited another
/// test's connection would keep it open (its peer never sees the end) for as long as the child lives,
/// which stalled the parallel suite. Watched by two plain threads (a blocking reader and `waitpid`).
/// The standard streams are Unix socket pairs made close-on-exec in one call.
public final class InteractiveProcess: Sendable {
    /// The lines the child printed on standard output, as they arrive; one consumer.
    public let lines: AsyncStream<String>
    private let pid: pid_t
    private let input: Int32
    private let isInputOpen = Atomic<Bool>(true)
    private let exit = ExitWatch()

    /// Starts `executable` with `arguments`, its standard input and output connected to the test.
    /// - Throws: `POSIXError` when the process cannot be started.
    public init(_ executable: URL, arguments: [String]) throws {
        let (inputChild, inputParent) = try Self.makeSocketPair()
        let (outputParent, outputChild) = try Self.makeSocketPair()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputChild, 0)
        posix_spawn_file_actions_adddup2(&actions, outputChild, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // In the child, single-threaded, so no descriptor can appear while the loop runs.
        let closeInherited =
            #"cd /proc/self/fd && for fd in *; do [ "$fd" -gt 2 ] && eval "exec $fd>&-"; done; exec "$0" "$@""#
        let argv = (["/bin/bash", "-c", closeInherited, executable.path] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, "/bin/bash", &actions, nil, argv, environ)
        close(inputChild)
        close(outputChild)
        guard result == 0 else {
            close(inputParent)
            close(outputParent)
            throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EINVAL)
        }
        self.pid = pid
        self.input = inputParent
        let (lines, continuation) = AsyncStream.makeStream(of: String.self)
        self.lines = lines
        // Ends when the child's output closes (it exited or was killed); owns and closes the descriptor.
        Thread {
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(outputParent, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                pending += chunk[0..<count]
                while let newline = pending.firstIndex(of: 0x0A) {
                    continuation.yield(String(decoding: pending[..<newline], as: UTF8.self))
                    pending.removeSubrange(...newline)
                }
            }
            close(outputParent)
            continuation.finish()
        }.start()
        let exit = self.exit
        let child = pid
        Thread {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0, errno == EINTR {}
            // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
            let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
            exit.exited(code)
        }.start()
    }

    deinit {
        closeInput()
    }

    /// Writes a line to the child's standard input.
    public func type(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { _ = write(input, $0.baseAddress, $0.count) }
    }

    /// Closes the child's standard input.
    public func endInput() throws {
        closeInput()
    }

    private func closeInput() {
        if isInputOpen.exchange(false, ordering: .acquiringAndReleasing) { close(input) }
    }

    /// Waits, without blocking a thread of the caller's, for the child to exit and returns its status.
    public func exitStatus() async -> Int32 {
        await exit.status()
    }

    /// Kills the child (SIGKILL: a child of the test process may inherit a blocked SIGTERM), unless it
    /// already exited and was reaped (its pid could belong to another process by then).
    public func kill() {
        if !exit.hasExited { _ = Foundation.kill(pid, SIGKILL) }
    }

    private static func makeSocketPair() throws -> (Int32, Int32) {
        var descriptors: [Int32] = [0, 0]
        let result = socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL) }
        return (descriptors[0], descriptors[1])
    }

    /// The child's exit status, awaited by one waiter.
    private final class ExitWatch: Sendable {
        private enum State {
            case running
            case waiting(CheckedContinuation<Int32, Never>)
            case exited(Int32)
        }

        private let state = Mutex(State.running)

        var hasExited: Bool {
            state.withLock { state in
                if case .exited = state { return true }
                return false
            }
        }

        func exited(_ status: Int32) {
            let waiter = state.withLock { state -> CheckedContinuation<Int32, Never>? in
                defer { state = .exited(status) }
                if case .waiting(let continuation) = state { return continuation }
                return nil
            }
            waiter?.resume(returning: status)
        }

        func status() async -> Int32 {
            await withCheckedContinuation { continuation in
                let done = state.withLock { state -> Int32? in
                    if case .exited(let status) = state { return status }
                    state = .waiting(continuation)
                    return nil
                }
                if let done { continuation.resume(returning: done) }
            }
        }
    }
}
