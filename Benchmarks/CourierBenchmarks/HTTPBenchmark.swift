import AsyncHTTPClient
import Courier
import CourierTesting
import Foundation
import NIOCore
import NIOPosix

import enum CourierCLI.ChildProcess

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sequential and concurrent keep-alive GETs of a 1 KiB body against one local server, with raw
/// async-http-client, Foundation's URLSession, Courier and curl in the same run.
enum HTTPBenchmark {
    struct Options {
        var url: String?
        var sequentialRequests = 3000
        var concurrentRequests = 12000
        var concurrency = 16
        var rounds = 5
        var memoryRequests = 100_000
        /// Run one client only, in this process, and print one `RESULT` line (used for isolation and profiling).
        var only: String?
        var mode = "sequential"
    }

    struct Measurement {
        var requestsPerSecond: Double
        var cpuMicrosecondsPerRequest: Double
    }

    static func run(arguments: [String]) async throws {
        var options = Options()
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            switch argument {
            case "--url": options.url = iterator.next()
            case "--sequential": options.sequentialRequests = Int(iterator.next() ?? "") ?? options.sequentialRequests
            case "--concurrent": options.concurrentRequests = Int(iterator.next() ?? "") ?? options.concurrentRequests
            case "--rounds": options.rounds = Int(iterator.next() ?? "") ?? options.rounds
            case "--memory-requests": options.memoryRequests = Int(iterator.next() ?? "") ?? options.memoryRequests
            case "--only": options.only = iterator.next()
            case "--mode": options.mode = iterator.next() ?? options.mode
            case "--quick":
                options.sequentialRequests = 500
                options.concurrentRequests = 2000
                options.rounds = 3
                options.memoryRequests = 5000
            default: throw BenchmarkError("unknown option \(argument)")
            }
        }
        var server: LocalNginx?
        let url: String
        if let given = options.url {
            url = given
        } else {
            let nginx = try LocalNginx.start()
            server = nginx
            url = nginx.url
        }
        defer { server?.stop() }
        report("HTTP benchmark: GET \(url) (1 KiB body), \(options.rounds) rounds, medians")
        report("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; \(Date())")

        // The clients by name, made only when measured; each measurement runs in a process of its own.
        let names = ["NIO floor", "async-http-client", "Courier", "URLSession"]
        func makeClient(_ name: String) -> any BenchmarkClient {
            switch name {
            case "NIO floor": return BareNIOClient()
            case "async-http-client": return RawAHCClient()
            case "Courier": return CourierClient()
            default: return FoundationClient()
            }
        }
        if let only = options.only {
            guard let name = names.first(where: { $0.lowercased() == only.lowercased() }) else {
                throw BenchmarkError("--only takes one of: \(names.joined(separator: ", "))")
            }
            let client = makeClient(name)
            try await runSequential(client, url: url, count: 200)
            let concurrent = options.mode == "concurrent"
            let count = concurrent ? options.concurrentRequests : options.sequentialRequests
            let result = try await measure(count) {
                if concurrent {
                    try await runConcurrent(client, url: url, count: count, concurrency: options.concurrency)
                } else {
                    try await runSequential(client, url: url, count: count)
                }
            }
            report(String(format: "RESULT %.1f %.2f", result.requestsPerSecond, result.cpuMicrosecondsPerRequest))
            if let courier = client as? CourierClient { await courier.shutdown() }
            if let ahc = client as? RawAHCClient { ahc.shutdown() }
            return
        }
        // Each measurement runs in a fresh process (FoundationNetworking keeps threads busy after use, which
        // would be billed to whichever client runs next), and rounds are interleaved so that machine noise
        // hits every client alike.
        let executable = CommandLine.arguments[0]
        func isolated(_ name: String, concurrent: Bool) throws -> Measurement {
            let arguments = [
                "http", "--url", url, "--only", name, "--mode", concurrent ? "concurrent" : "sequential",
                "--sequential", String(options.sequentialRequests), "--concurrent", String(options.concurrentRequests),
            ]
            let run = try ChildProcess.run(executable, arguments, captureOutput: true)
            guard run.status == 0,
                let line = run.output.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") })
            else { throw BenchmarkError("\(name) run failed (status \(run.status))") }
            let fields = line.split(separator: " ")
            return Measurement(
                requestsPerSecond: Double(fields[1]) ?? 0, cpuMicrosecondsPerRequest: Double(fields[2]) ?? 0)
        }
        var sequentialRuns: [String: [Measurement]] = [:]
        var concurrentRuns: [String: [Measurement]] = [:]
        for round in 0..<options.rounds {
            for name in names {
                sequentialRuns[name, default: []].append(try isolated(name, concurrent: false))
                concurrentRuns[name, default: []].append(try isolated(name, concurrent: true))
            }
            report("  round \(round + 1) of \(options.rounds) done")
        }
        var results: [String: (sequential: Measurement, concurrent: Measurement)] = [:]
        for name in names {
            results[name] = (median(sequentialRuns[name] ?? []), median(concurrentRuns[name] ?? []))
        }
        var curlSequential: Measurement?
        if let curl = CurlRunner.find() {
            var runs: [Measurement] = []
            for _ in 0..<options.rounds { runs.append(try curl.run(url: url, count: options.sequentialRequests)) }
            curlSequential = median(runs)
        }

