import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The `courier` command streaming a large body to a pipe (issue 20: resident memory at most 32 MiB for 1 GiB
/// piped to `/dev/null`), against curl in the same run: each client is its own process, its standard output
/// is `/dev/null`, and its peak resident memory is what GNU time (`/usr/bin/time -f %M`) reports for it.
///
/// Not `wait4`'s `ru_maxrss` of a child started with `posix_spawn`: the kernel folds the resident peak of the memory
/// the child had before `exec` into it, and a child spawned with `vfork` semantics shares this process's memory
/// until then, so every client would be charged this benchmark's own 40 MB. GNU time starts its child with `fork`
/// from a process of about 2 MB.
///
///     CourierBenchmarks pipe --courier PATH [--size MIB] [--rounds N] [--url URL]
///
/// `PATH` is the `courier` binary to measure (build it as docs/BENCHMARKS.md says). Rounds alternate between the
/// clients; the figures are medians.
enum PipeBenchmark {
    struct Options {
        var courier = ""
        var sizeMiB = 1024
        var rounds = 5
        var url: String?

        init(arguments: [String]) throws {
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                switch argument {
                case "--courier":
                    guard let path = remaining.popFirst() else { throw BenchmarkError("--courier takes a path") }
                    courier = path
                case "--size":
                    sizeMiB = try positiveNumber(from: &remaining, "--size takes a number of MiB")
                case "--rounds":
                    rounds = try positiveNumber(from: &remaining, "--rounds takes a positive number")
                case "--url":
                    url = remaining.popFirst()
                default:
                    throw BenchmarkError(
                        "unknown option \(argument); use --courier PATH, --size MIB, --rounds N, --url URL")
                }
            }
            guard FileManager.default.isExecutableFile(atPath: courier) else {
                throw BenchmarkError("--courier PATH must name the courier binary to measure")
            }
        }
    }

    /// One child's run: its peak resident memory and how long it took.
    struct Run {
        var peakKiB: Int
        var seconds: Double
        var status: Int32
    }

    static func run(arguments: [String]) async throws {
        let options = try Options(arguments: arguments)
        var nginx: LocalNginx?
        defer { nginx?.stop() }
        let url: String
        if let given = options.url {
            url = given
        } else {
            let started = try LocalNginx.start()
            nginx = started
            url = try started.serveLargeFile(bytes: Int64(options.sizeMiB) * 1024 * 1024)
        }
        let small = nginx.map { $0.url }
        let curl = ["/usr/bin/curl", "/usr/local/bin/curl"].first(where: FileManager.default.isExecutableFile)

        report("pipe benchmark: \(options.sizeMiB) MiB to /dev/null, \(options.rounds) alternating rounds")
        report("courier: \(options.courier)")
        // Warm nginx's page cache and both binaries' pages.
        _ = try spawn(options.courier, [url])
        if let curl { _ = try spawn(curl, ["-s", "-o", "/dev/null", url]) }

        var courierRuns: [Run] = []
        var courierSmall: [Run] = []
        var curlRuns: [Run] = []
        for round in 1...options.rounds {
            let courierRun = try spawn(options.courier, [url])
            guard courierRun.status == 0 else { throw BenchmarkError("courier exited with \(courierRun.status)") }
            courierRuns.append(courierRun)
            if let small { courierSmall.append(try spawn(options.courier, [small])) }
            var line =
                "round \(round): courier \(courierRun.peakKiB) KiB in \(String(format: "%.2f", courierRun.seconds)) s"
            if let curl {
                let curlRun = try spawn(curl, ["-s", "-o", "/dev/null", url])
                curlRuns.append(curlRun)
                line += ", curl \(curlRun.peakKiB) KiB in \(String(format: "%.2f", curlRun.seconds)) s"
            }
            report(line)
        }
        let peak = median(courierRuns.map { Double($0.peakKiB) })
        let seconds = median(courierRuns.map(\.seconds))
        let throughput = Double(options.sizeMiB) / seconds
        report()
        report(
            "courier, median: peak RSS \(Int(peak)) KiB (\(String(format: "%.1f", peak / 1024)) MiB), "
                + "\(String(format: "%.0f", throughput)) MiB/s")
        if !courierSmall.isEmpty {
            let baseline = median(courierSmall.map { Double($0.peakKiB) })
            report(
                "courier for a 1 KiB body, median: \(Int(baseline)) KiB; the large body adds "
                    + "\(Int(peak - baseline)) KiB")
        }
        if !curlRuns.isEmpty {
            let curlPeak = median(curlRuns.map { Double($0.peakKiB) })
            let curlSeconds = median(curlRuns.map(\.seconds))
            report(
                "curl, median: peak RSS \(Int(curlPeak)) KiB, "
                    + "\(String(format: "%.0f", Double(options.sizeMiB) / curlSeconds)) MiB/s")
            report(
                "ratios: memory courier/curl \(String(format: "%.2f", peak / curlPeak)), "
                    + "throughput courier/curl \(String(format: "%.2f", curlSeconds / seconds))")
        }
        let ceiling = 32.0 * 1024
        report("target: peak RSS at most 32 MiB — \(peak <= ceiling ? "met" : "not met")")
    }

    /// Runs a child with standard output and error on `/dev/null` and returns its own peak RSS (from GNU time).
    static func spawn(_ path: String, _ arguments: [String]) throws -> Run {
        let time = "/usr/bin/time"
        guard FileManager.default.isExecutableFile(atPath: time) else {
            throw BenchmarkError("GNU time is needed to measure a child's memory (apt-get install time)")
        }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("courier-pipe-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: report) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let words = [time, "-f", "%M %x", "-o", report.path, path] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, time, &actions, nil, argv, environ)
        guard spawned == 0 else { throw BenchmarkError("cannot start \(time): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw BenchmarkError("waitpid failed: \(String(cString: strerror(errno)))") }
        }
        let elapsed = start.duration(to: .now)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // The last line is "PEAK_KIB EXIT_STATUS" (a child killed by a signal adds a line before it).
        let text = (try? String(contentsOf: report, encoding: .utf8)) ?? ""
        let fields = text.split(separator: "\n").last?.split(separator: " ") ?? []
        guard fields.count == 2, let peak = Int(fields[0]), let exit = Int32(fields[1]) else {
            throw BenchmarkError("GNU time reported \(text.debugDescription) for \(path)")
        }
        return Run(peakKiB: peak, seconds: seconds, status: exit)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}
