import Courier
import CourierTestSupport
import Foundation
import NIOCore
import Testing

@testable import CourierSockets

/// `SocketTLS(trustPolicy:)`: a socket trusts exactly what a `Session` would, with the HTTP core's chain
/// evaluation inside the handshake and its messages.
@Suite struct SocketTrustPolicyTests {
    static let authority = ServerTrustPolicy.anchors(pem: [TestCertificates.authorityPEM], includeSystemRoots: false)
    static let leafPin = "sha256/" + TestCertificates.leafPinBase64

    private func echo(_ tls: SocketTLS) async throws -> String? {
        try await withEchoServer(host: "127.0.0.1", identity: SocketTLSTests.identity) { port in
            let connection = try await TCPClient.connect(
                host: "127.0.0.1", port: port, configuration: TCPConfiguration(framing: .lines(), tls: tls))
            return try await connection.run { reader, writer in
                try await writer.write("secret")
                var iterator = reader.frames.makeAsyncIterator()
                return try await iterator.next().map { String(buffer: $0) }
            }
        }
    }

    /// The refusal's error, checked to be the policy's own message rather than BoringSSL's.
    private func refusal(_ tls: SocketTLS) async throws -> SocketError {
        let error = try await #require(throws: SocketError.self) { _ = try await echo(tls) }
        #expect(error.code == .serverCertificateUntrusted, "\(error)")
        #expect(!error.message.contains("CERTIFICATE_VERIFY_FAILED"), "\(error)")
        return error
    }

    @Test func anchorsAndTheServerNameAreAccepted() async throws {
        #expect(try await echo(SocketTLS(trustPolicy: Self.authority, serverName: "localhost")) == "secret")
    }

    @Test func anAddressLiteralIsCheckedAgainstTheCertificatesAddresses() async throws {
        // The leaf names 127.0.0.1 in its subject alternative names; no SNI is sent for an address.
        #expect(try await echo(SocketTLS(trustPolicy: Self.authority)) == "secret")
    }

    @Test func keyPinsOnTopOfTheAnchorsAcceptTheRightKey() async throws {
        let policy = try Self.authority.pinning(publicKeys: [Self.leafPin])
        #expect(try await echo(SocketTLS(trustPolicy: policy, serverName: "localhost")) == "secret")
    }

    @Test func aKeyMatchingNoPinIsRefusedNamingThePins() async throws {
        let other = "sha256/" + Data(repeating: 7, count: 32).base64EncodedString()
        let policy = try Self.authority.pinning(publicKeys: [other])
        let error = try await refusal(SocketTLS(trustPolicy: policy, serverName: "localhost"))
        #expect(error.message.contains("matches none of the pins"), "\(error)")
    }

    @Test func anUnknownIssuerIsRefusedWithTheEvaluatorsReason() async throws {
        // The system roots do not know the test authority.
        let error = try await refusal(SocketTLS(trustPolicy: .systemDefault, serverName: "localhost"))
        #expect(error.underlying?.contains("chain presented by localhost") == true, "\(error)")
    }

    @Test func aNameTheCertificateDoesNotCarryIsRefusedNamingIt() async throws {
        let error = try await refusal(SocketTLS(trustPolicy: Self.authority, serverName: "example.com"))
        #expect(error.message.contains("not valid for example.com"), "\(error)")
    }

    @Test func evaluationDisabledLeavesOnlyThePin() async throws {
        let pinned = try ServerTrustPolicy.dangerouslyDisableEvaluation.pinning(publicKeys: [Self.leafPin])
        #expect(try await echo(SocketTLS(trustPolicy: pinned, serverName: "localhost")) == "secret")
        let wrong = try ServerTrustPolicy.dangerouslyDisableEvaluation.pinning(publicKeys: [
            "sha256/" + Data(repeating: 1, count: 32).base64EncodedString()
        ])
        _ = try await refusal(SocketTLS(trustPolicy: wrong, serverName: "localhost"))
    }

    @Test func anchorsThatAreNotPEMAreAnInvalidConfiguration() async throws {
        let policy = ServerTrustPolicy.anchors(pem: ["not a certificate"], includeSystemRoots: false)
        let error = try await #require(throws: SocketError.self) {
            _ = try await TCPClient.connect(
                host: "127.0.0.1", port: 1, configuration: TCPConfiguration(tls: SocketTLS(trustPolicy: policy)))
        }
        #expect(error.code == .invalidConfiguration, "\(error)")
    }
}
