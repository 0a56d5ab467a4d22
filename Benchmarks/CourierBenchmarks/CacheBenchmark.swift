import Courier
import CourierTesting
import Foundation
import HTTPTypes
import NIOCore
import Synchronization

import enum CourierCLI.ChildProcess

/// The HTTP cache and compression: a fresh memory hit and a 16 KiB disk hit against the same request over
/// loopback, a 304 revalidation against a plain small request, and decoding 100 MiB of gzip with the peak
/// extra memory it took (from `/proc/self/status`). Medians of per-request wall times, one run.
enum CacheBenchmark {
    struct Options {
        var requests = 3000
        var decompressMiB = 100
        /// `memory` or `disk`: only that case's hits, repeated (for a profiler).
        var only: String?
        /// With `--only`: take the cases' requests in turn, one each, instead of in rounds of many.
        var interleave = false
    }

    static func run(arguments: [String]) async throws {
        var options = Options()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--requests": options.requests = Int(iterator.next() ?? "") ?? options.requests
            case "--decompress-mib": options.decompressMiB = Int(iterator.next() ?? "") ?? options.decompressMiB
            case "--only": options.only = iterator.next()
            case "--interleave": options.interleave = true
            case "--quick":
                options.requests = 300
                options.decompressMiB = 16
            default: throw BenchmarkError("unknown option \(argument)")
            }
        }
        report("Cache benchmark: \(options.requests) requests per case, medians; \(Date())")
        report("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores")

        // Decoding first, so the high-water mark is not raised by anything else.
        if options.only == nil { try await decompression(mebibytes: options.decompressMiB) }

        let small = Data(repeating: 0x61, count: 1024)
        let disk = Data((0..<(16 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let serverDate = ServerDate()
        let server = try await TestServer.start { request in
            switch request.path {
            case "/small": return .data(small, headers: [.cacheControl: "max-age=3600"])
            case "/disk": return .data(disk, headers: [.cacheControl: "max-age=3600"])
            case "/etag":
                // As a real server answers: a Date of now on every response, the 304 included. The check of
                // the validator goes field by field: HTTPFields' name subscript joins the values of a present
                // field through unspecialised generic code (about 9 µs per call here), server time that would
                // otherwise be charged to the revalidation.
                let date = serverDate.now()
                if request.headers.contains(where: { $0.name == .ifNoneMatch && $0.value == "\"v1\"" }) {
                    return TestServer.Response(
                        status: 304, headers: [.date: date, .eTag: "\"v1\"", .cacheControl: "max-age=0"])
                }
                return .data(small, headers: [.date: date, .eTag: "\"v1\"", .cacheControl: "max-age=0"])
            case "/not-modified":
                // A 304 without a cache: what the exchange itself costs, apart from the cache stage.
                return TestServer.Response(
                    status: 304, headers: [.date: serverDate.now(), .eTag: "\"v1\"", .cacheControl: "max-age=0"])
            default: return .data(small, headers: [.date: serverDate.now(), .cacheControl: "no-store"])
            }
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-cache-bench-\(UInt32.random(in: 0...UInt32.max))")
        defer { try? FileManager.default.removeItem(at: directory) }

        let memorySession = session(cache: HTTPCache(memoryCapacity: 8 << 20, diskCapacity: 0))
        let diskSession = session(cache: HTTPCache(memoryCapacity: 0, diskCapacity: 64 << 20, directory: directory))
        let networkSession = session(cache: nil)
        defer {
            Task {
                await memorySession.finishTasksAndInvalidate()
                await diskSession.finishTasksAndInvalidate()
                await networkSession.finishTasksAndInvalidate()
                try? await server.shutdown()
            }
        }
        let smallURL = server.baseURL.appendingPathComponent("small")
        let diskURL = server.baseURL.appendingPathComponent("disk")

        if let only = options.only {
            let plainURL = server.baseURL.appendingPathComponent("plain")
            let cases: [String: (String, Case)] = [
                "memory": ("fresh memory hit (1 KiB)", (memorySession, smallURL, .localCache)),
                "disk": ("disk hit (16 KiB)", (diskSession, diskURL, .localCache)),
                "revalidate": (
                    "304 revalidation",
                    (memorySession, server.baseURL.appendingPathComponent("etag"), .conditionalCacheHit)
                ),
                "plain": ("plain small request", (networkSession, plainURL, .networkLoad)),
                "plain-304": (
                    "a 304 through a session without a cache",
                    (networkSession, server.baseURL.appendingPathComponent("not-modified"), .networkLoad)
                ),
                "plain-cached": ("plain small request, session with a cache", (memorySession, plainURL, .networkLoad)),
                // The same bare 304 through the session with the cache: the revalidation's exchange without the
                // cache's work on it (the cache looks the URL up, finds nothing and passes the 304 on).
                "plain-304-cached": (
                    "a 304 through the session with a cache, not revalidating",
                    (memorySession, server.baseURL.appendingPathComponent("not-modified"), .networkLoad)
                ),
                // The session's own cost: an interceptor of the caller's answers, so no stage of Courier's runs.
                "canned": ("answered by an interceptor (the session's own cost)", (cannedSession(), plainURL, nil)),
                "canned-network": (
                    "answered by a network interceptor (the stages' cost)",
                    (cannedSession(network: true), plainURL, nil)
                ),
            ]
            // Several cases (`--only plain,revalidate`) are measured in alternating rounds, as the full run does.
            let chosen = try only.split(separator: ",").map { name in
                guard let found = cases[String(name)] else {
                    throw BenchmarkError("unknown case \(name); use \(cases.keys.sorted().joined(separator: ", "))")
                }
                return found
            }
            let all =
                options.interleave
                ? try await sampleInterleaved(chosen.map(\.1), count: options.requests)
                : try await sampleRounds(chosen.map(\.1), count: options.requests)
            for ((name, _), samples) in zip(chosen, all) {
                let sorted = samples.sorted()
                let mean = samples.reduce(0, +) / Double(max(1, samples.count))
                report(
                    "\(name): \(format(median(samples))) µs (mean \(format(mean)), p90 \(format(sorted[sorted.count * 9 / 10])), p99 \(format(sorted[sorted.count * 99 / 100])))"
                )
            }
            if options.interleave, all.count == 2 {
                report("\(chosen[0].0) − \(chosen[1].0), request by request: \(Paired(all[0], all[1]))")
            }
            return
        }
        // Each case and its baseline alternate in rounds, so that the machine's moods affect both alike.
        let (memoryHit, smallLoopback) = try await measurePair(
            (memorySession, smallURL, .localCache), (networkSession, smallURL, .networkLoad), count: options.requests)
        let (diskHit, diskLoopback) = try await measurePair(
            (diskSession, diskURL, .localCache), (networkSession, diskURL, .networkLoad), count: options.requests)
        let (revalidation, plain) = try await measurePair(
            (memorySession, server.baseURL.appendingPathComponent("etag"), .conditionalCacheHit),
            (networkSession, server.baseURL.appendingPathComponent("plain"), .networkLoad), count: options.requests)
        // The same comparison within one session (the cache on for both): what revalidating costs a caller
        // over loading the same size of response that is not stored.
        let (revalidationAgain, plainSameSession) = try await measurePair(
            (memorySession, server.baseURL.appendingPathComponent("etag"), .conditionalCacheHit),
            (memorySession, server.baseURL.appendingPathComponent("plain"), .networkLoad), count: options.requests)
        // Both comparisons again with the requests taken in turn, one of each: the two cases see the machine
        // in the same state, request by request, so the ratio varies less between runs.
        let revalidating: Case = (memorySession, server.baseURL.appendingPathComponent("etag"), .conditionalCacheHit)
        let inTurnSamples = try await sampleInterleaved(
            [revalidating, (networkSession, server.baseURL.appendingPathComponent("plain"), .networkLoad)],
            count: options.requests)
        let inTurnSameSessionSamples = try await sampleInterleaved(
            [revalidating, (memorySession, server.baseURL.appendingPathComponent("plain"), .networkLoad)],
            count: options.requests)
        let inTurn = inTurnSamples.map(median)
        let inTurnSameSession = inTurnSameSessionSamples.map(median)

        report("")
        report("| case | median µs | same request over loopback, median µs | ratio |")
        report("|---|---|---|---|")
        report(row("fresh memory hit (1 KiB)", memoryHit, smallLoopback))
        report(row("disk hit (16 KiB)", diskHit, diskLoopback))
        report(
            row("304 revalidation (1 KiB stored) vs plain small request, session without a cache", revalidation, plain))
        report(
            row(
                "304 revalidation (1 KiB stored) vs plain small request, same session", revalidationAgain,
                plainSameSession))
        report(
            row(
                "304 revalidation vs plain small request, session without a cache, requests in turn", inTurn[0],
                inTurn[1]))
        report(
            row(
                "304 revalidation vs plain small request, same session, requests in turn", inTurnSameSession[0],
                inTurnSameSession[1]))
        report("")
        report("304 revalidation − plain small request, request by request (requests in turn):")
        report("- session without a cache: \(Paired(inTurnSamples[0], inTurnSamples[1]))")
        report("- same session: \(Paired(inTurnSameSessionSamples[0], inTurnSameSessionSamples[1]))")
    }

    /// Two cases measured in turn compared request by request: the median of the differences between
    /// neighbouring requests, with a bootstrap 95 % interval, and how often the first was the faster. The
    /// neighbours saw the machine in the same state, so this varies much less than a difference of medians.
    struct Paired: CustomStringConvertible {
        var median: Double
        var low: Double
        var high: Double
        var firstFaster: Double

        init(_ first: [Double], _ second: [Double]) {
            let differences = zip(first, second).map { $0 - $1 }
            let count = differences.count
            median = CacheBenchmark.median(differences)
            firstFaster = Double(differences.filter { $0 < 0 }.count) / Double(max(1, count))
            // A fixed seed: the interval of a given set of samples is the same on every run.
            var generator = CookieBenchmark.SplitMix64(seed: 0x5EED)
            var medians: [Double] = []
            for _ in 0..<500 {
                var resample = [Double](repeating: 0, count: count)
                for index in 0..<count { resample[index] = differences[Int(generator.next() % UInt64(count))] }
                medians.append(CacheBenchmark.median(resample))
            }
            medians.sort()
            low = medians[12]
            high = medians[487]
        }

        var description: String {
            let sign = median > 0 ? "+" : ""
            let format = CacheBenchmark.format
            return
                "\(sign)\(format(median)) µs (95 % interval \(format(low)) to \(format(high)) µs), first faster in \(format(firstFaster * 100)) % of turns"
        }
    }

    static func session(cache: HTTPCache?) -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.urlCache = cache
        configuration.proxy = .none
        return Session(configuration: configuration)
    }

    /// A session whose first interceptor answers every request with a fixed 1 KiB response.
    static func cannedSession(network: Bool = false) -> Session {
        struct Canned: Interceptor {
            let body = Data(repeating: 0x61, count: 1024)
            func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
                Response(
                    status: .ok, headerFields: [.contentLength: "1024"], url: request.url, body: .data(body),
                    request: request)
            }
        }
        var configuration = SessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.proxy = .none
        if network { configuration.networkInterceptors = [Canned()] } else { configuration.interceptors = [Canned()] }
        return Session(configuration: configuration)
    }

    static func row(_ name: String, _ value: Double, _ baseline: Double) -> String {
        "| \(name) | \(format(value)) | \(format(baseline)) | \(String(format: "%.2fx", baseline / value)) |"
    }

    static func format(_ microseconds: Double) -> String { String(format: "%.1f", microseconds) }

    /// A session, a URL and how its responses must have been fetched (`nil`: not checked).
    typealias Case = (session: Session, url: URL, expect: TransactionMetrics.ResourceFetchType?)

    /// The medians of two cases measured in five alternating rounds of `count / 5` loads each.
    static func measurePair(_ first: Case, _ second: Case, count: Int) async throws -> (Double, Double) {
        let medians = try await measureRounds([first, second], count: count)
        return (medians[0], medians[1])
    }

    /// The medians of cases measured in five alternating rounds of `count / 5` loads each.
    static func measureRounds(_ cases: [Case], count: Int) async throws -> [Double] {
        try await sampleRounds(cases, count: count).map(median)
    }

    /// The samples of cases measured in five alternating rounds of `count / 5` loads each.
    static func sampleRounds(_ cases: [Case], count: Int) async throws -> [[Double]] {
        let rounds = 5
        let perRound = max(1, count / rounds)
        var all = [[Double]](repeating: [], count: cases.count)
        for round in 0..<rounds {
            for (index, chosen) in cases.enumerated() {
                all[index] += try await samples(
                    chosen.session, chosen.url, count: perRound, expect: chosen.expect, warm: round == 0)
            }
        }
        return all
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    /// The samples of cases whose requests are taken in turn, one of each case after the other, so that
    /// every case sees the machine in the same state (after a warm-up of each).
    static func sampleInterleaved(_ cases: [Case], count: Int) async throws -> [[Double]] {
        for chosen in cases {
            for _ in 0..<200 { _ = try await chosen.session.data(for: Request(url: chosen.url)) }
            _ = try await samples(chosen.session, chosen.url, count: 0, expect: chosen.expect, warm: true)
        }
        var all = [[Double]](repeating: [], count: cases.count)
        for turn in 0..<count {
            // Every other turn in reverse (A B, B A, A B, …): a request's time also depends on the one before
            // it (how long the server's threads had to fall asleep), so each case follows each other case,
            // and itself, equally often.
            let order = turn.isMultiple(of: 2) ? Array(cases.indices) : cases.indices.reversed()
            for index in order {
                let chosen = cases[index]
                all[index] += try await samples(chosen.session, chosen.url, count: 1, expect: nil, warm: false)
            }
        }
        return all
    }

    /// Wall times of `count` sequential loads of `url`, in microseconds (after a warm-up when `warm`).
    static func samples(
        _ session: Session, _ url: URL, count: Int, expect: TransactionMetrics.ResourceFetchType?, warm: Bool
    ) async throws -> [Double] {
        if warm {
            for _ in 0..<max(20, count / 10) { _ = try await session.data(for: Request(url: url)) }
            let check = try await session.data(for: Request(url: url))
            if let expect, check.metrics?.transactionMetrics.last?.resourceFetchType != expect {
                throw BenchmarkError("\(url.path) was not a \(expect) in the warm-up")
            }
        }
        let clock = ContinuousClock()
        var samples: [Double] = []
        samples.reserveCapacity(count)
        for _ in 0..<count {
            let start = clock.now
            _ = try await session.data(for: Request(url: url))
            let elapsed = start.duration(to: clock.now)
            samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6)
        }
        return samples
    }

    // MARK: Decompression

    /// Serves `mebibytes` of text gzipped (made with the system's `gzip`), streams it through Courier's
    /// decoder and reports the time and the peak memory above the level before.
    static func decompression(mebibytes: Int) async throws {
        guard let gzip = ["/usr/bin/gzip", "/bin/gzip"].first(where: FileManager.default.isExecutableFile) else {
            report("decompression: skipped (no gzip executable)")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-gzip-bench-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("body.json")
        guard FileManager.default.createFile(atPath: plain.path, contents: nil) else {
            throw BenchmarkError("could not create \(plain.path)")
        }
        let handle = try FileHandle(forWritingTo: plain)
        var line = 0
        var written = 0
        let target = mebibytes << 20
        while written < target {
            var block = ""
            for _ in 0..<1000 {
                block +=
                    "{\"id\":\(line),\"name\":\"item \(line * 7919 % 100_003)\",\"price\":\(line % 997).\(line % 89)}\n"
                line += 1
            }
            let data = Data(block.utf8.prefix(target - written))
            handle.write(data)
            written += data.count
        }
        try handle.close()
        let compressedFile = directory.appendingPathComponent("body.json.gz")
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "\(gzip) -6 -c '\(plain.path)' > '\(compressedFile.path)'"])
        guard result.status == 0 else { throw BenchmarkError("gzip failed") }
        try FileManager.default.removeItem(at: plain)
        let compressedSize =
            (try FileManager.default.attributesOfItem(atPath: compressedFile.path)[.size] as? NSNumber)?
            .intValue ?? 0

        let server = try await TestServer.start { _ in
            let (stream, continuation) = AsyncStream<Data>.makeStream(bufferingPolicy: .bufferingOldest(4))
            let file = compressedFile
            Task {
                guard let reader = try? FileHandle(forReadingFrom: file) else {
                    continuation.finish()
                    return
                }
                while let chunk = try? reader.read(upToCount: 64 * 1024), !chunk.isEmpty {
                    while case .dropped = continuation.yield(chunk) {
                        try? await Task.sleep(for: .milliseconds(1))
                    }
                }
                try? reader.close()
                continuation.finish()
            }
            return .stream(stream, headers: [.contentEncoding: "gzip", .contentType: "application/json"])
        }
        var configuration = SessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.proxy = .none
        configuration.decompressionLimits = .unlimited
        let session = Session(configuration: configuration)
        let before = memoryStatus()
        let clock = ContinuousClock()
        let start = clock.now
        let response = try await session.bytes(for: Request(url: server.baseURL.appendingPathComponent("big.json")))
        var decoded = 0
        for try await chunk in response.stream { decoded += chunk.readableBytes }
        let seconds =
            Double(start.duration(to: clock.now).components.attoseconds) / 1e18
            + Double(start.duration(to: clock.now).components.seconds)
        let after = memoryStatus()
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
        guard decoded == target else { throw BenchmarkError("decoded \(decoded) bytes, expected \(target)") }
        report(
            "decompression: \(mebibytes) MiB from \(compressedSize / 1024) KiB of gzip in \(String(format: "%.2f", seconds)) s "
                + "(\(String(format: "%.0f", Double(target) / seconds / 1e6)) MB/s); "
                + "peak RSS \(before.highWater / 1024) → \(after.highWater / 1024) MiB, "
                + "extra peak \(String(format: "%.1f", Double(after.highWater - before.resident) / 1024)) MiB")
    }

    /// `VmRSS` and `VmHWM` in KiB.
    static func memoryStatus() -> (resident: Int, highWater: Int) {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return (0, 0) }
        func value(_ key: String) -> Int {
            for line in status.split(separator: "\n") where line.hasPrefix(key) {
                return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" })[1]) ?? 0
            }
            return 0
        }
        return (value("VmRSS:"), value("VmHWM:"))
    }
}

/// The `Date` a server sends, formatted once a second as servers do.
final class ServerDate: Sendable {
    private let current = Mutex<(second: Int, text: String)>((0, ""))

    func now() -> String {
        let second = Int(Date().timeIntervalSince1970)
        return current.withLock { current in
            if current.second != second {
                current = (second, HTTPDate.format(Date(timeIntervalSince1970: TimeInterval(second))))
            }
            return current.text
        }
    }
}
