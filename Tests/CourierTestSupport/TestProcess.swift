import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A child process for tests: `courier` itself, or a real peer (`curl`, `sha256sum`, `flock`, `openssl`).
///
/// Foundation's `Process` is not used: on Linux its `run()` reads past the end of a `dirent` while it looks for
/// the highest open descriptor, and under a loaded parallel suite that crashed the whole test process
/// (SIGSEGV in `memcpy`), as swift-corelibs-foundation PR #5472 describes. This one is `posix_spawn` with
/// every descriptor above 2 closed in the child (SwiftNIO's sockets are not close-on-exec on Linux; a child
/// that inherited another test's connection would hold it open). The exit is watched by a plain thread,
/// never by one of the cooperative pool's, and a signal is never sent to a pid that has been reaped.
public final class TestProcess: Sendable {
    /// Where one of the child's standard streams goes.
    public enum Stream: Sendable {
        /// `/dev/null`.
        case null
        /// A pipe the test reads to its end: ``output`` and ``errorOutput`` after the exit.
        case capture
        /// A descriptor of the test's (a pseudo-terminal, a pipe's end); the test keeps owning it.
        case descriptor(Int32)
        /// The test process's own stream.
        case inherit
    }

    /// How the child ended.
    public struct Termination: Sendable, Equatable, CustomStringConvertible {
        /// The exit status, or nil when a signal ended the child.
        public var exitStatus: Int32?
        /// The signal that ended the child, or nil when it exited.
        public var signal: Int32?

        /// The shell's convention: the exit status, or 128 + the signal's number.
        public var code: Int32 { exitStatus ?? 128 + (signal ?? 0) }

        /// Whether the child exited with status 0.
        public var succeeded: Bool { exitStatus == 0 }

        public var description: String {
            if let exitStatus { return "exit status \(exitStatus)" }
            return "signal \(signal ?? 0)"
        }
    }

    /// Why a child could not be started.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The child's process identifier.
    public let pid: pid_t
    private let watch = Watch()

