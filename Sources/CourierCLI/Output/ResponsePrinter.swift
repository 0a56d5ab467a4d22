import Courier
import CourierFTP
import Foundation
import HTTPTypes

/// Prints requests and responses in the chosen parts and style, httpie-like.
struct ResponsePrinter {
    struct Style {
        var format: Bool
        var colors: Bool
    }

    let parts: Set<Character>
    let style: Style
    let io: CLIIO

    private func color(_ code: String, _ text: String) -> String {
        style.colors ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A multipart form being sent, for `-v` and `--offline`: its parts, and the text of each text field
    /// (`nil` for a file part), in order.
    struct FormSummary {
        var form: MultipartForm
        var fieldValues: [String?]
    }

    /// The multipart form of the request, shown part by part with file parts summarized.
    var form: FormSummary?

    /// Prints the request's head (H) and body (B). `force` prints even without H/B in the parts.
    /// `protocolName` is the protocol that carried it (`h2` makes the request line say `HTTP/2`).
    func printRequest(_ request: Request, force: Bool, protocolName: String? = nil) {
        let showHead = parts.contains("H") || (force && parts.isEmpty)
        let showBody = parts.contains("B")
        guard showHead || showBody else { return }
        if showHead {
            // The path as it goes on the wire (`/a%20b`), not decoded.
            let path = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
            var target = path.isEmpty ? "/" : path
            if let query = request.url.query { target += "?" + query }
            // Requests go out as HTTP/1.1 unless h2 carried them, whatever version the server answered with.
            let version = protocolName == "h2" ? "HTTP/2" : "HTTP/1.1"
            var text = color("1;34", request.method.rawValue) + " " + color("36", target) + " \(version)\n"
            if request.headerFields[HTTPField.Name("Host")!] == nil, let host = request.url.host {
                let port = request.url.port.map { ":\($0)" } ?? ""
                text += color("36", "Host") + ": " + host + port + "\n"
            }
            for field in request.headerFields {
                text += color("36", field.name.rawName) + ": " + field.value + "\n"
            }
            if let length = Self.impliedContentLength(of: request) {
                text += color("36", "Content-Length") + ": \(length)\n"
            } else if protocolName != "h2", Self.goesChunked(request) {
                text += color("36", "Transfer-Encoding") + ": chunked\n"
            }
            io.writeOut(text + "\n")
        }
        guard showBody, !request.body.isEmpty else { return }
        if let data = request.body.inMemoryData {
            printBody(data, mimeType: request.headerFields[.contentType] ?? request.body.contentType)
            io.writeOut("\n")
        } else if let form {
            io.writeOut(multipartText(form) + "\n")
        }
    }

    /// A multipart body as it is sent, each file part's content replaced by one note: its file name, type
    /// and size (what httpie's `-v` shows for an upload, and all a terminal needs).
    func multipartText(_ summary: FormSummary) -> String {
        let boundary = summary.form.boundary
        var text = ""
        for (index, part) in summary.form.parts.enumerated() {
            text += "--\(boundary)\n"
            text += color("36", "Content-Disposition") + ": form-data; name=\"\(part.name)\""
            if let filename = part.filename { text += "; filename=\"\(filename)\"" }
            text += "\n"
            if let type = part.contentType { text += color("36", "Content-Type") + ": \(type)\n" }
            text += "\n"
            if index < summary.fieldValues.count, let value = summary.fieldValues[index] {
                text += value + "\n"
            } else {
                let type = part.contentType.map { ", " + $0 } ?? ""
                text += noteText(
                    "file \(part.filename ?? part.name)\(type), \(part.length) bytes (not shown)", marker: "+")
            }
        }
        return text + "--\(boundary)--\n"
    }

    /// The `Content-Length` the transport adds, so `-v` and `--offline` show it as it goes out; `nil` when
    /// the request has one, is chunked, is sent gzipped (the length is the compressed one, known only then),
    /// has no body or a body of unknown length.
    static func impliedContentLength(of request: Request) -> Int64? {
        guard request.headerFields[.contentLength] == nil, request.headerFields[.transferEncoding] == nil,
            request.headerFields[.contentEncoding] == nil, request.compressesBody != true,
            !request.body.isEmpty, let length = request.body.knownLength, length > 0
        else { return nil }
        return length
    }

    /// Whether HTTP/1.1 sends the body chunked: it has one, of no declared length.
    static func goesChunked(_ request: Request) -> Bool {
        request.headerFields[.transferEncoding] == nil && request.headerFields[.contentLength] == nil
            && !request.body.isEmpty && request.body.knownLength == nil && request.compressesBody != true
    }

    /// A dimmed line that is not part of the exchange (`# redirected: …`, `+ binary data not shown…`).
    func printNote(_ note: String, marker: String = "#") {
        io.writeOut(noteText(note, marker: marker))
    }

    /// A note as ``printNote(_:marker:)`` writes it, newline included.
    func noteText(_ note: String, marker: String = "#") -> String {
        color("2", marker + " " + note) + "\n"
    }

    /// Prints a response whose body is in memory: the head (h), the body formatted (b), the metrics (m).
    /// `wire` is the exchange that brought it, whose head is shown as it came.
    func printResponse(_ response: Response, wire: WireRecorder.Exchange? = nil) {
        if parts.contains("h") {
            printResponseHead(response, wire: wire)
            io.writeOut(parts.contains("b") && !response.data.isEmpty ? "\n" : "")
        }
        if parts.contains("b"), !response.data.isEmpty {
            printBody(response.data, mimeType: response.headerFields[.contentType])
        }
        if parts.contains("m"), let metrics = response.metrics {
            printMetrics(metrics)
        }
    }

    /// The status line and header fields (when h is printed), without the blank line that separates a body.
    /// With `wire`, the exchange that brought the response, the fields are those that came off the wire
    /// (`Content-Encoding` and `Content-Length` included when the body was decoded).
    func printResponseHead(_ response: Response, wire: WireRecorder.Exchange? = nil) {
        if parts.contains("h") {
            let version = WireRecorder.versionText(
                wire?.protocolName ?? response.metrics?.transactionMetrics.last?.networkProtocolName)
            let fields = wire?.response.headerFields ?? response.headerFields
            let statusColor = response.status.code < 300 ? "32" : (response.status.code < 400 ? "33" : "31")
            var text =
                color("34", version) + " " + color("1;" + statusColor, "\(response.status.code)") + " "
                + color(statusColor, response.status.reasonPhrase) + "\n"
            for field in fields {
                text += color("36", field.name.rawName) + ": " + field.value + "\n"
            }
            io.writeOut(text)
        }
    }

    /// One line of a streamed event stream or JSON Lines body, formatted as the style says: JSON re-indented
    /// (for an event stream, the JSON of a `data:` field), field names colored.
    func formatStreamedLine(_ line: String, mimeType: String?) -> String {
        let jsonStyle: JSONText.Style = style.colors ? .colors : .plain
        let isEventStream = mimeType?.lowercased().hasPrefix("text/event-stream") ?? false
        guard isEventStream else {
            guard style.format, let pretty = JSONText.pretty(line, style: jsonStyle) else { return line }
            return pretty
        }
        guard let colon = line.firstIndex(of: ":"), colon != line.startIndex else {
            return line.isEmpty ? line : color("2", line)
        }
        let field = String(line[..<colon])
        var value = String(line[line.index(after: colon)...])
        if value.hasPrefix(" ") { value.removeFirst() }
        if field == "data", style.format, let pretty = JSONText.pretty(value, style: jsonStyle) {
            value = pretty
        }
        return color("36", field) + ": " + value
    }

    func printBody(_ data: Data, mimeType: String?) {
        let textual = mimeType.map { MIMEType.isText($0) } ?? false
        let text = String(data: data, encoding: .utf8)
        let isBinary = text == nil || (!textual && (data.contains(0) || Self.isBinaryType(mimeType)))
        if isBinary {
            if io.isOutputTerminal {
                let type = mimeType.map { ", " + $0 } ?? ""
                printNote(
                    "binary data not shown in terminal (\(data.count) bytes\(type)); redirect the output to save it",
                    marker: "+")
            } else {
                io.writeOutData(data)
            }
            return
        }
        guard let text else { return }
        let type = mimeType?.lowercased() ?? ""
        if style.format, let format = FTPListingText.format(ofMediaType: type) {
            io.writeOut(FTPListingText.render(FTPListing(data, format: format), colors: style.colors))
            return
        }
        let looksLikeJSON = type.contains("json") || (type.isEmpty && text.first.map { "{[".contains($0) } == true)
        if style.format, looksLikeJSON, let pretty = JSONText.pretty(text, style: style.colors ? .colors : .plain) {
            io.writeOut(pretty + "\n")
            return
        }
        if style.colors, !style.format, looksLikeJSON, let colored = JSONText.colorize(text) {
            // --pretty=colors: the document as it came, spacing included, with colors.
            io.writeOut(colored)
            if io.isOutputTerminal, !text.hasSuffix("\n") { io.writeOut("\n") }
            return
        }
        if style.format, Self.looksLikeXML(type: type, text: text),
            let pretty = XMLText.pretty(data, style: style.colors ? .colors : .plain)
        {
            io.writeOut(pretty + "\n")
            return
        }
        io.writeOut(text)
        if io.isOutputTerminal, !text.hasSuffix("\n") { io.writeOut("\n") }
    }

    /// Media types that are never text, even when the bytes happen to be valid UTF-8.
    static func isBinaryType(_ mimeType: String?) -> Bool {
        guard let essence = mimeType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        else { return false }
        return ["image/", "audio/", "video/", "font/"].contains { essence.hasPrefix($0) && essence != "image/svg+xml" }
            || ["application/octet-stream", "application/zip", "application/gzip", "application/pdf"].contains(essence)
    }

    /// `application/xml`, `text/xml`, `…+xml` (Atom, RSS, SOAP, XHTML), or untyped text that opens with `<?xml`.
    static func looksLikeXML(type: String, text: String) -> Bool {
        let essence = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        if essence == "application/xml" || essence == "text/xml" || essence.hasSuffix("+xml") { return true }
        return essence.isEmpty && text.drop(while: \.isWhitespace).hasPrefix("<?xml")
    }

    func printMetrics(_ metrics: TaskMetrics) {
        var text = "\n"
        let total = metrics.taskInterval.duration * 1000
        text += String(
            format: "total %.1f ms, %d redirect(s), %d retr%@\n", total, metrics.redirectCount,
            metrics.retryCount, metrics.retryCount == 1 ? "y" : "ies")
        for transaction in metrics.transactionMetrics {
            let ttfb = transaction.timeToFirstByte.map { String(format: "%.1f ms", $0 * 1000) } ?? "-"
            text += "  \(transaction.request.method.rawValue) \(transaction.request.url.absoluteString): "
            text += "\(transaction.response?.status.code ?? 0), ttfb \(ttfb), "
            text += "sent \(transaction.requestHeaderBytesSent + transaction.requestBodyBytesSent) B, "
            text += "received \(transaction.responseHeaderBytesReceived + transaction.responseBodyBytesReceived) B"
            if let name = transaction.networkProtocolName { text += ", \(name)" }
            text += "\n"
        }
        io.writeOut(text)
    }
}
