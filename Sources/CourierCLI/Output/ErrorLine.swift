import Courier
import Foundation

/// The one line on stderr that ends a failed run: what failed and what to try.
enum ErrorLine {
    /// A usage error: the parser's or a check's message, with a pointer to `--help` for parse errors.
    static func usage(_ message: String, isParseError: Bool) -> String {
        var text = oneLine(message)
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        if isParseError, !text.contains("--help") { text += " (see 'courier --help')" }
        return "courier: error: " + text
    }

    /// A transport, TLS, HTTP or payload failure, with a hint when the library's message has none.
    static func transport(_ error: CourierError) -> String {
        var text = oneLine(error.description)
        // The library's own messages sometimes end with a question of their own ("is the server running?").
        if !error.message.hasSuffix("?"), let hint = hint(for: error) {
            text += "; " + hint
        }
        return "courier: error: " + text
    }

    /// Anything else (a file that could not be written, for example).
    static func other(_ message: String) -> String {
        var text = oneLine(message)
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        return "courier: error: " + text
    }

    /// What to try for each kind of failure.
    static func hint(for error: CourierError) -> String? {
        if error.message.contains("proxy") {
            return "check --proxy (or the http_proxy/https_proxy environment; --proxy none ignores it)"
        }
        switch error.code {
        case .cannotConnectToHost:
            return "is the server running, and are the host and port right?"
        case .cannotFindHost, .dnsLookupFailed:
            return "is the host name spelled right (and the network or --proxy set up)?"
        case .notConnectedToInternet:
            return "is the network up?"
        case .timedOut:
            return "try a longer --timeout, or --retry N"
        case .networkConnectionLost:
            return "try again, or --retry N"
        case .serverCertificateUntrusted, .serverCertificateHasBadDate:
            return "trust its CA with --verify CA_FILE or pin it with --pin, or skip the check with --verify=no"
        case .secureConnectionFailed:
            return "does the server speak https on that port (try http://), and do --verify/--cert fit it?"
        case .clientCertificateRequired:
            return "present one with --cert FILE"
        case .clientCertificateRejected:
            return "check that --cert holds a certificate the server trusts"
        case .httpTooManyRedirects:
            return "raise --max-redirects, or drop --follow to see the first redirect"
        case .userAuthenticationRequired:
            return "pass credentials with --auth USER[:PASS]"
        case .badURL, .unsupportedURL:
            return "write the URL as http://host/path or https://host/path"
        default:
            return nil
        }
    }

    /// Line breaks in a message become spaces, so the error stays one line.
    static func oneLine(_ text: String) -> String {
        let firstLines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return firstLines.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
