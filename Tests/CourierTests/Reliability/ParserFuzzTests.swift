import CourierTestSupport
import CourierTesting
import Foundation
import Synchronization
import Testing

@testable import Courier

/// The reliability harness's parser fuzzer (run by hand, not part of `swift test`'s work): every parser gets
/// `COURIER_RELIABILITY` mutated inputs drawn from real samples. A crash ends the process; a hang shows as an
/// input over 1 s. Figures go to docs/RELIABILITY.md:
///
///     COURIER_RELIABILITY=1000000 swift test --filter ParserFuzzTests
@Suite(
    "Reliability: parser fuzzing", .ownThread,
    .enabled(if: MutationFuzzer.configuredCount > 0, "set COURIER_RELIABILITY=N to run"))
struct ParserFuzzTests {
    static let count = MutationFuzzer.configuredCount

    func text(_ samples: [String]) -> [[UInt8]] { samples.map { Array($0.utf8) } }

    func check(_ report: MutationFuzzer.Report) {
        print("reliability: \(report) — peak RSS \(Int(MutationFuzzer.peakResidentMiB())) MiB")
        #expect(report.overOneSecond == 0)
        #expect(MutationFuzzer.peakResidentMiB() < 256)
    }

    @Test func setCookie() {
        var fuzzer = MutationFuzzer(seed: 1)
        let samples = text([
            "sid=abc123; Path=/; Domain=example.com; Secure; HttpOnly; SameSite=Lax",
            "id=a3fWa; Expires=Wed, 21 Oct 2015 07:28:00 GMT; Max-Age=2592000",
            "__Host-x=1; Path=/; Secure", "lang=en-US; Expires=Sun, 06 Nov 1994 08:49:37 GMT",
        ])
        check(
            fuzzer.run("Set-Cookie", samples: samples, count: Self.count) { bytes in
                _ = SetCookieHeader.parse(String(decoding: bytes, as: UTF8.self))
            })
    }

    @Test func wwwAuthenticate() {
        var fuzzer = MutationFuzzer(seed: 2)
        let samples = text([
            #"Digest realm="api@example.org", qop="auth, auth-int", algorithm=SHA-256, nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS""#,
            #"Basic realm="simple", charset="UTF-8", Bearer realm="example", error="invalid_token""#,
            "NTLM TlRMTVNTUAACAAAADAAMADgAAAAFgomi", "Negotiate, NTLM",
        ])
        check(
            fuzzer.run("WWW-Authenticate", samples: samples, count: Self.count) { bytes in
                _ = AuthenticationHeaderParser.parse(String(decoding: bytes, as: UTF8.self))
            })
    }

    @Test func cacheControl() {
        var fuzzer = MutationFuzzer(seed: 3)
        let samples = text([
            "max-age=3600, must-revalidate", #"private="set-cookie", no-cache="x", s-maxage=60"#,
            "no-store, stale-while-revalidate=30, stale-if-error=86400", "public, immutable, max-age=31536000",
        ])
        check(
            fuzzer.run("Cache-Control", samples: samples, count: Self.count) { bytes in
                _ = CacheControl(parsing: String(decoding: bytes, as: UTF8.self))
            })
    }

    @Test func httpAndCookieDates() {
        var fuzzer = MutationFuzzer(seed: 4)
        let samples = text([
            "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994",
            "Wed, 21-Oct-2015 07:28:00 GMT",
        ])
        check(
            fuzzer.run("HTTP and cookie dates", samples: samples, count: Self.count) { bytes in
                let text = String(decoding: bytes, as: UTF8.self)
                _ = HTTPDate.parse(text)
                _ = CookieDate.parse(text)
            })
    }

    @Test func json() {
        var fuzzer = MutationFuzzer(seed: 5)
        let samples = text([
            #"{"items":[{"id":1,"name":"pen","tags":["a","b"],"price":1.5e2,"ok":true,"none":null}],"next":"\u00e9\n"}"#,
            #"[[[[[[1,2,3]]]]],{"a":{"b":{"c":"d"}}},-0.0,12345678901234567890]"#,
            #""string with \"escapes\" and \ud83d\ude00""#,
        ])
        check(
            fuzzer.run("JSON", samples: samples, count: Self.count) { bytes in
                _ = try JSONValue(parsing: bytes, allowsFragments: true)
            })
    }

