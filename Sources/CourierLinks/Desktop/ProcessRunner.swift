import Dispatch
import Foundation
import Synchronization

/// Runs child processes with `posix_spawn`, an explicit environment and a time limit.
///
/// The child starts with an empty signal mask and default signal handlers. Foundation's `Process`
/// passes on the mask of the thread that spawns it, and the runtime's worker threads block most
/// signals, so a handler started that way could not be stopped with SIGTERM or Ctrl-C.
///
/// Standard output and standard error go to temporary files rather than pipes, so a child that
/// writes a lot cannot stall on a full pipe, and a grandchild that keeps the descriptors open (a
/// desktop handler that stays running) cannot keep the caller waiting for end-of-file. Only the
/// first ``outputLimit`` bytes of each are read back. Standard input is `/dev/null`.
public struct ProcessRunner: CommandRunner {
    /// How long a child may run before it is killed and the run fails.
    public var timeout: Duration
    /// The most bytes of each output stream kept in the result.
    public var outputLimit: Int

    /// Creates a runner.
    public init(timeout: Duration = .seconds(60), outputLimit: Int = 1024 * 1024) {
        self.timeout = timeout
        self.outputLimit = outputLimit
    }

    /// Runs a program to completion.
    ///
    /// - Throws: ``LinkError/Code/commandFailed`` when the program cannot be started, the output
    ///   files cannot be created, or the program runs longer than ``timeout``.
    public func run(
        _ executable: String, arguments: [String], environment: [String: String]
    ) async throws(LinkError) -> CommandResult {
        let name = (executable as NSString).lastPathComponent
        let output = try TemporaryOutput()
        let errors = try TemporaryOutput()
        defer {
            output.remove()
            errors.remove()
        }
        let pid = try Self.spawn(
            executable, arguments: arguments, environment: environment, output: output.descriptor,
            errors: errors.descriptor)
        output.closeDescriptor()
        errors.closeDescriptor()

        let child = ChildProcess(pid: pid)
        let deadline = DispatchTime.now() + .nanoseconds(Self.nanoseconds(timeout))
        DispatchQueue.global().asyncAfter(deadline: deadline) {
            child.stop(.timedOut)
        }
        let status = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int32, Never>) in
                // waitpid blocks, so it runs on a Dispatch thread rather than the cooperative pool.
                DispatchQueue.global().async {
                    continuation.resume(returning: child.wait())
                }
            }
        } onCancel: {
            child.stop(.cancelled)
        }
        switch child.stopReason {
        case .timedOut:
            throw LinkError(.commandFailed, "\(name) ran longer than \(timeout) and was stopped")
        case .cancelled:
            throw LinkError(.commandFailed, "\(name) was stopped because the task was cancelled")
        case nil:
            break
        }
        guard status >= 0 else {
            throw LinkError(.commandFailed, "\(name) could not be waited for")
        }
        let signal = status & 0x7f
        let exitStatus = signal == 0 ? (status >> 8) & 0xff : 128 + signal
        return CommandResult(
            exitStatus: exitStatus,
            standardOutput: output.read(limit: outputLimit),
            standardError: errors.read(limit: outputLimit)
        )
    }

    private static func spawn(
        _ executable: String, arguments: [String], environment: [String: String], output: Int32, errors: Int32
    ) throws(LinkError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var emptyMask = sigset_t()
        sigemptyset(&emptyMask)
        posix_spawnattr_setsigmask(&attributes, &emptyMask)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw LinkError(.commandFailed, "\(executable) could not be started: \(String(cString: strerror(result)))")
        }
        return pid
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        let clamped = min(max(seconds, 0), Int64(Int.max / 1_000_000_000) - 1)
        return Int(clamped) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}

/// A spawned child: waits for it and stops it, never signalling a pid after it has been reaped (when
/// the number could belong to another process).
private final class ChildProcess: Sendable {
    enum StopReason: Sendable {
        case timedOut
        case cancelled
    }

    private struct State: Sendable {
        var exited = false
        var stopReason: StopReason?
    }

    let pid: pid_t
    private let state = Mutex(State())

    init(pid: pid_t) {
        self.pid = pid
    }

    var stopReason: StopReason? {
        state.withLock { $0.stopReason }
    }

    /// Kills the child unless it has already exited.
    func stop(_ reason: StopReason) {
        state.withLock { state in
            guard !state.exited, state.stopReason == nil else {
                return
            }
            state.stopReason = reason
            kill(pid, SIGKILL)
        }
    }

    /// Blocks until the child exits and returns its wait status, or -1 when it cannot be waited for.
    func wait() -> Int32 {
        // Wait without reaping first, so `stop` cannot signal a reused pid between the exit and the reap.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 {
            guard errno == EINTR else {
                break
            }
        }
        state.withLock { $0.exited = true }
        var status: Int32 = 0
        var result: pid_t = -1
        repeat {
            result = waitpid(pid, &status, 0)
        } while result < 0 && errno == EINTR
        return result < 0 ? -1 : status
    }
}

/// A temporary file that receives one output stream of a child.
private final class TemporaryOutput: Sendable {
    let path: String
    private let handle: Mutex<Int32>

    init() throws(LinkError) {
        var template = Array((NSTemporaryDirectory() + "/courier-links-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else {
            throw LinkError(.commandFailed, "a temporary file for a child's output could not be created")
        }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        handle = Mutex(descriptor)
    }

    var descriptor: Int32 {
        handle.withLock { $0 }
    }

    func closeDescriptor() {
        handle.withLock { descriptor in
            if descriptor >= 0 {
                close(descriptor)
                descriptor = -1
            }
        }
    }

    func read(limit: Int) -> String {
        guard let file = FileHandle(forReadingAtPath: path) else {
            return ""
        }
        defer { try? file.close() }
        let data = (try? file.read(upToCount: limit)) ?? nil
        return String(decoding: data ?? Data(), as: UTF8.self)
    }

    func remove() {
        closeDescriptor()
        unlink(path)
    }
}
