import Courier
import Foundation

extension RequestBody {
    /// A SOAP 1.2 envelope, `Content-Type: application/soap+xml; charset=utf-8` (with `action="…"` when
    /// given, SOAP 1.2's replacement for the `SOAPAction` header).
    /// - Throws: ``XMLWriter/Error`` when a name in the envelope is not a valid XML name.
    public static func soap(_ envelope: SOAPEnvelope, action: String? = nil) throws -> RequestBody {
        var contentType = SOAPEnvelope.contentType
        if let action {
            let escaped = action.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
                of: "\"", with: "\\\"")
            contentType += "; action=\"\(escaped)\""
        }
        return .data(try envelope.data(), contentType: contentType)
    }
}

extension Session {
    /// Posts a SOAP 1.2 envelope and reads the envelope of the answer.
    ///
    /// ```swift
    /// let reply = try await session.soap(request, to: URL(string: "https://svc.example.com/quotes")!)
    /// let price = try reply.operation()["price"]?.doubleValue
    /// ```
    ///
    /// - Throws: the ``SOAPFault`` when the service answers with a fault (SOAP 1.2 sends them with
    ///   status 400 or 500); ``SOAPError`` when the answer is an envelope Courier cannot read (a SOAP 1.1
    ///   answer is `versionMismatch`); ``CourierError`` for transport failures, and `unacceptableStatusCode`
    ///   for an error status without a fault envelope.
    public func soap(_ envelope: SOAPEnvelope, to url: URL, action: String? = nil) async throws -> SOAPEnvelope {
        var request = Request(url: url, method: .post, body: try .soap(envelope, action: action))
        try request.setValue("application/soap+xml, */*;q=0.1", forHTTPHeaderField: "Accept")
        let response = try await data(for: request)
        let reply: SOAPEnvelope
        do {
            reply = try SOAPEnvelope(parsing: response.data)
        } catch let error as SOAPError {
            _ = try response.validate(statusCode: 200..<300)
            throw error
        }
        if let fault = reply.fault { throw fault }
        _ = try response.validate(statusCode: 200..<300)
        return reply
    }
}
