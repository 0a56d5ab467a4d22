import HTTPTypes
import NIOCore

/// Reads an HTTP/1.x response head (RFC 9112 §4–5) from a proxy, with a bound on its size, and says how its body is
/// framed. It consumes exactly the head: bytes after it stay in the buffer.
struct ProxyResponseHeadParser: Sendable {
    /// How a response body is delimited (RFC 9112 §6.3).
    enum BodyFraming: Sendable, Equatable {
        /// No body (1xx, 204, 304, or a 2xx answer to CONNECT).
        case none
        /// Exactly this many bytes.
        case contentLength(Int)
        /// Chunked transfer coding.
        case chunked
        /// The body ends when the proxy closes the connection.
        case untilClose
    }

    /// A parsed head.
    struct Head: Sendable {
        /// The status and fields, for the authorizer.
        var response: HTTPResponse
        /// The status line as sent (sanitised), for error messages.
        var statusLine: String
        /// How the body that follows is framed.
        var framing: BodyFraming
        /// Whether the proxy keeps the connection open after this response.
        var keepsConnection: Bool
    }

    /// The most bytes a head may take, CRLFs included.
    let maximumHeadBytes: Int
    /// The most field lines a head may have.
    let maximumFieldCount: Int
    /// How many bytes at the front of the buffer are already known not to end the head.
    private var scannedBytes = 0

    /// Creates a parser with bounds.
    init(maximumHeadBytes: Int, maximumFieldCount: Int) {
        self.maximumHeadBytes = maximumHeadBytes
        self.maximumFieldCount = maximumFieldCount
    }

    /// Parses a head from the front of `buffer`, or returns nil when more bytes are needed.
    /// - Throws: `.responseTooLarge` past ``maximumHeadBytes`` without the end of the head, `.malformedResponse`
    ///   for a head that is not HTTP/1.x.
    mutating func parse(_ buffer: inout ByteBuffer) throws(ProxyTunnelError.Kind) -> Head? {
        let view = buffer.readableBytesView
        guard let headLength = findEndOfHead(in: view) else {
            if view.count > maximumHeadBytes {
                throw .responseTooLarge(limit: maximumHeadBytes)
            }
            return nil
        }
        guard headLength <= maximumHeadBytes else {
            throw .responseTooLarge(limit: maximumHeadBytes)
        }
        let bytes = Array(view.prefix(headLength))
        buffer.moveReaderIndex(forwardBy: headLength)
        scannedBytes = 0
        return try Self.parseHead(bytes, maximumFieldCount: maximumFieldCount)
    }

    /// The length of the head including its empty line, if the view holds all of it.
    private mutating func findEndOfHead(in view: ByteBufferView) -> Int? {
        // A line feed followed by an optional carriage return and a line feed ends the head; rescanning starts a
        // little before the old end so a terminator split across reads is still found.
        var offset = max(0, scannedBytes - 2)
        let count = view.count
        let start = view.startIndex
        while offset < count {
            if view[start + offset] == UInt8(ascii: "\n") {
                if offset + 1 < count, view[start + offset + 1] == UInt8(ascii: "\n") {
                    return offset + 2
                }
                if offset + 2 < count, view[start + offset + 1] == UInt8(ascii: "\r"),
                    view[start + offset + 2] == UInt8(ascii: "\n")
                {
                    return offset + 3
                }
            }
            offset += 1
        }
        scannedBytes = count
        return nil
    }

