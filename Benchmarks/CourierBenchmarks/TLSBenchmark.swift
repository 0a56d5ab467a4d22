import AsyncHTTPClient
import Courier
import CourierSecurity
import CourierTesting
import Foundation
import NIOCore
import NIOPosix
import NIOSSL

import enum CourierCLI.ChildProcess

/// Issue 21's TLS targets against a local nginx with a private CA, in one invocation:
///
/// - **h2**: 1 KiB GETs over HTTP/2, 16 concurrent streams on one connection; Courier against raw
///   async-http-client (target: throughput at least 1.2 times AHC's).
/// - **fresh**: 300 sequential GETs, each on a new TLS connection (`Connection: close`, HTTP/1.1); Courier against
///   raw async-http-client and curl (one curl process for all of them); target: time per connection no more than
///   AHC's and at most 0.9 times curl's.
///
///     CourierBenchmarks tls [--rounds N] [--h2-requests N] [--fresh N] [--streams N]
///
/// Each measurement runs in a process of its own, rounds alternate between the clients, figures are medians.
enum TLSBenchmark {
    struct Options {
        var rounds = 5
        var h2Requests = 12_000
        var fresh = 300
        var streams = 16
        // For the child processes.
        var only: String?
        var mode = "h2"
        var url = ""
        var caFile = ""

