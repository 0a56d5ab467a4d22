import Courier
import CourierTesting
import Foundation

import enum CourierCLI.ChildProcess

#if canImport(Glibc)
    import Glibc
#endif

/// A large loopback download from nginx: Courier's download task against curl in the same run, and
/// Courier's peak resident memory above its baseline (issue 6's targets: within 15 % of curl's
/// throughput, under 64 MiB above baseline for 1 GiB).
///
///     swift run -c release CourierBenchmarks download [--size MIB] [--rounds N]
///
/// The file is sparse (zeros on disk without writing them), so making it costs nothing; both clients
/// write what they receive to a real file in the temporary directory.
enum DownloadBenchmark {
    struct Options {
        var sizeMiB = 1024
        var rounds = 3
        /// Only Courier's download task (for a profiler or `strace -c`): no curl, no `bytes(for:)` rounds.
        var courierOnly = false
        /// A URL of your own server instead of the benchmark's nginx (its size must be `--size` MiB).
        var url: String?

        init(arguments: [String]) throws {
            var remaining = arguments[...]
            while let argument = remaining.popFirst() {
                switch argument {
                case "--size":
                    sizeMiB = try positiveNumber(from: &remaining, "--size takes a number of MiB")
                case "--url":
                    url = remaining.popFirst()
                case "--courier-only":
                    courierOnly = true
                case "--rounds":
                    rounds = try positiveNumber(from: &remaining, "--rounds takes a positive number")
                default:
                    throw BenchmarkError("unknown option \(argument); use --size MIB, --rounds N, --courier-only")
                }
            }
        }
    }

    static func run(arguments: [String]) async throws {
        let options = try Options(arguments: arguments)
        let nginx = try LocalNginx.start()
        defer { nginx.stop() }
        let size = Int64(options.sizeMiB) * 1024 * 1024
        let served = try nginx.serveLargeFile(bytes: size)
        let url = options.url ?? served
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("courier-download-bench-\(UUID())")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let target = work.appendingPathComponent("large.bin")

        report("download benchmark: \(options.sizeMiB) MiB from nginx on loopback, \(options.rounds) rounds")
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .none
        configuration.urlCache = nil
        let session = Session(configuration: configuration)
        let request = try Request(url)

        // Warm up both (nginx's page cache, the connection pool), then reset the peak RSS counter.
        try await session.download(for: request, to: target)
        try? FileManager.default.removeItem(at: target)
        let baseline = residentMiB(field: "VmRSS")
        resetPeakResident()

        let curl = options.courierOnly ? nil : CurlRunner.find()
        var courierSeconds: [Double] = []
        var curlSeconds: [Double] = []
        var courierCPU: [Double] = []
        var curlCPU: [Double] = []
        for _ in 0..<options.rounds {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = HTTPBenchmark.cpuSeconds()
            try await session.download(for: request, to: target)
            courierSeconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            courierCPU.append(HTTPBenchmark.cpuSeconds() - cpuStart)
            guard fileSize(target) == size else { throw BenchmarkError("Courier saved a file of the wrong size") }
            try? FileManager.default.removeItem(at: target)
            if let curl {
                let result = try ChildProcess.run(curl.path, ["-sS", "--fail", "-o", target.path, url])
                guard result.status == 0, fileSize(target) == size else {
                    throw BenchmarkError("curl failed with status \(result.status)")
                }
                curlSeconds.append(result.seconds)
                curlCPU.append(result.cpuSeconds)
                try? FileManager.default.removeItem(at: target)
            }
        }
        let peak = residentMiB(field: "VmHWM")

        // The same transfer read through `bytes(for:)` and dropped: the transport alone, without the file.
        var streamSeconds: [Double] = []
        var chunks = 0
        for _ in 0..<(options.courierOnly ? 0 : options.rounds) {
            let start = DispatchTime.now().uptimeNanoseconds
            let response = try await session.bytes(for: request)
            var received = 0
            for try await chunk in response.stream {
                received += chunk.readableBytes
                chunks += 1
            }
            streamSeconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            guard received == size else { throw BenchmarkError("bytes(for:) received \(received) bytes") }
        }
        // bytes(for:) with each chunk written to a file by a plain write(2): the transport plus the disk.
        var writeSeconds: [Double] = []
        var readWait: Double = 0
        var writeTime: Double = 0
        for _ in 0..<(options.courierOnly ? 0 : options.rounds) {
            let start = DispatchTime.now().uptimeNanoseconds
            let descriptor = open(target.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            let response = try await session.bytes(for: request)
            var iterator = response.stream.makeAsyncIterator()
            while true {
                let before = DispatchTime.now().uptimeNanoseconds
                guard let chunk = try await iterator.next() else { break }
                let between = DispatchTime.now().uptimeNanoseconds
                readWait += Double(between - before) / 1e9
                _ = chunk.withUnsafeReadableBytes { write(descriptor, $0.baseAddress, $0.count) }
                writeTime += Double(DispatchTime.now().uptimeNanoseconds - between) / 1e9
            }
            close(descriptor)
            writeSeconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            try? FileManager.default.removeItem(at: target)
        }
        if !writeSeconds.isEmpty {
            report(
                String(
                    format:
                        "Courier bytes(for:) + write(2): %8.1f MiB/s (median of %d; %.2f s waiting for chunks, %.2f s writing)",
                    Double(options.sizeMiB) / median(writeSeconds), writeSeconds.count, readWait, writeTime))
        }
        await session.finishTasksAndInvalidate()

        let mib = Double(options.sizeMiB)
        let courierRate = mib / median(courierSeconds)
        report(
            String(
                format: "Courier download task: %8.1f MiB/s (median of %d), CPU %.2f s per GiB", courierRate,
                courierSeconds.count, median(courierCPU) * 1024 / mib))
        report(
            String(
                format: "Courier bytes(for:), no file: %8.1f MiB/s (median of %d; %.0f KiB per chunk on average)",
                mib / median(streamSeconds), streamSeconds.count,
                Double(size) * Double(streamSeconds.count) / Double(max(chunks, 1)) / 1024))
        if !curlSeconds.isEmpty {
            let curlRate = mib / median(curlSeconds)
            report(
                String(
                    format: "curl -o:               %8.1f MiB/s (median of %d), CPU %.2f s per GiB", curlRate,
                    curlSeconds.count, median(curlCPU) * 1024 / mib))
            report(String(format: "Courier / curl throughput: %.2f", courierRate / curlRate))
        } else {
            report("curl not found: no comparison")
        }
        report(
            String(
                format: "Courier peak RSS %.1f MiB, baseline %.1f MiB: %.1f MiB above baseline", peak, baseline,
                peak - baseline))
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func fileSize(_ url: URL) -> Int64? {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?.int64Value
    }

    /// A field of `/proc/self/status` in MiB (`VmRSS` now, `VmHWM` the peak since the last reset).
    static func residentMiB(field: String) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap { Double($0) } ?? 0
            return kilobytes / 1024
        }
        return 0
    }

    /// Resets `VmHWM` to the current RSS (Linux 4.0+: writing 5 to `clear_refs`).
    static func resetPeakResident() {
        try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    }
}
