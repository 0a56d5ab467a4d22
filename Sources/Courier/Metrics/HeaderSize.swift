import HTTPTypes

/// The size of a message head on the wire, for the metrics' header byte counts (HTTP/1.1 framing; an HTTP/2
/// head is compressed, so this is what it would have cost uncompressed).
enum HeaderSize {
    static func of(_ request: Request) -> Int64 {
        // Method, target and version; the URL's length stands in for target plus Host (computing the
        // path would parse the URL again on every request).
        var size = request.method.rawValue.utf8.count + 1 + request.url.absoluteString.utf8.count + 11
        for field in request.headerFields {
            size += field.name.rawName.utf8.count + 2 + field.value.utf8.count + 2
        }
        return Int64(size + 2)
    }

    static func of(_ response: Response) -> Int64 {
        var size = 13 + response.status.reasonPhrase.utf8.count + 2
        for field in response.headerFields {
            size += field.name.rawName.utf8.count + 2 + field.value.utf8.count + 2
        }
        return Int64(size + 2)
    }
}
