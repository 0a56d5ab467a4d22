import Foundation
import HTTPTypes

/// What a durable session writes about one transfer before it starts (`transfers/<id>.json` in the
/// session's storage directory): enough to start it again in another process. The bytes received so far
/// and the validators that prove them good are in the download's own partial file and record
/// (`<destination>.part`, `<destination>.part.json`, see ``DownloadResumeData``), which this one names.
struct DurableTransferRecord: Codable, Sendable, Hashable {
    enum Kind: String, Codable, Sendable {
        case download
        case upload
    }

    enum Phase: String, Codable, Sendable {
        /// Not finished yet: a session that re-attaches starts it again.
        case pending
        /// Finished (the file is in place, or the upload was answered) but maybe not reported yet.
        case finished
    }

    /// The format of this document (1).
    var version: Int = 1
    /// The name of the record (a UUID), stable across processes.
    var id: String
    var kind: Kind
    var phase: Phase = .pending
    var method: String
    var url: URL
    /// The request's header fields, without credentials (the session's stores supply them again).
    var headerFields: [DownloadResumeData.HeaderField]
    /// Where a download's file goes.
    var destination: URL?
    /// A download's partial file (`<destination>.part`); its record beside it holds validators and length.
    var partialFile: URL?
    /// The file an upload sends.
    var uploadFile: URL?
    var uploadContentType: String?
    /// The final status, once finished.
    var statusCode: Int?
    /// When it was first recorded.
    var created: Date

    /// The request to send again.
    var request: Request {
        var request = Request(url: url)
        request.method = HTTPRequest.Method(method) ?? .get
        for field in headerFields {
            guard let name = HTTPField.Name(field.name) else { continue }
            request.headerFields.append(HTTPField(name: name, value: field.value))
        }
        if let uploadFile { request.body = .file(uploadFile, contentType: uploadContentType) }
        return request
    }

    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Strings, numbers, URLs and a date: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    static func decode(_ data: Data) -> DurableTransferRecord? {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard var record = try? decoder.decode(DurableTransferRecord.self, from: data), record.version == 1 else {
            return nil
        }
        record.url = record.url.removingPassword
        return record
    }
}