    private static func parseHead(_ bytes: [UInt8], maximumFieldCount: Int) throws(ProxyTunnelError.Kind) -> Head {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = 0
        for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
            var line = bytes[lineStart..<index]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            lines.append(line)
            lineStart = index + 1
        }
        // The last line is the empty one that ended the head.
        while lines.last?.isEmpty == true { lines.removeLast() }
        // RFC 9112 §2.2: a recipient may ignore empty lines before the status line.
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard let statusBytes = lines.first else {
            throw .malformedResponse(detail: "the answer has no status line")
        }
        for line in lines where line.contains(where: { $0 == 0 || $0 == UInt8(ascii: "\r") }) {
            throw .malformedResponse(detail: "a line contains a NUL or a bare carriage return")
        }
        let statusLine = sanitized(statusBytes)
        let (minorVersion, code, reason) = try parseStatusLine(statusBytes, printable: statusLine)
        let fieldLines = lines.dropFirst()
        guard fieldLines.count <= maximumFieldCount else {
            throw .malformedResponse(detail: "more than \(maximumFieldCount) header fields")
        }
        var fields: [(name: String, value: String)] = []
        for line in fieldLines {
            if let first = line.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
                // Obsolete line folding (RFC 9112 §5.2): a recipient replaces it with a space.
                guard !fields.isEmpty else {
                    throw .malformedResponse(detail: "the first header line is a continuation line")
                }
                fields[fields.count - 1].value += " " + trimmed(line)
                continue
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                throw .malformedResponse(detail: "a header line has no colon: \(sanitized(line))")
            }
            let name = line[line.startIndex..<colon]
            guard !name.isEmpty, name.allSatisfy(isTokenCharacter) else {
                throw .malformedResponse(detail: "invalid header field name: \(sanitized(name))")
            }
            fields.append((String(decoding: name, as: UTF8.self), trimmed(line[(colon + 1)...])))
        }
        var headerFields = HTTPFields()
        for field in fields {
            if let name = HTTPField.Name(field.name) {
                headerFields.append(HTTPField(name: name, value: field.value))
            }
        }
        let response = HTTPResponse(status: .init(code: code, reasonPhrase: reason), headerFields: headerFields)
        let framing = try framing(code: code, fields: headerFields)
        let connection = tokens(headerFields[values: .connection])
        let keepsConnection =
            minorVersion == 0 ? connection.contains("keep-alive") : !connection.contains("close")
        return Head(response: response, statusLine: statusLine, framing: framing, keepsConnection: keepsConnection)
    }

    private static func parseStatusLine(
        _ line: ArraySlice<UInt8>, printable: String
    ) throws(ProxyTunnelError.Kind) -> (minorVersion: Int, code: Int, reason: String) {
        let bytes = Array(line)
        let prefix = Array("HTTP/1.".utf8)
        guard bytes.count >= 12, bytes.starts(with: prefix),
            bytes[7] == UInt8(ascii: "0") || bytes[7] == UInt8(ascii: "1"),
            bytes[8] == UInt8(ascii: " ")
        else {
            throw .malformedResponse(detail: "the status line is not HTTP/1.x: \(printable)")
        }
        let digits = bytes[9..<12]
        guard digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            bytes.count == 12 || bytes[12] == UInt8(ascii: " ")
        else {
            throw .malformedResponse(detail: "the status line has no three-digit status code: \(printable)")
        }
        let code = digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard code >= 100 else {
            throw .malformedResponse(detail: "the status code is below 100: \(printable)")
        }
        let reason = bytes.count > 13 ? String(decoding: bytes[13...], as: UTF8.self) : ""
        return (Int(bytes[7] - UInt8(ascii: "0")), code, reason)
    }

    private static func framing(code: Int, fields: HTTPFields) throws(ProxyTunnelError.Kind) -> BodyFraming {
        if (100..<200).contains(code) || (200..<300).contains(code) || code == 204 || code == 304 {
            return .none
        }
        let codings = tokens(fields[values: .transferEncoding])
        if !codings.isEmpty {
            return codings.last == "chunked" ? .chunked : .untilClose
        }
        let lengths = fields[values: .contentLength].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: " \t")
        }
        guard let first = lengths.first else { return .untilClose }
        guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
            first.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), let length = Int(first)
        else {
            throw .malformedResponse(detail: "invalid Content-Length: \(lengths.joined(separator: ", "))")
        }
        return .contentLength(length)
    }

    /// Lower-cased, trimmed tokens of comma-separated field values.
    private static func tokens(_ values: [String]) -> [String] {
        values.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: " \t").lowercased() }.filter {
            !$0.isEmpty
        }
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> String {
        var slice = bytes
        while let first = slice.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            slice = slice.dropFirst()
        }
        while let last = slice.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") {
            slice = slice.dropLast()
        }
        return String(decoding: slice, as: UTF8.self)
    }

    /// A printable copy for error messages: at most 120 characters, controls replaced by `?`.
    static func sanitized(_ bytes: some Collection<UInt8>) -> String {
        let printable = bytes.prefix(120).map { $0 >= 0x20 && $0 < 0x7F ? $0 : UInt8(ascii: "?") }
        return String(decoding: printable, as: UTF8.self) + (bytes.count > 120 ? "…" : "")
    }

    private static func isTokenCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }
}

extension StringProtocol {
    /// The string without leading and trailing characters from `characters`.
    fileprivate func trimmingCharacters(in characters: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
