import CourierTesting
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Testing

@testable import Courier

@Suite("Error mapping")
struct ErrorMappingTests {
    let request = try! Request("https://api.example.com:8443/items")

    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let error: any Error & Sendable
        let sent: Bool
        let code: CourierError.Code
        let outcome: CourierError.Outcome
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(
            name: "ECONNREFUSED", error: IOError(errnoCode: ECONNREFUSED, reason: "connect"), sent: false,
            code: .cannotConnectToHost, outcome: .failed),
        Row(
            name: "ENETUNREACH", error: IOError(errnoCode: ENETUNREACH, reason: "connect"), sent: false,
            code: .notConnectedToInternet, outcome: .failed),
        Row(
            name: "EHOSTUNREACH", error: IOError(errnoCode: EHOSTUNREACH, reason: "connect"), sent: false,
            code: .notConnectedToInternet, outcome: .failed),
        Row(
            name: "ENETDOWN", error: IOError(errnoCode: ENETDOWN, reason: "connect"), sent: false,
            code: .notConnectedToInternet, outcome: .failed),
        Row(
            name: "ETIMEDOUT", error: IOError(errnoCode: ETIMEDOUT, reason: "connect"), sent: false,
            code: .timedOut, outcome: .failed),
        Row(
            name: "ECONNRESET after send", error: IOError(errnoCode: ECONNRESET, reason: "read"), sent: true,
            code: .networkConnectionLost, outcome: .ambiguous),
        Row(
            name: "EPIPE after send", error: IOError(errnoCode: EPIPE, reason: "write"), sent: true,
            code: .networkConnectionLost, outcome: .ambiguous),
        Row(
            name: "NIO connect timeout", error: ChannelError.connectTimeout(.seconds(1)), sent: false,
            code: .timedOut, outcome: .failed),
        Row(
            name: "EOF mid-body", error: ChannelError.eof, sent: true, code: .networkConnectionLost, outcome: .ambiguous
        ),
        Row(
            name: "engine: name does not resolve",
            error: HTTPEngineError(.cannotFindHost, "could not find host api.example.com"), sent: false,
            code: .cannotFindHost, outcome: .notSent),
        Row(
            name: "engine: connect timeout", error: HTTPEngineError(.connectTimedOut, "timed out connecting"),
            sent: false, code: .timedOut, outcome: .failed),
        Row(
            name: "engine: connect refused", error: HTTPEngineError(.cannotConnect, "could not connect"),
            sent: false, code: .cannotConnectToHost, outcome: .failed),
        Row(
            name: "engine: TLS failed", error: HTTPEngineError(.tlsFailed, "TLS failed"), sent: false,
            code: .secureConnectionFailed, outcome: .failed),
        Row(
            name: "engine: lost before the response",
            error: HTTPEngineError(.connectionLostBeforeResponse, "lost", requestMayHaveBeenProcessed: true),
            sent: true, code: .networkConnectionLost, outcome: .ambiguous),
        Row(
            name: "engine: lost during the body",
            error: HTTPEngineError(.connectionLostDuringBody, "lost", requestMayHaveBeenProcessed: true), sent: true,
            code: .networkConnectionLost, outcome: .ambiguous),
        Row(
            name: "engine: malformed response",
            error: HTTPEngineError(.malformedResponse, "breaks HTTP", requestMayHaveBeenProcessed: true), sent: true,
            code: .badServerResponse, outcome: .ambiguous),
        Row(
            name: "engine: unrequested 101",
            error: HTTPEngineError(.unexpectedUpgrade, "101", requestMayHaveBeenProcessed: true), sent: true,
            code: .badServerResponse, outcome: .ambiguous),
        Row(
            name: "engine: port out of range", error: HTTPEngineError(.invalidRequest, "port 99999"), sent: false,
            code: .badURL, outcome: .notSent),
        Row(
            name: "engine: shut down", error: HTTPEngineError(.shutDown, "shut down"), sent: false,
            code: .sessionInvalidated, outcome: .notSent),
        Row(
            name: "garbage status line", error: HTTPParserError.invalidStatus, sent: true,
            code: .badServerResponse, outcome: .ambiguous),
        Row(
            name: "garbage header", error: HTTPParserError.invalidHeaderToken, sent: true,
            code: .badServerResponse, outcome: .ambiguous),
        Row(
            name: "close before the end of the body", error: HTTPParserError.invalidEOFState, sent: true,
            code: .networkConnectionLost, outcome: .ambiguous),
        Row(
            name: "certificate untrusted",
            error: NIOSSLError.handshakeFailed(.sslError([])), sent: false,
            code: .secureConnectionFailed, outcome: .failed),
        Row(
            name: "unable to validate", error: NIOSSLError.unableToValidateCertificate, sent: false,
            code: .serverCertificateUntrusted, outcome: .failed),
        Row(
            name: "TLS unclean shutdown", error: NIOSSLError.uncleanShutdown, sent: true,
            code: .networkConnectionLost, outcome: .ambiguous),
        Row(
            name: "pin mismatch after the handshake",
            error: ServerTrustEvaluationError(
                reason: .pinMismatch(expected: ["sha256/expected"], actual: "sha256/actual"), leaf: nil),
            sent: true, code: .serverCertificateUntrusted, outcome: .failed),
        Row(
            name: "delegate refused the server's trust",
            error: ServerTrustEvaluationError(reason: .rejectedByDelegate, leaf: nil), sent: true,
            code: .serverCertificateUntrusted, outcome: .failed),
        Row(name: "cancellation", error: CancellationError(), sent: false, code: .cancelled, outcome: .notSent),
    ]

    @Test(arguments: rows)
    func everyRowMapsToItsCode(row: Row) {
        let mapped = ErrorMapping.map(row.error, request: request, requestWasSent: row.sent)
        #expect(mapped.code == row.code)
        #expect(mapped.outcome == row.outcome)
        #expect(mapped.kind == .transport)
        #expect(mapped.request?.url == request.url)
        #expect(mapped.underlyingError != nil)
        #expect(!mapped.message.isEmpty)
    }

    @Test func diagnosedBadDateMapsToServerCertificateHasBadDate() throws {
        let authority = try TestCertificateAuthority()
        let expired = try authority.makeServerCertificate(
            notValidBefore: Date(timeIntervalSince1970: 1_600_000_000),
            notValidAfter: Date(timeIntervalSince1970: 1_700_000_000))
        let badDate = CertificateDateDiagnosis.BadDate(
            certificate: try TLSCertificate(derRepresentation: expired.certificateDER), position: 0, now: Date(),
            verificationError: .handshakeFailed(.sslError([])))
        let mapped = ErrorMapping.map(badDate, request: request, requestWasSent: true)
        #expect(mapped.code == .serverCertificateHasBadDate)
        #expect(mapped.outcome == .failed)
        #expect(mapped.message.contains("expired on 2023-11-14"))
        #expect(mapped.underlyingError is CertificateDateDiagnosis.BadDate)
    }

    @Test func pinMismatchMessageNamesTheLeafAndTheExpectedPins() throws {
        let authority = try TestCertificateAuthority()
        let leaf = try TLSCertificate(derRepresentation: try authority.makeServerCertificate().certificateDER)
        let error = ServerTrustEvaluationError(
            reason: .pinMismatch(expected: ["sha256/one", "sha256/two"], actual: leaf.publicKeyPin.description),
            leaf: leaf)
        let mapped = ErrorMapping.map(error, request: request, requestWasSent: true)
        #expect(mapped.message.hasPrefix("the certificate of api.example.com:8443 (CN=localhost, O=Courier Testing)"))
        #expect(mapped.message.contains("expected sha256/one or sha256/two"))
        #expect(mapped.message.contains(leaf.publicKeyPin.description))
    }

    @Test func realDNSFailureMapsToCannotFindHost() async throws {
        // .invalid is reserved (RFC 2606): it never resolves, so this is the error NIO really throws.
        let bootstrap = ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        let thrown: (any Error)? = await {
            do {
                let channel = try await bootstrap.connect(host: "courier-test.invalid", port: 80).get()
                try? await channel.close()
                return nil
            } catch {
                return error
            }
        }()
        let error = try #require(thrown)
        let mapped = ErrorMapping.map(error, request: request, requestWasSent: false)
        #expect(mapped.code == .cannotFindHost)
        #expect(mapped.outcome == .notSent)
    }

    @Test func refusedMessageNamesTheHostAndWhatToTry() {
        let mapped = ErrorMapping.map(
            IOError(errnoCode: ECONNREFUSED, reason: "connect"), request: request, requestWasSent: false)
        #expect(mapped.description.contains("api.example.com:8443"))
        #expect(mapped.description.contains("is the server running?"))
    }

    @Test func courierErrorsPassThroughWithTheRequestAttached() {
        let original = CourierError(.timedOut, outcome: .ambiguous, message: "slow")
        let mapped = ErrorMapping.map(original, request: request, requestWasSent: true)
        #expect(mapped.code == .timedOut)
        #expect(mapped.request != nil)
    }

    @Test func codesMatchInCatchClauses() {
        do {
            throw CourierError(.cannotFindHost, message: "x")
        } catch let error as CourierError where error.code == .cannotFindHost {
            #expect(error.kind == .transport)
        } catch {
            Issue.record("did not match")
        }
    }

    @Test func unknownErrorsKeepTheirDescription() {
        struct Odd: Error {}
        let mapped = ErrorMapping.map(Odd(), request: request, requestWasSent: true)
        #expect(mapped.code == .unknown)
        #expect(mapped.outcome == .ambiguous)
    }

    @Test func tlsMessagesCarryNoLibraryInternals() {
        let boring =
            "handshakeFailed(NIOSSL.BoringSSLError.sslError([Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /work/.build/checkouts/swift-nio-ssl/Sources/CNIOBoringSSL/ssl/handshake.cc:320]))"
        #expect(ErrorMapping.tlsReason(boring) == "certificate verify failed")
        let located = "unexpected alert at /tmp/x/ssl/tls_record.cc:592"
        #expect(!ErrorMapping.tlsReason(located).contains(".cc"))
    }
}
