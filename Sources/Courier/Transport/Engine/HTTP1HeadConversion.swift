import HTTPTypes
import NIOHTTP1

/// Converts between swift-http-types heads and NIOHTTP1's wire heads, in one place.
enum HTTP1HeadConversion {
    /// The wire head for a request: the request target (origin-form, or absolute-form for an HTTP proxy), a
    /// `Host` header, and the body framing headers for the body to send.
    static func requestHead(
        _ request: HTTPRequest, key: HTTPConnectionKey, body: HTTPExchangeRequest.Body, forHTTP2: Bool
    ) -> HTTPRequestHead {
        let path = request.path ?? "/"
        let authority = request.authority ?? defaultAuthority(key)
        let target = key.usesAbsoluteForm && !forHTTP2 ? "\(key.scheme.rawValue)://\(authority)\(path)" : path
        var headers = HTTPHeaders()
        headers.reserveCapacity(request.headerFields.count + 2)
        if !request.headerFields.contains(where: { $0.name.canonicalName == "host" }) {
            headers.add(name: "host", value: authority)
        }
        for field in request.headerFields {
            headers.add(name: field.name.rawName, value: field.value)
        }
        switch body {
        case .none:
            if request.method == .post || request.method == .put || request.method == .patch {
                headers.replaceOrAdd(name: "content-length", value: "0")
            }
        case .bytes(let buffer):
            headers.replaceOrAdd(name: "content-length", value: String(buffer.readableBytes))
            headers.remove(name: "transfer-encoding")
        case .stream(let length, _):
            if let length {
                headers.replaceOrAdd(name: "content-length", value: String(length))
                headers.remove(name: "transfer-encoding")
            } else if !forHTTP2 {
                headers.remove(name: "content-length")
                headers.replaceOrAdd(name: "transfer-encoding", value: "chunked")
            }
        }
        return HTTPRequestHead(
            version: .http1_1, method: HTTPMethod(rawValue: request.method.rawValue), uri: target, headers: headers)
    }

    /// The swift-http-types response for a wire head; throws `malformedResponse` for a field name that is not a
    /// token.
    static func response(_ head: HTTPResponseHead, origin: String) throws(HTTPEngineError) -> HTTPResponse {
        var fields = HTTPFields()
        fields.reserveCapacity(head.headers.count)
        for (name, value) in head.headers {
            guard let fieldName = commonName(name) ?? HTTPField.Name(name) else {
                throw HTTPEngineError(
                    .malformedResponse, "\(origin) sent an invalid header name", requestMayHaveBeenProcessed: true)
            }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        let code = Int(head.status.code)
        guard (100...999).contains(code) else {
            throw HTTPEngineError(
                .malformedResponse, "\(origin) sent status \(code)", requestMayHaveBeenProcessed: true)
        }
        return HTTPResponse(status: .init(code: code, reasonPhrase: head.status.reasonPhrase), headerFields: fields)
    }

    /// The field names servers send on most responses, in the case they usually send them: matched exactly, so a
    /// response's names need not each be validated and lowercased into a new string by `HTTPField.Name(_:)` (about
    /// 1 % of a keep-alive request's CPU). Another spelling (`content-type`) goes the general way and keeps its case.
    static func commonName(_ name: String) -> HTTPField.Name? {
        switch name {
        case "Date": .date
        case "Server": .server
        case "Content-Type": .contentType
        case "Content-Length": .contentLength
        case "Connection": .connection
        case "Last-Modified": .lastModified
        case "ETag": .eTag
        case "Accept-Ranges": .acceptRanges
        case "Cache-Control": .cacheControl
        case "Transfer-Encoding": .transferEncoding
        case "Content-Encoding": .contentEncoding
        case "Vary": .vary
        case "Expires": .expires
        case "Location": .location
        case "Set-Cookie": .setCookie
        case "Age": .age
        default: nil
        }
    }

    /// Trailer fields as swift-http-types fields (fields with invalid names are dropped: trailers are advisory).
    static func trailers(_ headers: HTTPHeaders) -> HTTPFields {
        var fields = HTTPFields()
        for (name, value) in headers {
            if let fieldName = HTTPField.Name(name) { fields.append(HTTPField(name: fieldName, value: value)) }
        }
        return fields
    }

    /// `host` or `host:port` when the port is not the scheme's default.
    static func defaultAuthority(_ key: HTTPConnectionKey) -> String {
        let host = key.host.utf8.contains(UInt8(ascii: ":")) ? "[\(key.host)]" : key.host
        let defaultPort = key.scheme == .https ? 443 : 80
        return key.port == defaultPort ? host : "\(host):\(key.port)"
    }
}
