import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL

/// The one table from lower-layer errors (Courier's transport, SwiftNIO, POSIX, TLS) to Courier's codes.
///
/// | lower-layer error | code | outcome |
/// |---|---|---|
/// | `ECONNREFUSED` | `cannotConnectToHost` | failed |
/// | `ENETUNREACH`, `EHOSTUNREACH`, `ENETDOWN` | `notConnectedToInternet` | failed |
/// | `ETIMEDOUT`, connect timeout (the transport's `connectTimedOut`) | `timedOut` | failed |
/// | the transport: name not found / connect refused / TLS failed (`HTTPEngineError`), the underlying error when there is one | `cannotFindHost` / `cannotConnectToHost` / `secureConnectionFailed` | notSent / failed |
/// | the transport: connection lost before the response or during the body | `networkConnectionLost` | ambiguous |
/// | the transport: malformed response, an unrequested `101` | `badServerResponse` | ambiguous |
/// | the transport: port out of range | `badURL` | notSent |
/// | DNS failure (`UnknownHost`, no addresses) | `cannotFindHost` | notSent |
/// | `ECONNRESET`, `EPIPE`, remote close, EOF, TLS unclean shutdown, HTTP/2 stream reset | `networkConnectionLost` | ambiguous once sent |
/// | TLS: certificate verify failed, host name mismatch | `serverCertificateUntrusted` | failed |
/// | TLS: expired or not-yet-valid certificate | `serverCertificateHasBadDate` | failed |
/// | Courier's connection check: pin mismatch, delegate refused the server trust (`ServerTrustEvaluationError`) | `serverCertificateUntrusted` | failed |
/// | verify failure diagnosed as a certificate outside its dates (`CertificateDateDiagnosis.BadDate`) | `serverCertificateHasBadDate` | failed |
/// | the engine's chain evaluation (`CertificateChainError`): expired / not yet valid | `serverCertificateHasBadDate` | failed |
/// | the engine's chain evaluation: pin mismatch (reported as a `ServerTrustEvaluationError`), untrusted issuer, host name, usage, malformed | `serverCertificateUntrusted` | failed |
/// | engine: connection lost to a TLS alert refusing the client certificate | `clientCertificateRequired` / `clientCertificateRejected` | failed |
/// | TLS: server asks for a certificate we lack / rejects ours | `clientCertificateRequired` / `clientCertificateRejected` | failed |
/// | other TLS handshake failures, handshake timeout, ALPN mismatch | `secureConnectionFailed` | failed |
/// | HTTP parser: connection closed before the body's end (`invalidEOFState`) | `networkConnectionLost` | ambiguous |
/// | other HTTP parser errors (garbage status line or headers) | `badServerResponse` | ambiguous |
/// | proxy handshake timeout or refusal | `cannotConnectToHost` | failed |
/// | proxy authentication required | `userAuthenticationRequired` | failed |
/// | request body shorter or longer than declared | `requestBodyStreamExhausted` | ambiguous |
/// | the transport shut down (the session was invalidated) | `sessionInvalidated` | notSent |
/// | `CancellationError` | `cancelled` | ambiguous once sent |
enum ErrorMapping {
    /// Maps an error; `requestWasSent` decides between `.notSent`/`.failed` and `.ambiguous` where it matters.
    static func map(_ error: any Error, request: Request?, requestWasSent: Bool) -> CourierError {
        if let courierError = error as? CourierError {
            return request.map { courierError.attaching(request: $0) } ?? courierError
        }
        let host = request?.url.hostDescription ?? "the server"
        let sentOutcome: CourierError.Outcome = requestWasSent ? .ambiguous : .failed
        func make(_ code: CourierError.Code, _ outcome: CourierError.Outcome, _ message: String) -> CourierError {
            CourierError(
                code, kind: .transport, outcome: outcome, message: message, request: request,
                underlyingError: error)
        }

        if error is CancellationError {
            return make(.cancelled, requestWasSent ? .ambiguous : .notSent, "the request was cancelled")
        }
        if let error = error as? HTTPEngineError {
            return mapEngineError(error, request: request, host: host, make: make)
        }
        if let error = error as? ProxyTunnelError {
            return mapProxyTunnelError(error, make: make)
        }
        if let error = error as? NIOConnectionError {
            if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
                return make(.cannotFindHost, .notSent, "could not find host \(error.host): the name does not resolve")
            }
            if let first = error.connectionErrors.first {
                return map(first.error, request: request, requestWasSent: false)
            }
            return make(.cannotConnectToHost, .failed, "could not connect to \(host)")
        }
        if error is SocketAddressError.UnknownHost {
            return make(
                .cannotFindHost, .notSent, "could not find host \(request?.url.host ?? host): the name does not resolve"
            )
        }
        if let error = error as? SocketAddressError {
            return make(.cannotFindHost, .notSent, "could not resolve \(host): \(error)")
        }
        if let error = error as? IOError {
            return mapErrno(error.errnoCode, host: host, sentOutcome: sentOutcome, make: make)
        }
        if let error = error as? ChannelError {
            switch error {
            case .connectTimeout:
                return make(.timedOut, .failed, "timed out connecting to \(host)")
            case .ioOnClosedChannel, .alreadyClosed, .eof, .outputClosed, .inputClosed:
                return make(.networkConnectionLost, sentOutcome, "the connection to \(host) was lost")
            case .writeHostUnreachable:
                return make(.notConnectedToInternet, .failed, "no route to \(host)")
            default:
                return make(.unknown, sentOutcome, "connection error talking to \(host): \(error)")
            }
        }
        if let error = error as? CertificateChainError {
            return mapChainError(error, request: request, make: make)
        }
        if let error = error as? ServerTrustEvaluationError {
            return make(.serverCertificateUntrusted, .failed, "the certificate of \(host)\(error.description)")
        }
        if let error = error as? CertificateDateDiagnosis.BadDate {
            return make(
                .serverCertificateHasBadDate, .failed,
                "the certificate of \(host)\(error.description); it is not trusted")
        }
        if let error = error as? NIOSSLError {
            return mapTLS(error, host: host, sentOutcome: sentOutcome, make: make)
        }
        if error is BoringSSLError {
            // An alert received after the handshake (TLS 1.3 servers judge the client certificate then).
            switch ClientCertificateDiagnosis.verdict(for: String(describing: error)) {
            case .certificateRequired:
                return make(.clientCertificateRequired, .failed, "\(host) requires a client certificate")
            case .certificateRejected:
                return make(.clientCertificateRejected, .failed, "\(host) rejected the client certificate")
            case nil:
                return make(.secureConnectionFailed, sentOutcome, "TLS with \(host) failed: \(tlsReason(error))")
            }
        }
        if error is NIOSSLExtraError {
            let text = String(describing: error)
            if text.lowercased().contains("hostname") {
                return make(
                    .serverCertificateUntrusted, .failed,
                    "the certificate of \(host) is not valid for that host name")
            }
            return make(.secureConnectionFailed, .failed, "TLS with \(host) failed: \(tlsReason(text))")
        }
        if let parserError = error as? HTTPParserError, parserError == .invalidEOFState {
            return make(
                .networkConnectionLost, sentOutcome, "\(host) closed the connection before the response was complete")
        }
        if error is HTTPParserError {
            return make(
                .badServerResponse, requestWasSent ? .ambiguous : .failed,
                "\(host) sent a malformed HTTP response (\(error))")
        }
        let typeName = String(reflecting: type(of: error))
        if typeName.contains("NIOHTTP2") {
            return make(.networkConnectionLost, sentOutcome, "the HTTP/2 stream to \(host) failed: \(error)")
        }
        return make(.unknown, sentOutcome, "the request to \(host) failed: \(error)")
    }

    static func mapErrno(
        _ code: CInt, host: String, sentOutcome: CourierError.Outcome,
        make: (CourierError.Code, CourierError.Outcome, String) -> CourierError
    ) -> CourierError {
        switch code {
        case ECONNREFUSED:
            return make(
                .cannotConnectToHost, .failed,
                "could not connect to \(host) — connection refused; is the server running?")
        case ENETUNREACH, EHOSTUNREACH, ENETDOWN, EHOSTDOWN:
            return make(.notConnectedToInternet, .failed, "no route to \(host); is the network up?")
        case ETIMEDOUT:
            return make(.timedOut, .failed, "timed out connecting to \(host)")
        case ECONNRESET, EPIPE, ECONNABORTED:
            return make(.networkConnectionLost, sentOutcome, "the connection to \(host) was reset")
        case EADDRNOTAVAIL:
            return make(.cannotConnectToHost, .failed, "could not connect to \(host): address not available")
        default:
            return make(
                .cannotConnectToHost, .failed,
                "could not connect to \(host): \(String(cString: strerror(code)))")
        }
    }

    static func mapTLS(
        _ error: NIOSSLError, host: String, sentOutcome: CourierError.Outcome,
        make: (CourierError.Code, CourierError.Outcome, String) -> CourierError
    ) -> CourierError {
        switch error {
        case .handshakeFailed(let boringError):
            let text = String(describing: boringError).lowercased()
            if text.contains("certificate has expired") || text.contains("certificate is not yet valid")
                || text.contains("cert_has_expired")
            {
                return make(
                    .serverCertificateHasBadDate, .failed, "the certificate of \(host) has expired or is not yet valid")
            }
            if text.contains("certificate_verify_failed") || text.contains("certificate verify failed") {
                return make(
                    .serverCertificateUntrusted, .failed,
                    "the certificate of \(host) is not trusted (\(tlsReason(boringError)))")
            }
            if text.contains("certificate required") || text.contains("certificate_required")
                || text.contains("peer did not return a certificate")
            {
                return make(.clientCertificateRequired, .failed, "\(host) requires a client certificate")
            }
            if text.contains("bad certificate") || text.contains("bad_certificate")
                || text.contains("unknown ca") || text.contains("unknown_ca")
            {
                return make(.clientCertificateRejected, .failed, "\(host) rejected the client certificate")
            }
            return make(
                .secureConnectionFailed, .failed, "the TLS handshake with \(host) failed (\(tlsReason(boringError)))")
        case .unableToValidateCertificate, .noCertificateToValidate:
            return make(.serverCertificateUntrusted, .failed, "could not validate the certificate of \(host)")
        case .uncleanShutdown:
            return make(.networkConnectionLost, sentOutcome, "\(host) closed the TLS connection without notice")
        default:
            return make(.secureConnectionFailed, .failed, "TLS with \(host) failed: \(tlsReason(error))")
        }
    }

    /// What a TLS library's error says, without its internals: BoringSSL's
    /// `error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /…/handshake.cc:320` becomes
    /// `certificate verify failed`; source paths and line numbers are never shown.
    static func tlsReason(_ error: Any) -> String {
        let text = String(describing: error)
        var reasons: [String] = []
        var rest = Substring(text)
        while let marker = rest.range(of: "error:") {
            let fields = rest[marker.upperBound...].split(
                separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
            if fields.count >= 4 {
                let reason = fields[3].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                if !reason.isEmpty {
                    let words = reason.lowercased().replacingOccurrences(of: "_", with: " ")
                    if !reasons.contains(words) { reasons.append(words) }
                }
            }
            rest = rest[marker.upperBound...]
        }
        if !reasons.isEmpty { return reasons.joined(separator: "; ") }
        // No BoringSSL error stack: drop anything that looks like a source location.
        var cleaned = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if word.contains("/") && (word.contains(".cc:") || word.contains(".c:") || word.contains(".swift:")) {
                continue
            }
            cleaned += cleaned.isEmpty ? String(word) : " " + word
        }
        cleaned = cleaned.replacingOccurrences(of: " at ]", with: "]").replacingOccurrences(of: " at )", with: ")")
        return cleaned.hasSuffix(" at") ? String(cleaned.dropLast(3)) : cleaned
    }
}