        init(arguments: [String]) throws {
            var remaining = arguments[...]
            func number(_ name: String) throws -> Int {
                guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
                    throw BenchmarkError("\(name) takes a positive number")
                }
                return value
            }
            while let argument = remaining.popFirst() {
                switch argument {
                case "--rounds": rounds = try number(argument)
                case "--h2-requests": h2Requests = try number(argument)
                case "--fresh": fresh = try number(argument)
                case "--streams": streams = try number(argument)
                case "--only": only = remaining.popFirst()
                case "--mode": mode = remaining.popFirst() ?? mode
                case "--url": url = remaining.popFirst() ?? ""
                case "--ca": caFile = remaining.popFirst() ?? ""
                default:
                    throw BenchmarkError(
                        "unknown option \(argument); use --rounds N, --h2-requests N, --fresh N, --streams N")
                }
            }
        }
    }

    static func run(arguments: [String]) async throws {
        let options = try Options(arguments: arguments)
        if let only = options.only { return try await runOne(only, options: options) }

        let server = try TLSNginx.start()
        defer { server.stop() }
        report("TLS benchmark: nginx with a private CA, \(options.rounds) alternating rounds, medians")
        report("machine: \(ProcessInfo.processInfo.activeProcessorCount) cores; \(Date())")
        let executable = CommandLine.arguments[0]
        func isolated(_ name: String, mode: String) throws -> HTTPBenchmark.Measurement {
            let url = mode == "h2" ? server.h2URL : server.h1URL
            let arguments = [
                "tls", "--only", name, "--mode", mode, "--url", url, "--ca", server.caFile.path,
                "--h2-requests", String(options.h2Requests), "--fresh", String(options.fresh),
                "--streams", String(options.streams),
            ]
            let run = try ChildProcess.run(executable, arguments, captureOutput: true)
            guard run.status == 0,
                let line = run.output.split(separator: "\n").first(where: { $0.hasPrefix("RESULT ") })
            else { throw BenchmarkError("\(name) \(mode) run failed (status \(run.status)): \(run.output)") }
            let fields = line.split(separator: " ")
            guard fields.count == 3, let rate = Double(fields[1]), let cpu = Double(fields[2]) else {
                throw BenchmarkError("\(name) \(mode) printed an unreadable result: \(line)")
            }
            return HTTPBenchmark.Measurement(requestsPerSecond: rate, cpuMicrosecondsPerRequest: cpu)
        }
        let clients = ["Courier", "async-http-client"]
        var h2: [String: [HTTPBenchmark.Measurement]] = [:]
        var fresh: [String: [HTTPBenchmark.Measurement]] = [:]
        let curl = CurlRunner.find()
        for round in 1...options.rounds {
            for name in clients {
                h2[name, default: []].append(try isolated(name, mode: "h2"))
                fresh[name, default: []].append(try isolated(name, mode: "fresh"))
            }
            if let curl {
                fresh["curl", default: []].append(
                    try curl.runFresh(url: server.h1URL, count: options.fresh, caFile: server.caFile.path))
            }
            report("  round \(round) of \(options.rounds) done")
        }
        report("")
        report(
            "HTTP/2, \(options.streams) concurrent streams on one connection, \(options.h2Requests) requests a round:")
        for name in clients {
            let m = HTTPBenchmark.median(h2[name] ?? [])
            report(
                "  \(name.padding(toLength: 20, withPad: " ", startingAt: 0))"
                    + String(format: "%9.0f req/s %7.0f µs CPU/req", m.requestsPerSecond, m.cpuMicrosecondsPerRequest))
        }
        let courierH2 = HTTPBenchmark.median(h2["Courier"] ?? [])
        let ahcH2 = HTTPBenchmark.median(h2["async-http-client"] ?? [])
        report(
            String(
                format: "  Courier / AHC: throughput %.2f (target >= 1.2), CPU per request %.2f",
                courierH2.requestsPerSecond / ahcH2.requestsPerSecond,
                courierH2.cpuMicrosecondsPerRequest / ahcH2.cpuMicrosecondsPerRequest))
        report("")
        report("A new TLS connection per request (HTTP/1.1, Connection: close), \(options.fresh) in sequence:")
        for name in clients + (curl == nil ? [] : ["curl"]) {
            let m = HTTPBenchmark.median(fresh[name] ?? [])
            report(
                "  \(name.padding(toLength: 20, withPad: " ", startingAt: 0))"
                    + String(
                        format: "%7.3f ms per connection %7.0f µs CPU", 1000 / m.requestsPerSecond,
                        m.cpuMicrosecondsPerRequest))
        }
        let courierFresh = HTTPBenchmark.median(fresh["Courier"] ?? [])
        let ahcFresh = HTTPBenchmark.median(fresh["async-http-client"] ?? [])
        var line = String(
            format: "  Courier / AHC time per connection: %.2f (target <= 1.0)",
            ahcFresh.requestsPerSecond / courierFresh.requestsPerSecond)
        if let curlRuns = fresh["curl"] {
            let curlFresh = HTTPBenchmark.median(curlRuns)
            line += String(
                format: "; Courier / curl: %.2f (target <= 0.9)",
                curlFresh.requestsPerSecond / courierFresh.requestsPerSecond)
        }
        report(line)
    }

    /// One client, one mode, in this process: prints `RESULT <req/s> <µs CPU/req>`.
    static func runOne(_ name: String, options: Options) async throws {
        let ca = URL(fileURLWithPath: options.caFile)
        let client: any TLSBenchmarkClient
        switch name {
        case "Courier": client = try CourierTLSClient(caFile: ca)
        case "async-http-client": client = try AHCTLSClient(caFile: ca)
        default: throw BenchmarkError("--only takes Courier or async-http-client")
        }
        let url = options.url
        let result: HTTPBenchmark.Measurement
        if options.mode == "h2" {
            // Warm up (the connection, the pool's view of the server's stream limit), and check the protocol.
            for _ in 0..<50 {
                let used = try await client.get(url, close: false)
                guard used == nil || used == "h2" else {
                    throw BenchmarkError("\(name) did not use h2 (\(used ?? "?"))")
                }
            }
            let count = options.h2Requests
            let streams = options.streams
            result = try await HTTPBenchmark.measure(count) {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for _ in 0..<streams {
                        group.addTask {
                            for _ in 0..<(count / streams) { try await client.get(url, close: false) }
                        }
                    }
                    try await group.waitForAll()
                }
            }
        } else {
            try await client.get(url, close: true)
            let count = options.fresh
            result = try await HTTPBenchmark.measure(count) {
                for _ in 0..<count { try await client.get(url, close: true) }
            }
        }
        report(String(format: "RESULT %.1f %.2f", result.requestsPerSecond, result.cpuMicrosecondsPerRequest))
        await client.shutdown()
    }
}

protocol TLSBenchmarkClient: Sendable {
    /// Gets the 1 KiB file; returns the protocol that carried it when the client tells (`h2`, `http/1.1`).
    @discardableResult func get(_ url: String, close: Bool) async throws -> String?
    func shutdown() async
}

