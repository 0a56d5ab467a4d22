import Foundation
import HTTPTypes

/// What it takes to continue an interrupted download: where the bytes so far are, how many there are,
/// and the validators that prove the server still has the same entity.
///
/// It is a plain `Codable` value (JSON through ``encoded()`` and ``init(encoded:)``), the same document
/// a download writes beside its partial file as `<destination>.part.json` when the response head
/// arrives, so a process killed mid-transfer leaves something to resume from
/// (``init(partialDownloadFor:)``).
///
/// ```swift
/// let task = session.makeDownloadTask(with: request, to: destination)
/// task.resume()
/// // ... later, the user pauses:
/// if let resumeData = await task.cancelProducingResumeData() {
///     let response = try await session.download(resumingWith: resumeData)
/// }
/// ```
///
/// A resumed download sends `Range: bytes=N-` and `If-Range` with the entity tag (or, without a strong
/// one, the `Last-Modified` date). Credentials (`Authorization`, `Proxy-Authorization`, `Cookie`) are
/// never recorded: the session's credential store and cookie storage supply them again.
public struct DownloadResumeData: Codable, Sendable, Hashable {
    /// One request header field, as recorded.
    public struct HeaderField: Codable, Sendable, Hashable {
        /// The field's name as it was sent.
        public var name: String
        /// The field's value as it was sent.
        public var value: String

        /// Creates a recorded header field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    /// The format of this document (1).
    public var version: Int
    /// The URL of the original request (a resumed download asks it again, following redirects again). A
    /// password in the URL is never recorded: it is removed here, and the request that resumes supplies it
    /// again (or the session's credential store does).
    public var url: URL {
        get { recordedURL }
        set { recordedURL = newValue.removingPassword }
    }
    private var recordedURL: URL
    /// The original request's header fields, without credentials and without `Range`/`If-Range`.
    public var requestHeaderFields: [HeaderField]
    /// Where the finished file goes; `nil` for a download to a temporary file (handed to
    /// ``SessionDelegate/session(_:downloadTask:didFinishDownloadingTo:)`` and removed afterwards).
    public var destination: URL?
    /// The partial file holding the bytes received so far (`<destination>.part`).
    public var partialFile: URL
    /// How many bytes of the entity the partial file holds.
    public var bytesOnDisk: Int64
    /// The entity's `ETag`, when the server sent one.
    public var entityTag: String?
    /// The entity's `Last-Modified` date, as the server wrote it.
    public var lastModified: String?
    /// The entity's total length, when known.
    public var expectedLength: Int64?

    private enum CodingKeys: String, CodingKey {
        case version
        case recordedURL = "url"
        case requestHeaderFields, destination, partialFile, bytesOnDisk, entityTag, lastModified, expectedLength
    }

    /// Creates resume data by hand (Courier makes it for you in ``CourierError/downloadResumeData`` and
    /// ``SessionTask/cancelProducingResumeData()``); a password in `url` is not recorded.
    ///
    /// - Parameters:
    ///   - url: The URL of the download.
    ///   - requestHeaderFields: Header fields of the original request to send again.
    ///   - destination: Where the finished file goes, or `nil` for a temporary file.
    ///   - partialFile: The file that holds the bytes received so far.
    ///   - bytesOnDisk: How many bytes of `partialFile` are valid; the download continues from there.
    ///   - entityTag: The response's `ETag`, sent as `If-Range` so that a changed resource starts over.
    ///   - lastModified: The response's `Last-Modified`, used as `If-Range` when there is no entity tag.
    ///   - expectedLength: The full length of the resource, when the server said.
    public init(
        url: URL, requestHeaderFields: [HeaderField] = [], destination: URL?, partialFile: URL, bytesOnDisk: Int64,
        entityTag: String?, lastModified: String?, expectedLength: Int64?
    ) {
        self.version = 1
        self.recordedURL = url.removingPassword
        self.requestHeaderFields = requestHeaderFields
        self.destination = destination
        self.partialFile = partialFile
        self.bytesOnDisk = bytesOnDisk
        self.entityTag = entityTag
        self.lastModified = lastModified
        self.expectedLength = expectedLength
    }

    /// Reads resume data from its JSON form.
    /// - Throws: `cannotParseResponse` when the bytes are not resume data of a known version.
    public init(encoded data: Data) throws {
        let decoded: DownloadResumeData
        do {
            decoded = try JSONDecoder().decode(DownloadResumeData.self, from: data)
        } catch {
            throw CourierError(
                .cannotParseResponse, kind: .payload, outcome: .notSent,
                message: "the resume data is not a Courier download record: \(error)", underlyingError: error)
        }
        guard decoded.version == 1 else {
            throw CourierError(
                .cannotParseResponse, kind: .payload, outcome: .notSent,
                message: "the resume data has version \(decoded.version); this Courier reads version 1")
        }
        self = decoded
        self.recordedURL = decoded.recordedURL.removingPassword
    }

    /// Whether this record is about `url` (compared without the password, which is never recorded).
    public func isRecord(of url: URL) -> Bool {
        recordedURL == url.removingPassword
    }

    /// The resume data a download to `destination` left beside its partial file (`<destination>.part`
    /// and `<destination>.part.json`), with ``bytesOnDisk`` set to the partial file's size.
    /// - Throws: `fileDoesNotExist` when there is no record or no partial file; `cannotParseResponse` when
    ///   the record is damaged.
    public init(partialDownloadFor destination: URL) throws {
        let partialFile = DownloadFiles.partialFile(for: destination)
        let record = DownloadFiles.record(for: partialFile)
        guard let data = FileManager.default.contents(atPath: record.path) else {
            throw CourierError(
                .fileDoesNotExist, outcome: .notSent,
                message: "there is no partial download record at \(record.path)")
        }
        var resumeData = try DownloadResumeData(encoded: data)
        guard let size = DownloadFiles.size(of: partialFile) else {
            throw CourierError(
                .fileDoesNotExist, outcome: .notSent,
                message: "the partial file \(partialFile.path) of the download is missing")
        }
        resumeData.partialFile = partialFile
        resumeData.bytesOnDisk = size
        self = resumeData
    }

    /// The JSON form (sorted keys, so equal data encodes equally).
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Every field is a string, number or URL: encoding cannot fail.
        return (try? encoder.encode(self)) ?? Data()
    }

    /// The validator `If-Range` carries: a strong entity tag, else the `Last-Modified` date; `nil` when the
    /// server gave neither (such a download cannot be resumed safely).
    public var ifRangeValidator: String? {
        if let entityTag, !entityTag.hasPrefix("W/"), !entityTag.isEmpty { return entityTag }
        if let lastModified, !lastModified.isEmpty { return lastModified }
        return nil
    }

    /// The request that continues the download: the recorded URL and header fields, with `Range` and
    /// `If-Range` added when there are bytes to keep and a validator to check them with.
    public var resumingRequest: Request {
        var request = Request(url: url)
        for field in requestHeaderFields {
            guard let name = HTTPField.Name(field.name) else { continue }
            request.headerFields.append(HTTPField(name: name, value: field.value))
        }
        return request
    }

    /// Header fields that are not recorded: secrets, and the ones a resumed download sets itself.
    static let unrecordedFields: Set<HTTPField.Name> = [
        .authorization, .proxyAuthorization, .cookie, .range, .ifRange,
    ]

    static func recordedFields(of request: Request) -> [HeaderField] {
        request.headerFields.compactMap { field in
            unrecordedFields.contains(field.name) ? nil : HeaderField(name: field.name.rawName, value: field.value)
        }
    }
}
