import Foundation
import HTTPTypes

extension HTTPResponse.Status {
    /// 2xx.
    public var isSuccess: Bool { kind == .successful }
}

extension Response {
    /// Checks the status against an acceptable set (default 200..<300) and, when given, the media type
    /// against acceptable types (`"application/json"`, `"text/*"`, `"*/*"`). A body does not mean success;
    /// 204 means there is no payload. Returns the response so calls chain.
    ///
    /// ```swift
    /// let items = try await session.data(for: request).validate().decode([Item].self)
    /// ```
    /// - Throws: `unacceptableStatusCode` (kind `.http(status:)`, outcome `.failed`) or
    ///   `unacceptableContentType` (kind `.payload`).
    @discardableResult
    public func validate(
        statusCode acceptable: some Sequence<Int> = 200..<300,
        contentType acceptableTypes: [String]? = nil
    ) throws -> Response {
        let code = status.code
        guard acceptable.contains(code) else {
            throw CourierError(
                .unacceptableStatusCode, kind: .http(status: code), outcome: .failed,
                message: "\(url.hostDescription) answered \(code) \(HTTPStatusText.description(for: code))",
                request: request, response: self)
        }
        if let acceptableTypes, code != 204, !(code == 200 && request?.method == .head) {
            let mediaType = mimeType ?? ""
            let matches = acceptableTypes.contains { pattern in
                Self.mediaType(mediaType, matches: pattern)
            }
            guard matches else {
                throw CourierError(
                    .unacceptableContentType, kind: .payload, outcome: .failed,
                    message:
                        "\(url.hostDescription) sent \(mediaType.isEmpty ? "no Content-Type" : mediaType), expected \(acceptableTypes.joined(separator: " or "))",
                    request: request, response: self)
            }
        }
        return self
    }

    /// Checks the status and, when the request had an `Accept` header, that the media type matches it.
    @discardableResult
    public func validate() throws -> Response {
        let accept = request?.value(forHTTPHeaderField: "Accept").map {
            $0.split(separator: ",").compactMap { part -> String? in
                let type = part.split(separator: ";").first?.trimmingOWS() ?? ""
                return type.isEmpty ? nil : type
            }
        }
        let types = accept.flatMap { $0.isEmpty || $0.contains("*/*") ? nil : $0 }
        return try validate(statusCode: 200..<300, contentType: types)
    }

    static func mediaType(_ type: String, matches pattern: String) -> Bool {
        let pattern = pattern.lowercased().trimmingOWS()
        let type = type.lowercased()
        if pattern == "*/*" || pattern == "*" { return true }
        if pattern.hasSuffix("/*") {
            return type.hasPrefix(String(pattern.dropLast(1)))
        }
        return type == pattern
    }
}