        func row(_ name: String, _ sequential: Measurement?, _ concurrent: Measurement?) -> String {
            func cell(_ value: Double?, _ format: String) -> String {
                value.map { String(format: format, $0) } ?? "-"
            }
            return name.padding(toLength: 20, withPad: " ", startingAt: 0)
                + cell(sequential?.requestsPerSecond, "%9.0f").leftPadded(12)
                + cell(sequential?.cpuMicrosecondsPerRequest, "%7.0f").leftPadded(12)
                + cell(concurrent?.requestsPerSecond, "%9.0f").leftPadded(14)
                + cell(concurrent?.cpuMicrosecondsPerRequest, "%7.0f").leftPadded(12)
        }
        report("")
        report(
            "client".padding(toLength: 20, withPad: " ", startingAt: 0)
                + "seq req/s".leftPadded(12) + "seq µs CPU".leftPadded(12)
                + "x16 req/s".leftPadded(14) + "x16 µs CPU".leftPadded(12))
        for name in names {
            report(row(name, results[name]?.sequential, results[name]?.concurrent))
        }
        report(row("curl", curlSequential, nil))

        report("")
        func ratio(_ label: String, _ value: (Measurement) -> Double, _ subject: String, _ anchor: String) {
            guard let a = results[subject], let b = results[anchor] else { return }
            report(
                String(
                    format: "%@ / %@ %@: sequential %.2f, x16 %.2f", subject, anchor, label,
                    value(a.sequential) / value(b.sequential), value(a.concurrent) / value(b.concurrent)))
        }
        for subject in ["Courier"] {
            ratio("CPU per request", \.cpuMicrosecondsPerRequest, subject, "NIO floor")
            ratio("CPU per request", \.cpuMicrosecondsPerRequest, subject, "async-http-client")
            ratio("throughput", \.requestsPerSecond, subject, "async-http-client")
            ratio("throughput", \.requestsPerSecond, subject, "URLSession")
            if let curlSequential, let result = results[subject] {
                report(
                    String(
                        format: "%@ / curl: throughput %.2f, CPU per request %.2f (sequential)", subject,
                        result.sequential.requestsPerSecond / curlSequential.requestsPerSecond,
                        result.sequential.cpuMicrosecondsPerRequest / curlSequential.cpuMicrosecondsPerRequest))
            }
        }

