import Foundation
import HTTPTypes

/// A response: status, header fields, the final URL and the body.
///
/// `file:` and `data:` responses have status 200 and no header fields beyond what describes the
/// content; their ``mimeType`` and ``expectedContentLength`` are still set.
public struct Response: Sendable {
    // The fields live in one copy-on-write box: a response is copied often on its way through the
    // chain and into metrics, and one retain per copy is much cheaper than one per field.
    // A setter changes the box in place when this response holds the only reference to it, and copies it
    // first otherwise, so the task's own setters (body, metrics, decoder) cost no allocation.
    private final class Storage: @unchecked Sendable {
        // Mutated only through `Response`'s setters, after `isKnownUniquelyReferenced` (copy on write): a box
        // that another value shares, and so perhaps another thread, is never written.
        var status: HTTPResponse.Status
        var headerFields: HTTPFields
        var url: URL
        var request: Request?
        var redirectChain: [RedirectHop]
        var metrics: TaskMetrics?
        var body: Body
        var jsonDecoder: JSONDecoder?

        init(
            status: HTTPResponse.Status, headerFields: HTTPFields, url: URL, request: Request?,
            redirectChain: [RedirectHop], metrics: TaskMetrics?, body: Body, jsonDecoder: JSONDecoder? = nil
        ) {
            self.status = status
            self.headerFields = headerFields
            self.url = url
            self.request = request
            self.redirectChain = redirectChain
            self.metrics = metrics
            self.body = body
            self.jsonDecoder = jsonDecoder
        }

        func copy() -> Storage {
            Storage(
                status: status, headerFields: headerFields, url: url, request: request, redirectChain: redirectChain,
                metrics: metrics, body: body, jsonDecoder: jsonDecoder)
        }
    }

    /// The box to change: this response's own, copied first when it is shared.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    private var storage: Storage

    /// The status code and reason phrase.
    public var status: HTTPResponse.Status {
        get { storage.status }
        set { uniqueStorage.status = newValue }
    }
    /// The header fields as received; ``value(forHTTPHeaderField:)`` joins repeated fields with `, `.
    public var headerFields: HTTPFields {
        get { storage.headerFields }
        set { uniqueStorage.headerFields = newValue }
    }
    /// The URL of the response, after redirects.
    public var url: URL {
        get { storage.url }
        set { uniqueStorage.url = newValue }
    }
    /// The request that produced this response (the last one when redirects were followed).
    public var request: Request? {
        get { storage.request }
        set { uniqueStorage.request = newValue }
    }
    /// Every redirect followed to get here, in order.
    public var redirectChain: [RedirectHop] {
        get { storage.redirectChain }
        set { uniqueStorage.redirectChain = newValue }
    }
    /// Timings and sizes, set when the task completes (collected responses) or on the task.
    public var metrics: TaskMetrics? {
        get { storage.metrics }
        set { uniqueStorage.metrics = newValue }
    }
    /// The body.
    public var body: Body {
        get { storage.body }
        set { uniqueStorage.body = newValue }
    }

    /// The decoder of the session that produced the response (its ``SessionConfiguration/jsonDecoder``),
    /// which ``decode(_:decoder:)`` uses when no decoder is passed.
    var sessionJSONDecoder: JSONDecoder? {
        get { storage.jsonDecoder }
        set { uniqueStorage.jsonDecoder = newValue }
    }

    /// Sets what a completed task adds to its response, the metrics and the session's decoder, with at most one
    /// copy of the box.
    mutating func setCompletion(metrics: TaskMetrics?, jsonDecoder: JSONDecoder?) {
        let box = uniqueStorage
        if let metrics { box.metrics = metrics }
        box.jsonDecoder = jsonDecoder
    }

    /// Where the body of a response is.
    public enum Body: Sendable {
        /// No body (HEAD, 204, 304, or not read).
        case none
        /// The whole body, in memory.
        case data(Data)
        /// The body as it streams from the network.
        case stream(ResponseBody)
        /// The body saved in a file (downloads).
        case file(URL)
    }

    /// Creates a response, for protocol handlers, interceptors that answer by themselves, and tests.
    ///
    /// - Parameters:
    ///   - status: The status.
    ///   - headerFields: The header fields.
    ///   - url: The URL the response is for.
    ///   - body: The body: none, in memory, streaming or in a file.
    ///   - request: The request it answers, if known.
    public init(
        status: HTTPResponse.Status,
        headerFields: HTTPFields = [:],
        url: URL,
        body: Body = .none,
        request: Request? = nil
    ) {
        self.storage = Storage(
            status: status, headerFields: headerFields, url: url, request: request, redirectChain: [], metrics: nil,
            body: body)
    }

