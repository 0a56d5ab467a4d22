import Courier
import Foundation
import Synchronization

/// The transport's part of the reliability harness: a raw server answers each connection with a mutated HTTP/1.1
/// response and closes it, and one long-lived session must answer every request with a response or a clear
/// error. Run from the test target (`ParserFuzzTests.responsesThroughTheTransport`) and, outside Swift Testing,
/// from the release executable `CourierReliability`.
public enum TransportFuzz {
    /// The real responses the mutants are drawn from: a plain body, a chunked body with an extension and a
    /// trailer, a revalidation, a redirect with a cookie, and a gzip body cut short.
    public static let samples: [[UInt8]] = [
        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n",
        "HTTP/1.1 304 Not Modified\r\nETag: \"a\"\r\nCache-Control: max-age=60\r\n\r\n",
        "HTTP/1.1 302 Found\r\nLocation: /next\r\nSet-Cookie: a=b; Path=/\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.0 200 OK\r\nContent-Encoding: gzip\r\n\r\n\u{1F}\u{8B}\u{8}\u{0}",
    ].map { Array($0.utf8) }

    /// Runs `exchanges` requests (seed 12, as the harness has always used) and returns the report.
    /// A run of 10 000 or more calls `progress` after each tenth with the count, the rate over that tenth, the
    /// resident memory and whatever `memory` adds (the release harness adds the heap in use), so that a drift
    /// shows while it runs.
    public static func run(
        exchanges: Int, seed: UInt64 = 12, memory: () -> String = { "" }, progress: (String) -> Void = { _ in }
    ) async throws
        -> MutationFuzzer.Report
    {
        let inputs = Mutex<MutationFuzzer>(MutationFuzzer(seed: seed))
        let server = try await RawKeepAliveServer(behaviour: .closeAfterEachResponse) { _ in
            String(decoding: inputs.withLock { $0.mutate(samples) }, as: UTF8.self)
        }
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.redirectPolicy = .none
        configuration.timeoutIntervalForRequest = 5
        // No cache: a mutant that happens to be a cacheable 200 would otherwise answer every later request from
        // memory, and the rest of the run would never reach the transport (the first runs did just that).
        configuration.urlCache = nil
        // No cookie jar: mutated Set-Cookie lines would fill it, every later request would carry a Cookie header
        // of up to hundreds of kilobytes, and the run would slow to a fifth while measuring the jar rather than
        // the response parsers (the Set-Cookie parser has a fuzz run of its own).
        configuration.httpCookieStorage = nil
        let session = Session(configuration: configuration)
        var report = MutationFuzzer.Report(name: "HTTP/1.1 response heads and chunked bodies through the transport")
        let clock = ContinuousClock()
        let started = clock.now
        let slice = max(1000, exchanges / 10)
        var sliceStarted = started
        for index in 0..<exchanges {
            let before = clock.now
            do {
                // A new path per exchange, so that nothing could ever be answered without the transport.
                _ = try await session.data(for: try Request(server.url("/\(index)")))
            } catch {
                report.rejected += 1
            }
            let seconds = MutationFuzzer.seconds(clock.now - before)
            report.slowestSeconds = max(report.slowestSeconds, seconds)
            if seconds > 1 { report.overOneSecond += 1 }
            report.inputs += 1
            if exchanges >= 10_000, (index + 1) % slice == 0 {
                let now = clock.now
                progress(
                    "reliability progress: \(index + 1) of \(exchanges) exchanges, "
                        + "\(Int(Double(slice) / MutationFuzzer.seconds(now - sliceStarted))) a second over the last "
                        + "\(slice), resident \(Int(MutationFuzzer.residentMiB())) MiB\(memory())")
                sliceStarted = now
            }
        }
        report.elapsedSeconds = MutationFuzzer.seconds(clock.now - started)
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
        return report
    }
}
