import Courier
import Foundation
import Testing

/// Server trust and client identities against real peers started by `.ci/interop/run.sh`: nginx with a
/// self-signed certificate, nginx requiring client certificates, and `openssl s_server -Verify 1`.
/// Skipped unless `COURIER_INTEROP=1`.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1",
        "set COURIER_INTEROP=1 (see .ci/interop/run.sh)"))
struct TLSInteropTests {
    let environment = ProcessInfo.processInfo.environment

    func value(_ name: String) throws -> String {
        try #require(environment[name], "\(name) is set by .ci/interop/run.sh")
    }

    func url(_ name: String, _ path: String = "/") throws -> Request {
        try Request(try value(name) + path)
    }

    func session(_ configure: (inout SessionConfiguration) throws -> Void) rethrows -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.proxy = .none
        try configure(&configuration)
        return Session(configuration: configuration)
    }

    var selfSignedPEM: String {
        get throws { try String(contentsOfFile: try value("COURIER_TLS_SELF_SIGNED_CERT"), encoding: .utf8) }
    }

    func identity(_ name: String) throws -> ClientIdentity {
        try ClientIdentity(
            pkcs12File: URL(fileURLWithPath: try value(name)), passphrase: try value("COURIER_TLS_P12_PASSPHRASE"))
    }

    // MARK: A self-signed server

    @Test func defaultPolicyRejectsASelfSignedServer() async throws {
        let session = session { _ in }
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try url("COURIER_TLS_SELF_SIGNED_URL"))
        }
        #expect(error?.code == .serverCertificateUntrusted)
        await session.finishTasksAndInvalidate()
    }

    @Test func additionalAnchorAcceptsIt() async throws {
        let pem = try selfSignedPEM
        let session = session { $0.serverTrustPolicy = .anchors(pem: [pem]) }
        let response = try await session.data(for: try url("COURIER_TLS_SELF_SIGNED_URL", "/anchor"))
        #expect(response.status == .ok)
        #expect(response.text == "self-signed ok\n")
        await session.finishTasksAndInvalidate()
    }

    @Test func pinnedCertificateAcceptsIt() async throws {
        let pem = try selfSignedPEM
        let session = try session { $0.serverTrustPolicy = try .pinnedCertificates(pem: pem) }
        #expect(try await session.data(for: try url("COURIER_TLS_SELF_SIGNED_URL", "/certificate")).status == .ok)
        await session.finishTasksAndInvalidate()
    }

    @Test func pinComputedByOpenSSLAcceptsIt() async throws {
        let pem = try selfSignedPEM
        let pin = try PublicKeyPin(try value("COURIER_TLS_SELF_SIGNED_PIN"))
        #expect(try PublicKeyPin.pins(pem: pem) == [pin])
        let session = session {
            $0.serverTrustPolicies["localhost"] = ServerTrustPolicy.anchors(pem: [pem]).pinning(publicKeys: [pin])
        }
        #expect(try await session.data(for: try url("COURIER_TLS_SELF_SIGNED_URL", "/pinned")).status == .ok)
        await session.finishTasksAndInvalidate()
    }

    @Test func wrongPinRejectsBeforeAnyRequestReachesNginx() async throws {
        let pem = try selfSignedPEM
        let wrong = try PublicKeyPin("sha256/47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        // Another test may be talking to the same nginx: look for this test's own path in the log.
        let path = "/wrong-pin-\(UUID().uuidString)"
        let session = session {
            $0.serverTrustPolicy = ServerTrustPolicy.anchors(pem: [pem]).pinning(publicKeys: [wrong])
        }
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try url("COURIER_TLS_SELF_SIGNED_URL", path))
        }
        #expect(error?.code == .serverCertificateUntrusted)
        #expect(error?.message.contains(wrong.description) == true)
        await session.finishTasksAndInvalidate()
        // nginx logs a request when it is complete or the connection ends; the refused connection is
        // closed by now, so a request would be in the log.
        let log = (try? String(contentsOfFile: try value("COURIER_TLS_SELF_SIGNED_ACCESS_LOG"), encoding: .utf8)) ?? ""
        #expect(!log.contains(path))
    }

    // MARK: Client certificates

    @Test(arguments: ["COURIER_TLS_CLIENT_P12", "COURIER_TLS_CLIENT_LEGACY_P12"])
    func nginxAcceptsAnOpenSSLPKCS12Identity(file: String) async throws {
        let identity = try identity(file)
        #expect(identity.certificate.commonName == "Courier Interop Client")
        let ca = URL(fileURLWithPath: try value("COURIER_TLS_CA"))
        let session = try session { configuration in
            configuration.serverTrustPolicy = try .anchors(pemFile: ca, includeSystemRoots: false)
            configuration.clientIdentity = .forHosts(["localhost": identity])
        }
        let response = try await session.data(for: try url("COURIER_TLS_MTLS_URL", "/accounts"))
        #expect(response.status == .ok)
        #expect(response.text?.contains("CN=Courier Interop Client") == true)
        await session.finishTasksAndInvalidate()
    }

    @Test func nginxAnswers400WithoutAClientCertificate() async throws {
        // nginx completes the handshake without a certificate and refuses at the HTTP level.
        let ca = URL(fileURLWithPath: try value("COURIER_TLS_CA"))
        let session = try session { $0.serverTrustPolicy = try .anchors(pemFile: ca, includeSystemRoots: false) }
        let response = try await session.data(for: try url("COURIER_TLS_MTLS_URL", "/accounts"))
        #expect(response.status.code == 400)
        #expect(response.text?.contains("No required SSL certificate was sent") == true)
        await session.finishTasksAndInvalidate()
    }

    @Test func opensslServerRequiringACertificateAcceptsTheIdentityAndRejectsNone() async throws {
        let ca = URL(fileURLWithPath: try value("COURIER_TLS_CA"))
        let identity = try identity("COURIER_TLS_CLIENT_P12")
        let withIdentity = try session { configuration in
            configuration.serverTrustPolicy = try .anchors(pemFile: ca, includeSystemRoots: false)
            configuration.clientIdentity = .always(identity)
        }
        let response = try await withIdentity.data(for: try url("COURIER_TLS_S_SERVER_URL"))
        #expect(response.status == .ok)
        await withIdentity.finishTasksAndInvalidate()

        let without = try session { $0.serverTrustPolicy = try .anchors(pemFile: ca, includeSystemRoots: false) }
        let error = await #expect(throws: CourierError.self) {
            try await without.data(for: try url("COURIER_TLS_S_SERVER_URL"))
        }
        #expect(error?.code == .clientCertificateRequired, "\(String(describing: error))")
        await without.finishTasksAndInvalidate()
    }

    @Test func opensslServerRejectsACertificateFromAnUnrelatedCA() async throws {
        let ca = URL(fileURLWithPath: try value("COURIER_TLS_CA"))
        let stranger = try identity("COURIER_TLS_STRANGER_P12")
        let session = try session { configuration in
            configuration.serverTrustPolicy = try .anchors(pemFile: ca, includeSystemRoots: false)
            configuration.clientIdentity = .always(stranger)
        }
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try url("COURIER_TLS_S_SERVER_URL"))
        }
        #expect(error?.code == .clientCertificateRejected, "\(String(describing: error))")
        await session.finishTasksAndInvalidate()
    }
}