    /// A response with every field given at once (one allocation; the transports use it).
    init(
        status: HTTPResponse.Status, headerFields: HTTPFields, url: URL, request: Request?,
        redirectChain: [RedirectHop] = [], metrics: TaskMetrics? = nil, body: Body
    ) {
        self.storage = Storage(
            status: status, headerFields: headerFields, url: url, request: request, redirectChain: redirectChain,
            metrics: metrics, body: body)
    }

    // MARK: Head

    /// The value of a header field, found case-insensitively; repeated fields are joined with `, `.
    public func value(forHTTPHeaderField name: String) -> String? {
        guard let fieldName = HTTPField.Name(name) else { return nil }
        return headerFields.joinedValue(for: fieldName)
    }

    /// The media type of the body without parameters, lower-cased (`application/json`).
    public var mimeType: String? {
        guard let contentType = headerFields.joinedValue(for: .contentType) else { return nil }
        let type = contentType.split(separator: ";", maxSplits: 1).first?.trimmingOWS()
        return type.flatMap { $0.isEmpty ? nil : $0.lowercased() }
    }

    /// The `charset` parameter of `Content-Type` (`utf-8`), lower-cased.
    public var textEncodingName: String? {
        guard let contentType = headerFields.joinedValue(for: .contentType) else { return nil }
        return HeaderParameters.parse(contentType).parameters["charset"]?.lowercased()
    }

    /// The length of the body from `Content-Length`, or `nil` when unknown.
    public var expectedContentLength: Int64? {
        guard let value = headerFields.joinedValue(for: .contentLength) else { return nil }
        return Self.parseContentLength(value)
    }

    /// Decimal digits with optional surrounding spaces, without allocating; `nil` for anything else.
    static func parseContentLength(_ value: String) -> Int64? {
        var result: Int64 = 0
        var sawDigit = false
        var trailingSpace = false
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard !trailingSpace else { return nil }
                let (multiplied, overflow1) = result.multipliedReportingOverflow(by: 10)
                let (added, overflow2) = multiplied.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
                guard !overflow1, !overflow2 else { return nil }
                result = added
                sawDigit = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if sawDigit { trailingSpace = true }
            default:
                return nil
            }
        }
        return sawDigit ? result : nil
    }

    /// A safe file name for the body: from `Content-Disposition` (RFC 6266, `filename*` preferred),
    /// else the URL's last path component, else `"download"`. Path separators, `..`, control
    /// characters and leading dots are removed, so the name can never leave a chosen directory.
    public var suggestedFilename: String {
        if let disposition = headerFields[HTTPField.Name("Content-Disposition")!],
            let name = ContentDisposition.filename(from: disposition),
            let safe = ContentDisposition.sanitize(name)
        {
            return safe
        }
        let last = url.lastPathComponent
        if last != "/", !last.isEmpty, let safe = ContentDisposition.sanitize(last) {
            return safe
        }
        if let host = url.host, let safe = ContentDisposition.sanitize(host) { return safe }
        return "download"
    }

    /// A plain description of the status code, such as "not found" (like
    /// `HTTPURLResponse.localizedString(forStatusCode:)`).
    public var statusDescription: String { HTTPStatusText.description(for: status.code) }

    // MARK: Body

    /// The body bytes when they are in memory (empty otherwise).
    public var data: Data {
        if case .data(let data) = body { return data }
        return Data()
    }

    /// The body as a stream; a collected body is wrapped into a one-chunk stream.
    public var stream: ResponseBody {
        switch body {
        case .stream(let stream): return stream
        case .data(let data): return ResponseBody(data: data)
        case .none, .file: return .empty
        }
    }

    /// The body decoded as text with the response's charset (UTF-8 when none is given).
    public var text: String? {
        let data = self.data
        switch textEncodingName {
        case nil, "utf-8", "utf8", "us-ascii", "ascii":
            return String(validating: data, as: UTF8.self)
        case "iso-8859-1", "latin1", "iso8859-1":
            return String(data: data, encoding: .isoLatin1)
        case "utf-16":
            return String(data: data, encoding: .utf16)
        case "utf-16le":
            return String(data: data, encoding: .utf16LittleEndian)
        case "utf-16be":
            return String(data: data, encoding: .utf16BigEndian)
        default:
            return String(validating: data, as: UTF8.self)
        }
    }

    /// Decodes the JSON body.
    ///
    /// Without a `decoder`, a response returned by a ``Session``'s `async` methods (``Session/data(for:)``,
    /// ``Session/upload(for:from:)``, ``Session/bytes(for:)``) decodes with that session's
    /// ``SessionConfiguration/jsonDecoder``; a response made by hand (or delivered to a completion handler
    /// or a task's `value`) decodes with a default `JSONDecoder()`.
    /// - Throws: `cannotParseResponse` (`.payload`) with the decoder's explanation.
    public func decode<T: Decodable>(_ type: T.Type = T.self, decoder: JSONDecoder? = nil) throws -> T {
        let decoder = decoder ?? sessionJSONDecoder ?? JSONDecoder()
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw CourierError(
                .cannotParseResponse,
                kind: .payload,
                outcome: .failed,
                message: "could not decode \(T.self) from the response body: \(error)",
                request: request,
                response: self.withoutBody,
                underlyingError: error
            )
        }
    }

    /// The response without its body (for errors and metrics).
    var withoutBody: Response {
        var copy = self
        if case .stream = copy.body { copy.body = .none }
        return copy
    }
}