/// Courier trusting the private CA (and nothing else), no cache.
final class CourierTLSClient: TLSBenchmarkClient {
    let session: Session

    init(caFile: URL) throws {
        var configuration = SessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = 16
        configuration.urlCache = nil
        configuration.serverTrustPolicy = try .anchors(pemFile: caFile, includeSystemRoots: false)
        session = Session(configuration: configuration)
    }

    @discardableResult func get(_ url: String, close: Bool) async throws -> String? {
        var request = try Request(url)
        if close { try request.setValue("close", forHTTPHeaderField: "Connection") }
        let response = try await session.data(for: request)
        guard response.status == .ok, response.data.count == 1024 else {
            throw BenchmarkError("bad Courier response: \(response.status)")
        }
        return response.metrics?.transactionMetrics.last?.networkProtocolName
    }

    func shutdown() async { await session.finishTasksAndInvalidate() }
}

/// async-http-client trusting the private CA, HTTP/2 when the server offers it.
final class AHCTLSClient: TLSBenchmarkClient {
    let client: HTTPClient

    init(caFile: URL) throws {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .file(caFile.path)
        var configuration = HTTPClient.Configuration(
            tlsConfiguration: tls, redirectConfiguration: .disallow, decompression: .disabled)
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 16
        configuration.httpVersion = .automatic
        client = HTTPClient(
            eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton), configuration: configuration)
    }

    @discardableResult func get(_ url: String, close: Bool) async throws -> String? {
        var request = HTTPClientRequest(url: url)
        if close { request.headers.add(name: "Connection", value: "close") }
        let response = try await client.execute(request, deadline: .now() + .seconds(30))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok, body.readableBytes == 1024 else { throw BenchmarkError("bad AHC response") }
        return response.version.major == 2 ? "h2" : "http/1.1"
    }

    func shutdown() async { try? await client.shutdown() }
}

extension CurlRunner {
    /// curl fetching the URL `count` times in one process, each on a new TLS connection (`Connection: close`).
    func runFresh(url: String, count: Int, caFile: String) throws -> HTTPBenchmark.Measurement {
        try runList(
            url: url, count: count, preamble: "cacert = \"\(caFile)\"\nheader = \"Connection: close\"\n",
            options: ["-s", "-f"])
    }
}

/// nginx serving a 1 KiB file over TLS with a certificate of a private CA: one port with h2 (ALPN), one with
/// HTTP/1.1 only.
struct TLSNginx {
    let directory: URL
    let pidFile: URL
    let caFile: URL
    let h2URL: String
    let h1URL: String

    static func start() throws -> TLSNginx {
        let directory = try LocalNginx.makeDirectory(prefix: "courier-tls-bench")
        try Data(repeating: 0x61, count: 1024).write(to: directory.appendingPathComponent("www/1k.bin"))
        let authority = try TestCertificateAuthority(commonName: "Courier Benchmark CA")
        let leaf = try authority.makeServerCertificate()
        let caFile = directory.appendingPathComponent("ca.pem")
        try Data(authority.certificatePEM.utf8).write(to: caFile)
        try Data(leaf.certificatePEM.utf8).write(to: directory.appendingPathComponent("server.pem"))
        // The private key is owner-only from its first byte (nginx's master process reads it as root).
        try AtomicFile.write(Data(leaf.privateKeyPEM.utf8), to: directory.appendingPathComponent("server.key"))
        let h2Port = try LocalNginx.freePort()
        let h1Port = try LocalNginx.freePort()
        let path = directory.path
        let pidFile = try LocalNginx.launch(
            in: directory,
            http: "ssl_certificate \(path)/server.pem; ssl_certificate_key \(path)/server.key;",
            servers: """
                server { listen 127.0.0.1:\(h2Port) ssl http2; root \(path)/www; }
                    server { listen 127.0.0.1:\(h1Port) ssl; root \(path)/www; }
                """)
        return TLSNginx(
            directory: directory, pidFile: pidFile, caFile: caFile, h2URL: "https://127.0.0.1:\(h2Port)/1k.bin",
            h1URL: "https://127.0.0.1:\(h1Port)/1k.bin")
    }

    func stop() {
        LocalNginx.stop(pidFile: pidFile, directory: directory)
    }
}