extension ErrorMapping {
    /// Courier's own transport: its codes say what failed; an underlying error (a refused connect, a TLS
    /// verification failure, a refused proxy tunnel, a trust check) says it more precisely where there is one.
    static func mapEngineError(
        _ error: HTTPEngineError, request: Request?, host: String,
        make: (CourierError.Code, CourierError.Outcome, String) -> CourierError
    ) -> CourierError {
        let processed: CourierError.Outcome = error.requestMayHaveBeenProcessed ? .ambiguous : .failed
        switch error.code {
        case .cannotFindHost:
            return make(.cannotFindHost, .notSent, error.message)
        case .connectTimedOut:
            return make(.timedOut, .failed, error.message)
        case .cannotConnect, .tlsFailed, .proxyFailed:
            if let underlying = error.underlying {
                var mapped = map(underlying, request: request, requestWasSent: false)
                // The lower layer's message names the origin; when the proxy failed, the engine's names the proxy.
                if mapped.code == .unknown || error.code == .proxyFailed || error.message.contains("proxy") {
                    mapped.message = error.message
                }
                if mapped.code != .cancelled { return mapped }
            }
            switch error.code {
            case .tlsFailed: return make(.secureConnectionFailed, .failed, error.message)
            default: return make(.cannotConnectToHost, .failed, error.message)
            }
        case .connectionLostBeforeResponse, .streamRefused:
            if let refusal = clientCertificateRefusal(error, request: request) { return refusal }
            return make(.networkConnectionLost, processed, error.message)
        case .connectionLostDuringBody:
            return make(.networkConnectionLost, .ambiguous, error.message)
        case .malformedResponse, .unexpectedUpgrade:
            return make(.badServerResponse, .ambiguous, error.message)
        case .invalidRequest:
            return make(.badURL, .notSent, error.message)
        case .requestBodyFailed:
            if let underlying = error.underlying {
                return map(underlying, request: request, requestWasSent: error.requestMayHaveBeenProcessed)
            }
            return make(.requestBodyStreamExhausted, processed, error.message)
        case .shutDown:
            return make(.sessionInvalidated, .notSent, error.message)
        }
    }