        // Memory: steady RSS after many requests versus after a thousand.
        let courier = CourierClient()
        try await runConcurrent(courier, url: url, count: 1000, concurrency: options.concurrency)
        let early = residentMegabytes()
        try await runConcurrent(courier, url: url, count: options.memoryRequests, concurrency: options.concurrency)
        let late = residentMegabytes()
        report("")
        report(
            String(
                format: "Courier RSS after 1 000 requests: %.1f MiB; after %d more: %.1f MiB (growth %.1f MiB)",
                early, options.memoryRequests, late, late - early))
        await courier.shutdown()
    }

    // MARK: Measuring

    static func measure(_ count: Int, _ body: () async throws -> Void) async throws -> Measurement {
        let cpuStart = cpuSeconds()
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let cpu = cpuSeconds() - cpuStart
        return Measurement(
            requestsPerSecond: Double(count) / elapsed,
            cpuMicrosecondsPerRequest: cpu / Double(count) * 1e6)
    }

    static func median(_ values: [Measurement]) -> Measurement {
        func middle(_ numbers: [Double]) -> Double {
            let sorted = numbers.sorted()
            return sorted.count % 2 == 1
                ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        return Measurement(
            requestsPerSecond: middle(values.map(\.requestsPerSecond)),
            cpuMicrosecondsPerRequest: middle(values.map(\.cpuMicrosecondsPerRequest)))
    }

    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    static func runSequential(_ client: any BenchmarkClient, url: String, count: Int) async throws {
        if client is BareNIOClient { return try await BareNIOClient.loop(url: url, count: count) }
        for _ in 0..<count { try await client.get(url) }
    }

    static func runConcurrent(_ client: any BenchmarkClient, url: String, count: Int, concurrency: Int) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let perWorker = count / concurrency
            for _ in 0..<concurrency {
                group.addTask {
                    if client is BareNIOClient { return try await BareNIOClient.loop(url: url, count: perWorker) }
                    for _ in 0..<perWorker { try await client.get(url) }
                }
            }
            try await group.waitForAll()
        }
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

protocol BenchmarkClient: Sendable {
    func get(_ url: String) async throws
}

/// async-http-client as a user would configure it for the same job (no redirects, no decompression).
final class RawAHCClient: BenchmarkClient {
    let client: HTTPClient

    init() {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow, decompression: .disabled)
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 16
        client = HTTPClient(
            eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton),
            configuration: configuration)
    }

    func get(_ url: String) async throws {
        let response = try await client.execute(HTTPClientRequest(url: url), deadline: .now() + .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok, body.readableBytes == 1024 else { throw BenchmarkError("bad AHC response") }
    }

    func shutdown() {
        try? client.syncShutdown()
    }
}

/// Courier with its default chain (user interceptors none, redirects, transport).
final class CourierClient: BenchmarkClient {
    let session: Session

    init() {
        var configuration = SessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.urlCache = nil  // measure HTTP, not the cache (CacheBenchmark does that)
        // Stage-cost experiments: COURIER_BENCH_STAGES=noretry,nocookies turns idle stages off.
        let switches = Set(
            (ProcessInfo.processInfo.environment["COURIER_BENCH_STAGES"] ?? "").split(separator: ",").map(String.init))
        if switches.contains("noretry") { configuration.retryPolicy = .none }
        if switches.contains("nocookies") { configuration.httpCookieStorage = nil }
        session = Session(configuration: configuration)
    }

    func get(_ url: String) async throws {
        let response = try await session.data(for: try Request(url))
        guard response.status == .ok, response.data.count == 1024 else { throw BenchmarkError("bad Courier response") }
    }

    func shutdown() async {
        await session.finishTasksAndInvalidate()
    }
}

/// Foundation's URLSession (FoundationNetworking on Linux).
final class FoundationClient: BenchmarkClient {
    let session: URLSession

    init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        session = URLSession(configuration: configuration)
    }

    func get(_ url: String) async throws {
        guard let target = URL(string: url) else { throw BenchmarkError("bad URL") }
        let (data, response) = try await session.data(from: target)
        guard (response as? HTTPURLResponse)?.statusCode == 200, data.count == 1024 else {
            throw BenchmarkError("bad URLSession response")
        }
    }
}

/// curl fetching the URL `count` times in one process (one kept-alive connection), timed with its CPU.
struct CurlRunner {
    let path: String

    static func find() -> CurlRunner? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(directory)/curl"
            if FileManager.default.isExecutableFile(atPath: candidate) { return CurlRunner(path: candidate) }
        }
        return nil
    }

    func run(url: String, count: Int) throws -> HTTPBenchmark.Measurement {
        try runList(url: url, count: count, preamble: "", options: ["-s"])
    }

    /// curl fetching `url` `count` times in one process from a config list (`-K`) that starts with `preamble`.
    func runList(url: String, count: Int, preamble: String, options: [String]) throws -> HTTPBenchmark.Measurement {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("courier-bench-\(UUID()).curl")
        var text = preamble
        for _ in 0..<count { text += "url = \"\(url)\"\noutput = \"/dev/null\"\n" }
        try text.write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = try ChildProcess.run(path, options + ["-K", config.path])
        guard result.status == 0 else { throw BenchmarkError("curl failed with status \(result.status)") }
        return HTTPBenchmark.Measurement(
            requestsPerSecond: Double(count) / result.seconds,
            cpuMicrosecondsPerRequest: result.cpuSeconds / Double(count) * 1e6)
    }

}

