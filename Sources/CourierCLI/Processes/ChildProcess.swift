import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program and waits for it: its exit status, wall time and CPU time, and its standard output when
/// asked. For measuring a real peer (curl, nginx, gzip) in `courier bench` and in the benchmarks, which reach
/// it with package access.
///
/// It uses `posix_spawn` and `wait4` rather than Foundation's `Process`, which can hang from async code
/// while it waits for a child that daemonizes. Standard output goes to `/dev/null` unless it is captured;
/// standard error goes to `/dev/null` unless a file is named for it. (`CourierLinks`' `ProcessRunner` is the other spawner: it runs desktop handlers
/// with an explicit environment, a time limit and cancellation, and measures nothing.)
package enum ChildProcess {
    /// How a program ended and what it cost.
    package struct Result: Sendable {
        /// The exit status, or 128 + the signal's number when a signal ended the program.
        package var status: Int32
        /// Wall time from the start to the end of the wait, in seconds.
        package var seconds: Double
        /// User and system CPU time of the program, in seconds.
        package var cpuSeconds: Double
        /// Standard output, when captured; empty otherwise.
        package var output: String
    }

    /// Why a program could not be started.
    package struct StartError: Error, CustomStringConvertible {
        package var description: String
    }

    /// Runs `executable` (a path) with `arguments` and waits for it to end. With `errorFile`, the program's
    /// standard error is written to that file (created owner-only, or emptied), for a caller that wants to say
    /// why a program failed.
    package static func run(
        _ executable: String, _ arguments: [String], captureOutput: Bool = false, errorFile: String? = nil
    ) throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var descriptors: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&descriptors) == 0 else {
                throw StartError(
                    description: "could not make a pipe for \(executable): \(String(cString: strerror(errno)))")
            }
            posix_spawn_file_actions_adddup2(&actions, descriptors[1], STDOUT_FILENO)
            posix_spawn_file_actions_addclose(&actions, descriptors[0])
            posix_spawn_file_actions_addclose(&actions, descriptors[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        if let errorFile {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let started = ContinuousClock.now
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            if captureOutput {
                close(descriptors[0])
                close(descriptors[1])
            }
            throw StartError(description: "could not start \(executable): \(String(cString: strerror(spawned)))")
        }
        var output = Data()
        if captureOutput {
            close(descriptors[1])
            let reader = FileHandle(fileDescriptor: descriptors[0], closeOnDealloc: true)
            output = reader.readDataToEndOfFile()
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(child, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exitStatus, seconds: seconds, cpuSeconds: cpu, output: String(decoding: output, as: UTF8.self))
    }
}