    /// A connection lost to the server's TLS alert refusing the client certificate (or the lack of one): TLS 1.3
    /// servers judge it after the client's handshake is over, so the alert ends a connection that already carries
    /// the request. The server refused it before reading the request, so the outcome is `failed`.
    private static func clientCertificateRefusal(_ error: HTTPEngineError, request: Request?) -> CourierError? {
        guard let underlying = error.underlying, underlying is BoringSSLError || underlying is NIOSSLError else {
            return nil
        }
        let mapped = map(underlying, request: request, requestWasSent: false)
        guard mapped.code == .clientCertificateRequired || mapped.code == .clientCertificateRejected else {
            return nil
        }
        return mapped
    }

    /// The engine's chain evaluation refused the server: a certificate outside its dates is a bad date, a pin
    /// mismatch is reported as Courier's trust checks report one (``ServerTrustEvaluationError``, naming the
    /// leaf), and anything else is untrusted, with the evaluator's one-line reason.
    static func mapChainError(
        _ error: CertificateChainError, request: Request?,
        make: (CourierError.Code, CourierError.Outcome, String) -> CourierError
    ) -> CourierError {
        switch error.reason {
        case .expired, .notYetValid:
            return make(.serverCertificateHasBadDate, .failed, "\(error.summary); it is not trusted")
        case .pinMismatch(let pins, let chain):
            let leaf = error.presentedChain.first.flatMap { try? TLSCertificate(derRepresentation: Data($0.derBytes)) }
            let refusal = ServerTrustEvaluationError(
                reason: .pinMismatch(expected: pins, actual: "the verified chain \(chain.joined(separator: ", "))"),
                leaf: leaf)
            return map(refusal, request: request, requestWasSent: false)
        case .emptyChain, .malformedCertificate, .untrustedIssuer, .hostNameMismatch, .badKeyUsage:
            return make(.serverCertificateUntrusted, .failed, error.summary)
        }
    }

    /// A tunnel through a proxy that could not be opened: nothing reached the origin.
    static func mapProxyTunnelError(
        _ error: ProxyTunnelError, make: (CourierError.Code, CourierError.Outcome, String) -> CourierError
    ) -> CourierError {
        let message = error.description
        switch error.kind {
        case .timedOut:
            return make(.timedOut, .notSent, message)
        case .malformedResponse, .responseTooLarge, .socksNoAcceptableMethod:
            return make(.badServerResponse, .notSent, message)
        case .authenticationRequired, .authenticationFailed, .socksAuthenticationFailed:
            return make(.userAuthenticationRequired, .notSent, message)
        case .invalidTarget:
            return make(.badURL, .notSent, message)
        case .invalidCredentials:
            return make(.invalidConfiguration, .notSent, message)
        case .cannotResolveTarget:
            return make(.cannotFindHost, .notSent, message)
        case .cancelled:
            return make(.cancelled, .notSent, message)
        case .unreachable, .connectionClosed, .connectionFailed, .rejected, .socksConnectFailed,
            .newConnectionRequired:
            return make(.cannotConnectToHost, .notSent, message)
        }
    }
}
