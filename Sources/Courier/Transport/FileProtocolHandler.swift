import Foundation
import HTTPTypes
import NIOCore
import NIOFoundationCompat

/// `file:` URLs: the file streamed from disk, status 200, `Content-Type` guessed from the extension and
/// `Content-Length` from the file system (no other header fields). A directory is `fileIsDirectory`,
/// a missing file `fileDoesNotExist`.
struct FileProtocolHandler: ProtocolHandler {
    func canHandle(_ request: Request) -> Bool {
        request.url.hasScheme("file")
    }

    func startLoading(_ request: Request, client: ProtocolHandlerClient) async {
        let url = request.url
        let chunks: FileChunks
        do {
            chunks = try FileChunks(url: url)
        } catch {
            client.didFail(with: error)
            return
        }
        var fields = HTTPFields()
        fields[.contentType] = MIMEType.guess(forPathExtension: url.pathExtension)
        fields[.contentLength] = String(chunks.size)
        client.didReceive(Response(status: .ok, headerFields: fields, url: url, request: request))
        guard request.method != .head else {
            client.didFinishLoading()
            return
        }
        do {
            for try await chunk in chunks {
                if client.isCancelled { return }
                await client.didLoad(Data(buffer: chunk))
            }
            client.didFinishLoading()
        } catch {
            client.didFail(with: error)
        }
    }
}
