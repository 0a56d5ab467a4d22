import ArgumentParser
import AsyncHTTPClient
import Courier
import CourierPayloads
import CourierSampleServer
import Foundation

/// `courier bench`: the comparisons of the specs in one table — Courier against raw async-http-client,
/// Foundation's URLSession and curl for small requests, against curl for a download, and Courier's XML
/// parser against Foundation's `XMLParser` — all against the embedded sample back end on loopback. The Foundation
/// anchors run in `courier-bench-anchors` (``BenchAnchors``), so that `courier` itself links no FoundationNetworking.
/// The thorough benchmarks (nginx, memory peaks, 1 GiB files) are `swift run -c release CourierBenchmarks`.
struct BenchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Compare Courier with async-http-client, URLSession and curl on this machine, in one table.",
        discussion: """
            Run it from a release build for meaningful figures:
              swift run -c release courier bench
              swift run -c release courier bench --requests 5000 --rounds 5
              courier bench --quick            # a smoke run (debug builds are several times slower)

            Each figure is the median of the rounds; ratios above 1 favour Courier. The sample back end runs \
            in this process, so CPU per request includes the server's share for every client alike.
            """
    )

    @Option(name: .long, help: "Requests per round for the request comparisons.")
    var requests: Int = 2000

    @Option(name: .long, help: "Rounds per measurement (the median is reported).")
    var rounds: Int = 3

    @Option(name: .customLong("download-mib"), help: "Size of the download comparison, in MiB.")
    var downloadMiB: Int = 256

    @Option(name: .customLong("xml-mb"), help: "Size of the generated RSS document, in MB.")
    var xmlMegabytes: Int = 20

    @Flag(name: .long, help: "A quick smoke run: few requests, small files, one round.")
    var quick = false

    func validate() throws {
        guard requests > 0, rounds > 0, downloadMiB > 0, xmlMegabytes > 0 else {
            throw ValidationError("--requests, --rounds, --download-mib and --xml-mb must be positive")
        }
    }

    struct Row {
        var comparison: String
        var courier: String
        var other: String
        var ratio: Double?
    }

    func run() async throws {
        let io = CLIIO.current
        let requestCount = quick ? 100 : requests
        let roundCount = quick ? 1 : rounds
        let downloadBytes = (quick ? 8 : downloadMiB) << 20
        let xmlBytes = (quick ? 1 : xmlMegabytes) * 1_000_000
        var configuration = SampleServerConfiguration.ephemeral()
        configuration.warehousePort = nil
        let server = try await SampleServer.start(configuration)
        defer { try? FileManager.default.removeItem(at: server.configuration.dataDirectory) }
        io.writeOut(
            "courier bench: \(requestCount) requests × \(roundCount) rounds, a \(downloadBytes >> 20) MiB download, "
                + "a \(xmlBytes / 1_000_000) MB RSS document (\(Self.buildKind))\n")
        var rows: [Row] = []
        do {
            let url = server.url("/status/200")
            var measured: [String: BenchMeasurement] = [:]
            let clients: [(String, any BenchClient)] = [
                ("Courier", CourierBenchClient()), ("async-http-client", AHCBenchClient()),
            ]
            for (name, client) in clients {
                try await client.get(url)  // warm the connection
                var runs: [BenchMeasurement] = []
                for _ in 0..<roundCount {
                    runs.append(try await BenchMeasurement.measure(count: requestCount) { try await client.get(url) })
                }
                measured[name] = BenchMeasurement.median(runs)
                await client.close()
                io.writeOut("  \(name): \(measured[name]!.describe(unit: "req"))\n")
            }
            let anchors = BenchAnchors.locate()
            if let anchors {
                measured["URLSession"] = BenchMeasurement.median(
                    try anchors.urlSession(url, count: requestCount, rounds: roundCount))
                io.writeOut("  URLSession (courier-bench-anchors): \(measured["URLSession"]!.describe(unit: "req"))\n")
            } else {
                io.writeOut("  \(BenchAnchors.missingNote)\n")
            }
            if let curl = Self.findCurl() {
                var runs: [BenchMeasurement] = []
                for _ in 0..<roundCount { runs.append(try Self.curlRequests(curl, url: url, count: requestCount)) }
                measured["curl"] = BenchMeasurement.median(runs)
                io.writeOut("  curl (one process, kept-alive): \(measured["curl"]!.describe(unit: "req"))\n")
            }
            let courier = measured["Courier"]!
            for other in ["async-http-client", "URLSession", "curl"] {
                guard let result = measured[other] else { continue }
                rows.append(
                    Row(
                        comparison: "GET req/s vs \(other)", courier: String(format: "%.0f", courier.perSecond),
                        other: String(format: "%.0f", result.perSecond), ratio: courier.perSecond / result.perSecond))
            }
            if let ahc = measured["async-http-client"] {
                rows.append(
                    Row(
                        comparison: "CPU µs/req vs async-http-client",
                        courier: String(format: "%.0f", courier.cpuMicroseconds),
                        other: String(format: "%.0f", ahc.cpuMicroseconds),
                        ratio: ahc.cpuMicroseconds / courier.cpuMicroseconds))
            }

            if let row = try await self.downloadRow(server: server, bytes: downloadBytes, rounds: roundCount, io: io) {
                rows.append(row)
            }
            rows.append(try self.xmlRow(bytes: xmlBytes, rounds: roundCount, anchors: anchors, io: io))
        } catch {
            await server.stop()
            io.writeError("courier: error: the benchmark failed: \(error)\n")
            throw CLIExit(status: CourierCLI.ExitStatus.failure)
        }
        await server.stop()

        let width = rows.map(\.comparison.count).max() ?? 10
        io.writeOut(
            "\n" + "Comparison".padding(toLength: width, withPad: " ", startingAt: 0)
                + "  Courier      Other        Ratio\n")
        for row in rows {
            let ratio = row.ratio.map { String(format: "%.2f", $0) } ?? "-"
            io.writeOut(
                row.comparison.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                    + row.courier.padding(toLength: 11, withPad: " ", startingAt: 0) + "  "
                    + row.other.padding(toLength: 11, withPad: " ", startingAt: 0) + "  " + ratio + "\n")
        }
        io.writeOut("Ratios above 1 favour Courier (for CPU: the other's CPU divided by Courier's).\n")
    }

    static var buildKind: String {
        #if DEBUG
            return "debug build: use -c release for real figures"
        #else
            return "release build"
        #endif
    }

    // MARK: Download

    func downloadRow(server: RunningSampleServer, bytes: Int, rounds: Int, io: CLIIO) async throws -> Row? {
        let url = server.url("/media/bench.mp4?size=\(bytes)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = Session(configuration: .ephemeral)
        var courierRuns: [Double] = []
        for round in 0..<rounds {
            let target = directory.appendingPathComponent("courier-\(round).mp4")
            let started = ContinuousClock.now
            try await session.download(for: Request(url: url), to: target)
            courierRuns.append(Double(bytes) / (ContinuousClock.now - started).seconds / 1e6)
            try? FileManager.default.removeItem(at: target)
        }
        await session.invalidateAndCancel()
        let courier = courierRuns.sorted()[courierRuns.count / 2]
        io.writeOut(String(format: "  download: Courier %.0f MB/s\n", courier))
        guard let curl = Self.findCurl() else { return nil }
        var curlRuns: [Double] = []
        for round in 0..<rounds {
            let target = directory.appendingPathComponent("curl-\(round).mp4")
            let result = try ChildProcess.run(curl, ["-s", "-o", target.path, url.absoluteString])
            guard result.status == 0 else { throw TourFailure("curl failed with status \(result.status)") }
            curlRuns.append(Double(bytes) / result.seconds / 1e6)
            try? FileManager.default.removeItem(at: target)
        }
        let other = curlRuns.sorted()[curlRuns.count / 2]
        io.writeOut(String(format: "  download: curl %.0f MB/s\n", other))
        return Row(
            comparison: "download MB/s vs curl", courier: String(format: "%.0f", courier),
            other: String(format: "%.0f", other),
            ratio: courier / other)
    }

    // MARK: XML

    func xmlRow(bytes: Int, rounds: Int, anchors: BenchAnchors?, io: CLIIO) throws -> Row {
        let document = Self.rssDocument(bytes: bytes)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-\(UUID().uuidString).rss")
        try document.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var courierRuns: [Double] = []
        var foundationRuns: [Double] = []
        var counted = 0
        for _ in 0..<rounds {
            var elements = 0
            let started = ContinuousClock.now
            var parser = XMLStreamParser()
            var offset = 0
            while offset < document.count {
                let end = min(offset + 65_536, document.count)
                try parser.feed(document[offset..<end]) { event in
                    if case .startElement = event { elements += 1 }
                }
                offset = end
            }
            try parser.finish { _ in }
            courierRuns.append(Double(document.count) / (ContinuousClock.now - started).seconds / 1e6)
            counted = elements
        }
        let courier = courierRuns.sorted()[courierRuns.count / 2]
        guard let anchors else {
            io.writeOut(String(format: "  XML: XMLStreamParser %.0f MB/s\n", courier))
            return Row(
                comparison: "XML parse MB/s vs Foundation XMLParser", courier: String(format: "%.0f", courier),
                other: "-", ratio: nil)
        }
        for run in try anchors.xmlParser(file, rounds: rounds) {
            guard run.elements == counted else {
                throw TourFailure("the parsers disagree: \(counted) vs \(run.elements) elements")
            }
            foundationRuns.append(run.megabytesPerSecond)
        }
        let other = foundationRuns.sorted()[foundationRuns.count / 2]
        io.writeOut(
            String(format: "  XML: XMLStreamParser %.0f MB/s, Foundation XMLParser %.0f MB/s\n", courier, other))
        return Row(
            comparison: "XML parse MB/s vs Foundation XMLParser", courier: String(format: "%.0f", courier),
            other: String(format: "%.0f", other), ratio: courier / other)
    }

    static func rssDocument(bytes: Int) -> Data {
        var text = #"<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>bench</title>"#
        var item = 0
        while text.utf8.count < bytes {
            item += 1
            text +=
                "<item><title>Story \(item) &amp; more</title><link>https://example.com/\(item)</link>"
                + "<description>Courier parses this &lt;b&gt;quickly&lt;/b&gt; — item \(item).</description>"
                + "<pubDate>Thu, 06 Dec 2012 10:00:00 EST</pubDate></item>\n"
        }
        text += "</channel></rss>"
        return Data(text.utf8)
    }

    // MARK: curl

    static func findCurl() -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(directory)/curl"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    static func curlRequests(_ curl: String, url: URL, count: Int) throws -> BenchMeasurement {
        let config = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-bench-\(UUID().uuidString).curl")
        var text = ""
        for _ in 0..<count { text += "url = \"\(url.absoluteString)\"\noutput = \"/dev/null\"\n" }
        try text.write(to: config, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = try ChildProcess.run(curl, ["-s", "-K", config.path])
        guard result.status == 0 else { throw TourFailure("curl failed with status \(result.status)") }
        return BenchMeasurement(
            perSecond: Double(count) / result.seconds, cpuMicroseconds: result.cpuSeconds / Double(count) * 1e6)
    }
}

extension Duration {
    var seconds: Double { Double(self.components.seconds) + Double(self.components.attoseconds) / 1e18 }
}