    @Test func pemCertificates() throws {
        var fuzzer = MutationFuzzer(seed: 6)
        let server = try TestCertificateAuthority.makeSelfSignedServerCertificate(dnsNames: ["fuzz.test"])
        let samples = text([server.certificatePEM, server.certificatePEM + server.certificatePEM])
        check(
            fuzzer.run("PEM/DER certificates", samples: samples, count: Self.count) { bytes in
                _ = try TLSCertificate.certificates(pem: String(decoding: bytes, as: UTF8.self))
            })
    }

    @Test func ntlmChallenges() {
        var fuzzer = MutationFuzzer(seed: 7)
        let samples = [NTLMTests.challengeMessage(), NTLMTests.challengeMessage(targetInfo: [])]
        check(
            fuzzer.run("NTLM challenge messages", samples: samples, count: Self.count) { bytes in
                _ = try NTLMAuthenticator.parseChallenge(bytes)
            })
    }

    @Test func contentTypeParametersAndRanges() {
        var fuzzer = MutationFuzzer(seed: 8)
        let samples = text([
            #"multipart/form-data; boundary="----abc"; charset=utf-8"#, "bytes 0-499/1234", "bytes */1234",
            "text/html;charset=ISO-8859-1",
        ])
        check(
            fuzzer.run("Content-Type parameters and Content-Range", samples: samples, count: Self.count) { bytes in
                let text = String(decoding: bytes, as: UTF8.self)
                _ = HeaderParameters.parse(text)
                _ = ContentRange(text)
            })
    }

    @Test func pkcs12() throws {
        var fuzzer = MutationFuzzer(seed: 11)
        let certificate = try TestCertificateAuthority.makeSelfSignedServerCertificate(dnsNames: ["fuzz.test"])
        let samples = [Array(try certificate.pkcs12Data(passphrase: "fuzz"))]
        check(
            fuzzer.run("PKCS#12 (with key derivation)", samples: samples, count: Self.count) { bytes in
                _ = try PKCS12Reader.read(bytes, passphrase: "fuzz")
            })
    }

    /// Response heads and chunked bodies through the real transport: a raw server answers each connection with
    /// a mutated response and closes it; the session must answer every request with a response or a clear error.
    @Test func responsesThroughTheTransport() async throws {
        let samples: [[UInt8]] = [
            "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello",
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6;ext=1\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n",
            "HTTP/1.1 304 Not Modified\r\nETag: \"a\"\r\nCache-Control: max-age=60\r\n\r\n",
            "HTTP/1.1 302 Found\r\nLocation: /next\r\nSet-Cookie: a=b; Path=/\r\nContent-Length: 0\r\n\r\n",
            "HTTP/1.0 200 OK\r\nContent-Encoding: gzip\r\n\r\n\u{1F}\u{8B}\u{8}\u{0}",
        ].map { Array($0.utf8) }
        let inputs = Mutex<MutationFuzzer>(MutationFuzzer(seed: 12))
        let server = try await RawKeepAliveServer(behaviour: .closeAfterEachResponse) { _ in
            String(decoding: inputs.withLock { $0.mutate(samples) }, as: UTF8.self)
        }
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.redirectPolicy = .none
        configuration.timeoutIntervalForRequest = 5
        let session = Session(configuration: configuration)
        // Each exchange costs a connection: a tenth of the configured count.
        let count = max(1, Self.count / 10)
        var report = MutationFuzzer.Report(name: "HTTP/1.1 response heads and chunked bodies through the transport")
        let clock = ContinuousClock()
        let started = clock.now
        for _ in 0..<count {
            let before = clock.now
            do {
                _ = try await session.data(for: try Request(server.url("/")))
            } catch {
                report.rejected += 1
            }
            let seconds = MutationFuzzer.seconds(clock.now - before)
            report.slowestSeconds = max(report.slowestSeconds, seconds)
            if seconds > 1 { report.overOneSecond += 1 }
            report.inputs += 1
        }
        report.elapsedSeconds = MutationFuzzer.seconds(clock.now - started)
        check(report)
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }
}
