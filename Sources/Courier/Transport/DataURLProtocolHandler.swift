import Foundation
import HTTPTypes

/// `data:` URLs (RFC 2397): `data:[<media type>][;base64],<data>`, decoded in process. The media type
/// defaults to `text/plain;charset=US-ASCII`. A malformed URL or bad base64 is `badURL`.
struct DataURLProtocolHandler: ProtocolHandler {
    func canHandle(_ request: Request) -> Bool {
        request.url.hasScheme("data")
    }

    func startLoading(_ request: Request, client: ProtocolHandlerClient) async {
        do {
            let (mediaType, data) = try Self.decode(request.url.absoluteString)
            var fields = HTTPFields()
            fields[.contentType] = mediaType
            fields[.contentLength] = String(data.count)
            client.didReceive(Response(status: .ok, headerFields: fields, url: request.url, request: request))
            if request.method != .head { await client.didLoad(data) }
            client.didFinishLoading()
        } catch {
            client.didFail(with: error)
        }
    }

    /// Splits a `data:` URL into its media type and decoded bytes.
    static func decode(_ string: String) throws -> (mediaType: String, data: Data) {
        guard string.lowercased().hasPrefix("data:"), let comma = string.firstIndex(of: ",") else {
            throw CourierError(.badURL, outcome: .notSent, message: "malformed data: URL (no comma before the data)")
        }
        let header = string[string.index(string.startIndex, offsetBy: 5)..<comma]
        let payload = String(string[string.index(after: comma)...])
        var parameters = header.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        var isBase64 = false
        if let last = parameters.last, last.lowercased() == "base64" {
            isBase64 = true
            parameters.removeLast()
        }
        var mediaType = parameters.joined(separator: ";")
        if mediaType.isEmpty || mediaType.hasPrefix(";") {
            mediaType = "text/plain" + (mediaType.isEmpty ? ";charset=US-ASCII" : mediaType)
        }
        guard let decoded = URLEncoding.decodeBytes(payload) else {
            throw CourierError(.badURL, outcome: .notSent, message: "malformed percent-escape in a data: URL")
        }
        if isBase64 {
            let compact = String(decoding: decoded, as: UTF8.self).filter { !$0.isWhitespace }
            var padded = compact
            while padded.count % 4 != 0 { padded += "=" }
            guard let data = Data(base64Encoded: padded) else {
                throw CourierError(.badURL, outcome: .notSent, message: "the data: URL's base64 payload is malformed")
            }
            return (mediaType, data)
        }
        return (mediaType, Data(decoded))
    }
}
