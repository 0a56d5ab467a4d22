import CourierTestSupport
import CourierTesting
import Foundation
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

    /// PKCS#12 files as OpenSSL writes them with one key-derivation iteration (`-noiter -nomaciter`), so a
    /// million inputs take minutes rather than hours: PBES2 with AES-256-CBC and PBKDF2 (OpenSSL 3's
    /// default), the PKCS#12 PBE with 3DES and a SHA-1 MAC (the older default), and a chain with an
    /// intermediate. Nil when `openssl` is not installed.
    static func openSSLSamples() throws -> [[UInt8]]? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-p12-fuzz-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let authority = try TestCertificateAuthority(commonName: "Fuzz Root")
        let leaf = try authority.makeServerCertificate(dnsNames: ["fuzz.test"])
        let certificate = directory.appendingPathComponent("leaf.pem")
        let key = directory.appendingPathComponent("leaf.key")
        let chain = directory.appendingPathComponent("root.pem")
        try Data(leaf.certificatePEM.utf8).write(to: certificate)
        try Data(leaf.privateKey.pemRepresentation.utf8).write(to: key)
        try Data(authority.certificatePEM.utf8).write(to: chain)
        let variants: [[String]] = [
            [],
            ["-keypbe", "PBE-SHA1-3DES", "-certpbe", "PBE-SHA1-3DES", "-macalg", "sha1"],
            ["-certfile", chain.path],
        ]
        var samples: [[UInt8]] = []
        for (index, extra) in variants.enumerated() {
            let output = directory.appendingPathComponent("\(index).p12")
            let result = try TestProcess.run(
                "/usr/bin/openssl",
                [
                    "pkcs12", "-export", "-in", certificate.path, "-inkey", key.path, "-passout", "pass:fuzz",
                    "-noiter", "-nomaciter", "-out", output.path,
                ] + extra)
            guard result.termination.exitStatus == 0 else {
                Issue.record("openssl pkcs12 \(extra) failed: \(result.errorOutput)")
                continue
            }
            let bytes = Array(try Data(contentsOf: output))
            // Each sample must read as it is, or the mutants would test nothing.
            _ = try PKCS12Reader.read(bytes, passphrase: "fuzz")
            samples.append(bytes)
        }
        return samples
    }

    /// The same parser on 1-iteration samples: mutants mostly fail the integrity MAC, so this covers the
    /// outer structure and the MAC check at full count.
    @Test func pkcs12OneIteration() throws {
        guard let samples = try Self.openSSLSamples(), !samples.isEmpty else {
            print("reliability: PKCS#12 (1 iteration): skipped, /usr/bin/openssl is not installed")
            return
        }
        var fuzzer = MutationFuzzer(seed: 12)
        check(
            fuzzer.run("PKCS#12 (1 iteration, OpenSSL samples)", samples: samples, count: Self.count) { bytes in
                _ = try PKCS12Reader.read(bytes, passphrase: "fuzz")
            })
    }

    /// What lies behind the MAC (the bags, their encryption, the keys and certificates inside): the
    /// integrity check is skipped through the harness's seam, so every mutant reaches the inner parsers.
    @Test func pkcs12Contents() throws {
        guard let samples = try Self.openSSLSamples(), !samples.isEmpty else {
            print("reliability: PKCS#12 contents: skipped, /usr/bin/openssl is not installed")
            return
        }
        var fuzzer = MutationFuzzer(seed: 13)
        check(
            fuzzer.run("PKCS#12 contents (MAC check skipped)", samples: samples, count: Self.count) { bytes in
                _ = try PKCS12Reader.read(bytes, passphrase: "fuzz", verifiesIntegrity: false)
            })
    }

    /// Response heads and chunked bodies through the real transport: a raw server answers each connection with
    /// a mutated response and closes it; the session must answer every request with a response or a clear error.
    @Test func responsesThroughTheTransport() async throws {
        // Each exchange costs a connection: a tenth of the configured count. The same loop runs outside Swift
        // Testing, in release, as `swift run -c release CourierReliability transport --exchanges N`.
        let report = try await TransportFuzz.run(exchanges: max(1, Self.count / 10), progress: { print($0) })
        check(report)
    }
}