/// Reads a positive whole number given to an option; throws `message` when it is missing or not one.
func positiveNumber(from remaining: inout ArraySlice<String>, _ message: String) throws -> Int {
    guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else { throw BenchmarkError(message) }
    return value
}

/// nginx serving a 1 KiB file on a free loopback port, for the duration of the benchmark.
struct LocalNginx {
    let directory: URL
    let url: String
    let pidFile: URL

    static func start() throws -> LocalNginx {
        let directory = try makeDirectory(prefix: "courier-bench")
        try Data(repeating: 0x61, count: 1024).write(to: directory.appendingPathComponent("www/1k.bin"))
        let port = try freePort()
        let pidFile = try launch(
            in: directory, http: "sendfile on;",
            servers: "server { listen 127.0.0.1:\(port); root \(directory.path)/www; }")
        return LocalNginx(directory: directory, url: "http://127.0.0.1:\(port)/1k.bin", pidFile: pidFile)
    }

    func stop() {
        Self.stop(pidFile: pidFile, directory: directory)
    }

    /// A new work directory for nginx, with `www/` and `tmp/`, that nginx's worker can read.
    /// Serves a sparse file of `bytes` zeros (nothing written to disk) as `www/large.bin`; returns its URL.
    func serveLargeFile(bytes: Int64) throws -> String {
        let served = directory.appendingPathComponent("www/large.bin")
        guard FileManager.default.createFile(atPath: served.path, contents: nil) else {
            throw BenchmarkError("cannot create \(served.path)")
        }
        let handle = try FileHandle(forWritingTo: served)
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        return url.replacingOccurrences(of: "1k.bin", with: "large.bin")
    }

    static func makeDirectory(prefix: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID())")
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("www"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("tmp"), withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: directory.path)
        return directory
    }

    /// Writes a configuration (the benchmarks' common `http` settings, then `settings` and `servers`) into
    /// `directory` and starts nginx as a daemon; returns its pid file.
    static func launch(in directory: URL, http settings: String, servers: String) throws -> URL {
        guard let nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].first(where: FileManager.default.isExecutableFile)
        else {
            throw BenchmarkError("nginx not found; install it (apt-get install nginx-light) or pass --url")
        }
        let path = directory.path
        let pidFile = directory.appendingPathComponent("nginx.pid")
        let config = """
            worker_processes 1;
            daemon on;
            pid \(pidFile.path);
            error_log \(path)/error.log warn;
            events { worker_connections 1024; }
            http {
                access_log off;
                client_body_temp_path \(path)/tmp/body;
                proxy_temp_path \(path)/tmp/proxy;
                fastcgi_temp_path \(path)/tmp/fastcgi;
                uwsgi_temp_path \(path)/tmp/uwsgi;
                scgi_temp_path \(path)/tmp/scgi;
                keepalive_requests 10000000;
                default_type application/octet-stream;
                \(settings)
                \(servers)
            }
            """
        let configFile = directory.appendingPathComponent("nginx.conf")
        try config.write(to: configFile, atomically: true, encoding: .utf8)
        let started = try ChildProcess.run(nginx, ["-c", configFile.path, "-p", path])
        guard started.status == 0 else { throw BenchmarkError("nginx did not start (status \(started.status))") }
        Thread.sleep(forTimeInterval: 0.3)
        return pidFile
    }

    /// Stops the nginx whose pid file is given and removes its directory.
    static func stop(pidFile: URL, directory: URL) {
        if let text = try? String(contentsOf: pidFile, encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            kill(pid, SIGTERM)
        }
        try? FileManager.default.removeItem(at: directory)
    }

    static func freePort() throws -> Int {
        let channel = try ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).wait()
        let port = channel.localAddress?.port ?? 0
        try channel.close().wait()
        return port
    }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