extension Response: CustomStringConvertible {
    /// The status code, reason phrase and URL (credentials removed), such as `404 Not Found https://example.com/x`.
    public var description: String {
        "\(status.code) \(status.reasonPhrase) \(url.redactingCredentials.absoluteString)"
    }
}

/// One redirect that was followed.
public struct RedirectHop: Sendable, Hashable {
    /// The URL that answered with the redirect.
    public var url: URL
    /// The redirect status (301, 302, 303, 307, 308).
    public var statusCode: Int
    /// Where it pointed.
    public var location: URL
    /// The method of the request that got the redirect.
    public var method: String
}

/// A header value's main part and its `;`-separated parameters (`text/html; charset=utf-8`).
struct HeaderParameters {
    var value: String
    var parameters: [String: String]

    /// Parses `value; name=token; name="quoted \"string\""`. Parameter names are lower-cased.
    static func parse(_ header: String) -> HeaderParameters {
        var parts: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in header {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            if inQuotes, character == "\\" {
                current.append(character)
                escaped = true
                continue
            }
            if character == "\"" { inQuotes.toggle() }
            if character == ";", !inQuotes {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        let value = parts.first?.trimmingOWS() ?? ""
        var parameters: [String: String] = [:]
        for part in parts.dropFirst() {
            guard let equals = part.firstIndex(of: "=") else { continue }
            let name = part[..<equals].trimmingOWS().lowercased()
            var rawValue = part[part.index(after: equals)...].trimmingOWS()
            if rawValue.count >= 2, rawValue.hasPrefix("\""), rawValue.hasSuffix("\"") {
                rawValue = unquote(String(rawValue.dropFirst().dropLast()))
            }
            if !name.isEmpty, parameters[name] == nil { parameters[name] = rawValue }
        }
        return HeaderParameters(value: value, parameters: parameters)
    }

    static func unquote(_ string: String) -> String {
        var result = ""
        var escaped = false
        for character in string {
            if escaped {
                result.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// `Content-Disposition` (RFC 6266) file names and their sanitizing.
enum ContentDisposition {
    /// The file name of a `Content-Disposition` value: `filename*` (RFC 8187 `UTF-8''…`) wins over `filename`.
    static func filename(from header: String) -> String? {
        let parsed = HeaderParameters.parse(header)
        if let extended = parsed.parameters["filename*"], let decoded = decodeExtendedValue(extended) {
            return decoded
        }
        return parsed.parameters["filename"]
    }

    /// Decodes `charset'language'percent-encoded` (RFC 8187); only UTF-8 and ISO-8859-1 are accepted.
    static func decodeExtendedValue(_ value: String) -> String? {
        let parts = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let charset = parts[0].lowercased()
        let encoded = String(parts[2])
        if charset == "utf-8" { return URLEncoding.decode(encoded) }
        if charset == "iso-8859-1" {
            guard let bytes = URLEncoding.decodeBytes(encoded) else { return nil }
            return String(bytes: bytes, encoding: .isoLatin1)
        }
        return nil
    }

    /// A name that is safe to create inside a directory, or `nil` when nothing usable is left.
    static func sanitize(_ name: String) -> String? {
        // Keep only the last path component whichever separator the server used.
        let lastComponent =
            name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var cleaned = String(
            String.UnicodeScalarView(
                lastComponent.unicodeScalars.filter { scalar in
                    !(scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value))
                        && !"<>:\"|?*".unicodeScalars.contains(scalar)
                }))
        cleaned = cleaned.trimmingOWS()
        while cleaned.hasPrefix(".") { cleaned.removeFirst() }
        cleaned = cleaned.trimmingOWS()
        guard !cleaned.isEmpty else { return nil }
        if cleaned.utf8.count > 255 {
            var truncated = ""
            for character in cleaned {
                if truncated.utf8.count + String(character).utf8.count > 255 { break }
                truncated.append(character)
            }
            cleaned = truncated
        }
        return cleaned
    }
}

extension Response {
    /// Reads and drops a small body so its connection can serve another request; a body over 64 KiB is
    /// abandoned instead (closing its connection is cheaper than reading it). Errors are ignored: the body is
    /// not wanted. Stages call this on a response they replace (a redirect, a challenge, a 304's body).
    func discardBody() async {
        guard case .stream(let body) = self.body else { return }
        var remaining = 64 * 1024
        do {
            for try await chunk in body {
                remaining -= chunk.readableBytes
                if remaining < 0 { return }
            }
        } catch {
            return
        }
    }
}