    /// Starts `executable` (a path) with `arguments`. `environment` nil inherits the test process's.
    /// `error` nil sends standard error where standard output goes.
    public init(
        _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil,
        input: Stream = .null, output: Stream = .null, error: Stream? = .null
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var readers: [(descriptor: Int32, isError: Bool)] = []
        var childEnds: [Int32] = []
        func closeAll() {
            for end in childEnds { close(end) }
            for reader in readers { close(reader.descriptor) }
        }
        func redirect(_ stream: Stream, to target: Int32, isError: Bool) throws {
            switch stream {
            case .null:
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", target == 0 ? O_RDONLY : O_WRONLY, 0)
            case .inherit:
                break
            case .descriptor(let descriptor):
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .capture:
                var ends: [Int32] = [-1, -1]
                guard pipe(&ends) == 0 else {
                    closeAll()
                    throw StartError(description: "no pipe for \(executable): \(String(cString: strerror(errno)))")
                }
                _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
                _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
                readers.append((ends[0], isError))
                childEnds.append(ends[1])
                posix_spawn_file_actions_adddup2(&actions, ends[1], target)
            }
        }
        try redirect(input, to: 0, isError: false)
        try redirect(output, to: 1, isError: false)
        if let error {
            try redirect(error, to: 2, isError: true)
        } else {
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        Self.closeDescriptorsAboveStandardStreams(&actions)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let variables = environment ?? ProcessInfo.processInfo.environment
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child: pid_t = 0
        let result = posix_spawn(&child, executable, &actions, nil, argv, envp)
        for end in childEnds { close(end) }
        guard result == 0 else {
            for reader in readers { close(reader.descriptor) }
            throw StartError(description: "could not start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
        let spawned = child
        let watch = self.watch
        watch.expectReaders(readers.count)
        for reader in readers {
            Thread {
                var collected: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 16 * 1024)
                while true {
                    let count = chunk.withUnsafeMutableBytes { read(reader.descriptor, $0.baseAddress, $0.count) }
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { break }
                    collected += chunk[0..<count]
                }
                close(reader.descriptor)
                watch.readerFinished(Data(collected), isError: reader.isError)
            }.start()
        }
        Thread {
            // Wait without reaping first, so `signal` cannot reach a reused pid between the exit and the reap.
            var info = siginfo_t()
            while waitid(P_PID, id_t(spawned), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
            watch.exiting()
            var status: Int32 = 0
            while waitpid(spawned, &status, 0) < 0, errno == EINTR {}
            // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import as functions.
            let termination =
                (status & 0x7F) == 0
                ? Termination(exitStatus: (status >> 8) & 0xFF, signal: nil)
                : Termination(exitStatus: nil, signal: status & 0x7F)
            watch.exited(termination)
        }.start()
    }

    /// Runs `executable` to its end and returns how it ended, its standard output and its standard error.
    /// Blocks the calling thread: call it from a synchronous test or off the cooperative pool.
    public static func run(
        _ executable: String, _ arguments: [String] = [], environment: [String: String]? = nil
    ) throws -> (termination: Termination, output: String, errorOutput: String) {
        let process = try TestProcess(
            executable, arguments, environment: environment, output: .capture, error: .capture)
        let termination = process.waitUntilExit()
        return (
            termination, String(decoding: process.output, as: UTF8.self),
            String(decoding: process.errorOutput, as: UTF8.self)
        )
    }

    /// Whether the child has not exited yet.
    public var isRunning: Bool { !watch.hasExited }

    /// Sends `signal` (SIGKILL by default) unless the child has already exited.
    public func signal(_ signal: Int32 = SIGKILL) {
        watch.unlessExited { _ = kill(pid, signal) }
    }

    /// Blocks the calling thread until the child has exited and its captured streams have ended.
    @discardableResult
    public func waitUntilExit() -> Termination {
        watch.waitBlocking()
    }

    /// Waits, without holding a thread, until the child has exited and its captured streams have ended.
    @discardableResult
    public func exited() async -> Termination {
        await watch.wait()
    }

    /// What the child wrote to a captured standard output (complete once it has exited).
    public var output: Data { watch.captured(isError: false) }

    /// What the child wrote to a captured standard error (complete once it has exited).
    public var errorOutput: Data { watch.captured(isError: true) }

    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// glibc 2.34's `posix_spawn_file_actions_addclosefrom_np`, which Swift's Glibc module does not import.
    private static let closeFrom: CloseFrom? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { return nil }
        return unsafeBitCast(symbol, to: CloseFrom.self)
    }()

    private static func closeDescriptorsAboveStandardStreams(_ actions: inout posix_spawn_file_actions_t) {
        if let closeFrom = Self.closeFrom {
            _ = closeFrom(&actions, 3)
            return
        }
        // Without it: close what is open now (a descriptor opened meanwhile by another thread may leak).
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for case let descriptor? in open.map({ Int32($0) }) where descriptor > 2 {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// The child's exit and captured streams, guarded by one condition.
    private final class Watch: Sendable {
        private struct State {
            var isExiting = false
            var termination: Termination?
            var pendingReaders = 0
            var output = Data()
            var errorOutput = Data()
            var waiters: [CheckedContinuation<Termination, Never>] = []
        }

        // NSCondition is thread-safe; the state is touched only while it is locked.
        private let condition = NSCondition()
        nonisolated(unsafe) private var state = State()

        private func locked<T>(_ body: (inout State) -> T) -> T {
            condition.lock()
            defer { condition.unlock() }
            return body(&state)
        }

        var hasExited: Bool { locked { $0.isExiting } }

        func expectReaders(_ count: Int) { locked { $0.pendingReaders += count } }

        func exiting() { locked { $0.isExiting = true } }

        func unlessExited(_ body: () -> Void) {
            locked { state in if !state.isExiting { body() } }
        }

        func exited(_ termination: Termination) {
            finish { $0.termination = termination }
        }

        func readerFinished(_ data: Data, isError: Bool) {
            finish { state in
                if isError { state.errorOutput = data } else { state.output = data }
                state.pendingReaders -= 1
            }
        }

        func captured(isError: Bool) -> Data { locked { isError ? $0.errorOutput : $0.output } }

        private func finish(_ change: (inout State) -> Void) {
            let (waiters, termination) = locked { state -> ([CheckedContinuation<Termination, Never>], Termination?) in
                change(&state)
                guard let termination = state.termination, state.pendingReaders == 0 else { return ([], nil) }
                defer { state.waiters = [] }
                return (state.waiters, termination)
            }
            condition.broadcast()
            if let termination { for waiter in waiters { waiter.resume(returning: termination) } }
        }

        func waitBlocking() -> Termination {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let termination = state.termination, state.pendingReaders == 0 { return termination }
                condition.wait()
            }
        }

        func wait() async -> Termination {
            await withCheckedContinuation { continuation in
                let done = locked { state -> Termination? in
                    if let termination = state.termination, state.pendingReaders == 0 { return termination }
                    state.waiters.append(continuation)
                    return nil
                }
                if let done { continuation.resume(returning: done) }
            }
        }
    }
}
