import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a program with `posix_spawn` and waits with `wait4`, returning its exit status, wall time and
/// CPU time (Foundation's `Process` can hang waiting for a daemonizing child from async code).
enum Spawn {
    struct Result {
        var status: Int32
        var seconds: Double
        var cpuSeconds: Double
        var output: String = ""
    }

    static func run(_ executable: String, _ arguments: [String], captureOutput: Bool = false) throws -> Result {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var descriptors: [Int32] = [-1, -1]
        if captureOutput {
            guard pipe(&descriptors) == 0 else { throw BenchmarkError("pipe failed") }
            posix_spawn_file_actions_adddup2(&actions, descriptors[1], STDOUT_FILENO)
            posix_spawn_file_actions_addclose(&actions, descriptors[0])
            posix_spawn_file_actions_addclose(&actions, descriptors[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&child, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            throw BenchmarkError("could not start \(executable): \(String(cString: strerror(spawned)))")
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
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exitStatus, seconds: seconds, cpuSeconds: cpu, output: String(decoding: output, as: UTF8.self))
    }
}

/// Prints a line at once (stdout is block-buffered when piped, and benchmarks run long).
func report(_ line: String = "") {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
