import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierCLI

@Suite("courier --verify, --pin and --cert")
struct TLSOptionsTests {
    let authority: TestCertificateAuthority
    let serverCertificate: TestCertificate
    let directory: URL

    init() throws {
        authority = try TestCertificateAuthority()
        serverCertificate = try authority.makeServerCertificate()
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-tls-\(UUID())")
    }

    func run(_ arguments: [String]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(input: Data(), terminal: false))
        return (status, capture.standardOutput, capture.standardError)
    }

    func file(_ name: String, _ contents: Data) throws -> String {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try contents.write(to: url)
        return url.path
    }

    func withTLSServer(
        clients: TestServer.TLSConfiguration.ClientAuthentication = .none, _ body: (TestServer) async throws -> Void
    ) async throws {
        let server = try await TestServer.start(
            tls: TestServer.TLSConfiguration(certificate: serverCertificate, clientAuthentication: clients)
        ) { _ in .text("secret balance") }
        do {
            try await body(server)
        } catch {
            try? await server.shutdown()
            throw error
        }
        try await server.shutdown()
    }

    // MARK: Usage errors

    @Test(arguments: [
        ["--pin", "sha256/short", "https://127.0.0.1:9/"],
        ["--pin", "md5/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=", "https://127.0.0.1:9/"],
        ["--verify", "/nonexistent/ca.pem", "https://127.0.0.1:9/"],
        ["--cert-key", "key.pem", "https://127.0.0.1:9/"],
        ["--cert-pass", "pw", "https://127.0.0.1:9/"],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) async {
        let (status, output, error) = await run(arguments)
        #expect(status == 2)
        #expect(output.isEmpty)
        #expect(error.contains("--pin") || error.contains("--verify") || error.contains("--cert"))
    }

    @Test func unusableFilesAreUsageErrorsNamingTheProblem() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let garbage = try file("garbage.p12", Data((0..<600).map { UInt8($0 % 251) }))
        let (status, _, error) = await run(["--cert", garbage, "https://127.0.0.1:9/"])
        #expect(status == 2)
        #expect(error.contains("--cert \(garbage)"))
        #expect(error.contains("not a PKCS#12 file"))

        let p12 = try file("client.p12", try authority.makeClientCertificate().pkcs12Data(passphrase: "right"))
        let (wrongStatus, _, wrongError) = await run(["--cert", p12, "--cert-pass", "wrong", "https://127.0.0.1:9/"])
        #expect(wrongStatus == 2)
        #expect(wrongError.contains("passphrase is wrong"))

        let notPEM = try file("ca.txt", Data("hello".utf8))
        let (caStatus, _, caError) = await run(["--verify", notPEM, "https://127.0.0.1:9/"])
        #expect(caStatus == 2)
        #expect(caError.contains("--verify"))
    }

    @Test func optionsBuildThePolicy() throws {
        let pin = "sha256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="
        #expect(try TLSOptions.parse([]).serverTrustPolicy() == .systemDefault)
        #expect(try TLSOptions.parse(["--verify", "no"]).serverTrustPolicy().isEvaluationDisabled)
        let pinned = try TLSOptions.parse(["--pin", pin, "--pin", pin.replacingOccurrences(of: "47", with: "48")])
            .serverTrustPolicy()
        #expect(pinned.publicKeyPins.count == 2)
        // Pins alone: the pinned key is the server's identity (a self-signed certificate with it is accepted).
        #expect(pinned.isEvaluationDisabled)
        // --verify yes with pins: the CA check and the pins.
        let both = try TLSOptions.parse(["--verify", "yes", "--pin", pin]).serverTrustPolicy()
        #expect(both.publicKeyPins.count == 1)
        #expect(!both.isEvaluationDisabled)
    }

    // MARK: Against a TLS server

    @Test func verifyAndPinAgainstAPrivateCA() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = try file("ca.pem", Data(authority.certificatePEM.utf8))
        let serverPin = try TLSCertificate(derRepresentation: serverCertificate.certificateDER).publicKeyPin.description
        let wrongPin = "sha256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="
        try await withTLSServer { server in
            let url = server.url("/balance").absoluteString
            let (untrusted, _, untrustedError) = await run([url])
            #expect(untrusted == 1)
            #expect(untrustedError.contains("not trusted"))

            let (trusted, body, _) = await run(["--verify", ca, url])
            #expect(trusted == 0)
            #expect(body.contains("secret balance"))

            let (disabled, _, _) = await run(["--verify", "no", url])
            #expect(disabled == 0)

            let (pinned, _, pinnedError) = await run(["--verify", ca, "--pin", wrongPin, "--pin", serverPin, url])
            #expect(pinned == 0, "\(pinnedError)")

            let (mismatch, mismatchBody, mismatchError) = await run(["--verify", "no", "--pin", wrongPin, url])
            #expect(mismatch == 1)
            #expect(mismatchBody.isEmpty)
            #expect(mismatchError.contains(wrongPin))
            #expect(server.recordedRequests.count == 3)
        }
    }

    @Test func clientCertificatesFromPKCS12AndPEM() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let ca = try file("ca.pem", Data(authority.certificatePEM.utf8))
        let client = try authority.makeClientCertificate()
        let p12 = try file("client.p12", try client.pkcs12Data(passphrase: "pw"))
        let certificatePEM = try file("client.pem", Data(client.certificatePEM.utf8))
        let keyPEM = try file("client.key", Data(client.privateKeyPEM.utf8))
        try await withTLSServer(clients: .required(trustRoots: [authority.nioSSLCertificate])) { server in
            let url = server.url("/balance").absoluteString
            let (withoutCertificate, _, error) = await run(["--verify", ca, url])
            #expect(withoutCertificate == 1)
            #expect(error.contains("requires a client certificate"))

            let (fromP12, body, _) = await run(["--verify", ca, "--cert", p12, "--cert-pass", "pw", url])
            #expect(fromP12 == 0)
            #expect(body.contains("secret balance"))

            let (fromPEM, _, _) = await run(["--verify", ca, "--cert", certificatePEM, "--cert-key", keyPEM, url])
            #expect(fromPEM == 0)
        }
    }
}
