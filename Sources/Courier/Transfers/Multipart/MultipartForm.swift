import Foundation

/// A `multipart/form-data` body (RFC 7578): text fields, files streamed from disk, bytes and streams.
///
/// The form computes its length without reading any file (sizes come from the file system), so uploads of
/// several GiB go out with a `Content-Length`; files are read in chunks while the body is sent and are
/// never held whole in memory. The body can be sent again from the start (after a `401` or a `307`/`308`).
///
/// ```swift
/// var form = MultipartForm()
/// form.append("shipped", name: "status")
/// try form.appendFile(at: URL(fileURLWithPath: "/tmp/report.pdf"), name: "userfile[]")
/// try form.appendFile(at: URL(fileURLWithPath: "/tmp/photo.jpg"), name: "userfile[]")
/// var request = Request(url: uploadURL, method: .post)
/// request.body = .multipart(form)
/// let response = try await session.data(for: request)
/// ```
///
/// Repeated names and the PHP-style `name[]` convention need nothing special: append each value under the
/// same name, in order. The boundary is random and checked against every value held in memory; if a value
/// contains it, the form picks another one. Files and streams cannot be checked without reading them, but
/// a random boundary of 32 alphanumeric characters (190 bits) does not occur in them by chance.
public struct MultipartForm: Sendable {
    /// How names and filenames outside printable ASCII are written in the part headers.
    public enum NameEncoding: Sendable, Hashable {
        /// UTF-8 as it is, with `"`, CR and LF written `%22`, `%0D` and `%0A`: what browsers send (the HTML
        /// standard), what RFC 7578 section 4.2 describes as common practice, and what Werkzeug/Flask,
        /// Django, PHP and Node's parsers read back.
        case utf8
        /// Every byte outside printable ASCII, and `"`, `%` and `\`, percent-encoded as in a `file:` URI
        /// (RFC 7578 section 4.2 allows this for filenames). Servers must decode the name themselves;
        /// Werkzeug, for example, leaves `%E6%96%87.txt` as it is.
        case percentEncoded
    }

    /// One part of the form.
    public struct Part: Sendable {
        /// The field name (`name=` of `Content-Disposition`).
        public let name: String
        /// The filename sent with a file part, or `nil` for a plain field.
        public let filename: String?
        /// The part's `Content-Type`, or `nil` for none (text fields: `text/plain` is implied).
        public let contentType: String?
        /// The length of the part's content in bytes.
        public let length: Int64
        let content: Content
    }

    enum Content: Sendable {
        case data(Data)
        case file(URL)
        case stream(makeStream: @Sendable () throws -> RequestBody.Stream)
    }

    /// The boundary between parts (without the leading `--`).
    public private(set) var boundary: String
    /// The parts, in the order they are sent.
    public private(set) var parts: [Part] = []
    /// How non-ASCII names and filenames are written; ``NameEncoding/utf8`` by default.
    public var nameEncoding: NameEncoding = .utf8

    /// An empty form with a random boundary.
    public init() {
        self.boundary = Self.randomBoundary()
    }

    /// An empty form with a chosen boundary (for reproducible bodies in tests and examples).
    ///
    /// The form still replaces it with a random one if a value appended later contains it.
    /// - Throws: `invalidConfiguration` unless the boundary has 1 to 70 characters, each a letter, a digit
    ///   or one of `'+-._` (characters that RFC 2046 allows in a boundary and that need no quoting).
    public init(boundary: String) throws {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'+-._".utf8)
        guard (1...70).contains(boundary.utf8.count), boundary.utf8.allSatisfy({ allowed.contains($0) }) else {
            throw CourierError(
                .invalidConfiguration, kind: .payload, outcome: .notSent,
                message:
                    "\"\(boundary)\" cannot be a multipart boundary: use 1 to 70 letters, digits or the characters ' + - . _"
            )
        }
        self.boundary = boundary
    }

    // MARK: Adding parts

    /// Appends a text field, sent as UTF-8 without a `Content-Type` (RFC 7578 implies `text/plain`).
    public mutating func append(_ value: String, name: String) {
        appendPart(
            Part(
                name: name, filename: nil, contentType: nil, length: Int64(value.utf8.count),
                content: .data(Data(value.utf8))))
    }

    /// Appends bytes held in memory; with a `filename`, servers treat the part as an uploaded file.
    /// - Parameters:
    ///   - contentType: The part's type; when `nil`, a file part gets one guessed from the filename's
    ///     extension and a part without a filename gets none.
    public mutating func append(_ data: Data, name: String, filename: String? = nil, contentType: String? = nil) {
        let type = contentType ?? filename.map { MIMEType.guess(forPathExtension: ($0 as NSString).pathExtension) }
        appendPart(
            Part(name: name, filename: filename, contentType: type, length: Int64(data.count), content: .data(data)))
    }

    /// Appends a local file, read in chunks while the body is sent (never whole into memory).
    ///
    /// The file's size is taken now, so the form's ``contentLength`` is known; if the file is removed or
    /// changes size before it is sent, sending fails with a clear error instead of a wrong body.
    /// - Parameters:
    ///   - filename: The filename sent; the file's own name by default.
    ///   - contentType: The part's type; guessed from the file extension by default
    ///     (`application/octet-stream` when unknown).
    /// - Throws: `fileDoesNotExist`, `fileIsDirectory`, or `noPermissionsToReadFile` for a file that cannot
    ///   be read or is not a regular file (a FIFO or a device, whose size is not known in advance).
    public mutating func appendFile(
        at url: URL, name: String, filename: String? = nil, contentType: String? = nil
    ) throws {
        let size = try Self.sizeOfReadableFile(url)
        let sentName = filename ?? url.lastPathComponent
        let type = contentType ?? MIMEType.guess(forPathExtension: url.pathExtension)
        appendPart(Part(name: name, filename: sentName, contentType: type, length: size, content: .file(url)))
    }

    /// Appends a part whose content comes from a stream of known length. `makeStream` is called each time
    /// the body is sent (again after a `401` or a `307`/`308`) and must produce exactly `length` bytes.
    /// - Parameters:
    ///   - contentType: The part's type; `application/octet-stream` by default.
    public mutating func appendStream(
        name: String, filename: String? = nil, contentType: String? = "application/octet-stream", length: Int64,
        makeStream: @escaping @Sendable () throws -> RequestBody.Stream
    ) {
        appendPart(
            Part(
                name: name, filename: filename, contentType: contentType, length: max(0, length),
                content: .stream(makeStream: makeStream)))
    }

    private mutating func appendPart(_ part: Part) {
        parts.append(part)
        if case .data(let data) = part.content, Self.contains(data, boundary) {
            chooseBoundaryNotIn(parts)
        }
    }

    // MARK: The body

    /// `multipart/form-data; boundary=…`, the request's `Content-Type`.
    public var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    /// The exact length of the body in bytes, computed without reading any file.
    public var contentLength: Int64 {
        var total: Int64 = 0
        for part in parts {
            total += Int64(partHead(part).count) + part.length + 2
        }
        return total + Int64(boundary.utf8.count) + 6
    }

    /// The form as a request body with its `Content-Type`: bytes in memory when every part is, otherwise a
    /// stream of known length that reads the files as it goes and can be made again for a re-send.
    public var body: RequestBody {
        let segments = makeSegments()
        if segments.count == 1, case .bytes(let data) = segments[0] {
            return .data(data, contentType: contentType)
        }
        let length = contentLength
        return .stream(length: length, contentType: contentType) {
            try MultipartBodyStream.checkFiles(segments)
            return MultipartBodyStream(segments: segments)
        }
    }

    /// What the body stream is made of: bytes, files and streams, in order (adjacent bytes joined).
    enum Segment: Sendable {
        case bytes(Data)
        case file(URL, size: Int64, name: String)
        case stream(length: Int64, name: String, makeStream: @Sendable () throws -> RequestBody.Stream)
    }

    /// Data parts at least this large are sent from their own storage instead of being copied.
    static let largeDataPart = 64 * 1024

    func makeSegments() -> [Segment] {
        var segments: [Segment] = []
        var pending = Data()
        func flush() {
            if !pending.isEmpty { segments.append(.bytes(pending)) }
            pending = Data()
        }
        for part in parts {
            pending.append(partHead(part))
            switch part.content {
            case .data(let data) where data.count >= Self.largeDataPart:
                flush()
                segments.append(.bytes(data))
            case .data(let data):
                pending.append(data)
            case .file(let url):
                flush()
                segments.append(.file(url, size: part.length, name: part.name))
            case .stream(let makeStream):
                flush()
                segments.append(.stream(length: part.length, name: part.name, makeStream: makeStream))
            }
            pending.append(contentsOf: [13, 10])
        }
        pending.append(Data("--\(boundary)--\r\n".utf8))
        flush()
        return segments
    }

    /// `--boundary`, the part's headers and the empty line that ends them.
    func partHead(_ part: Part) -> Data {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(encode(part.name))\""
        if let filename = part.filename {
            head += "; filename=\"\(encode(filename))\""
        }
        head += "\r\n"
        if let type = part.contentType {
            head += "Content-Type: \(Self.headerSafe(type))\r\n"
        }
        head += "\r\n"
        return Data(head.utf8)
    }

    /// A name or filename as a quoted-string's content, in the form's ``nameEncoding``.
    func encode(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in text.utf8 {
            let escape: Bool
            switch nameEncoding {
            case .utf8: escape = byte == 0x22 || byte == 0x0D || byte == 0x0A
            case .percentEncoded: escape = byte < 0x20 || byte > 0x7E || byte == 0x22 || byte == 0x25 || byte == 0x5C
            }
            if escape {
                bytes += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A header value without CR or LF (which would end the header early).
    static func headerSafe(_ value: String) -> String {
        guard value.contains(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else { return value }
        return String(value.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" })
    }

    // MARK: Boundaries

    static func randomBoundary() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var generator = SystemRandomNumberGenerator()
        return "courier-" + String((0..<32).map { _ in alphabet.randomElement(using: &generator)! })
    }

    private mutating func chooseBoundaryNotIn(_ parts: [Part]) {
        while true {
            let candidate = Self.randomBoundary()
            let collides = parts.contains { part in
                if case .data(let data) = part.content { return Self.contains(data, candidate) }
                return false
            }
            if !collides {
                boundary = candidate
                return
            }
        }
    }

    static func contains(_ data: Data, _ boundary: String) -> Bool {
        data.count >= boundary.utf8.count && data.range(of: Data(boundary.utf8)) != nil
    }

    /// The size of a file that exists, is no directory and can be read.
    static func sizeOfReadableFile(_ url: URL) throws -> Int64 {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw CourierError(
                .fileDoesNotExist, kind: .payload, outcome: .notSent, message: "the file \(url.path) does not exist")
        }
        if isDirectory.boolValue {
            throw CourierError(
                .fileIsDirectory, kind: .payload, outcome: .notSent, message: "\(url.path) is a directory, not a file")
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw CourierError(
                .noPermissionsToReadFile, kind: .payload, outcome: .notSent,
                message: "no permission to read the file \(url.path)")
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: url.resolvingSymlinksInPath().path)
        if let type = attributes?[.type] as? FileAttributeType, type != .typeRegular {
            // A FIFO, socket or device has no size known in advance (and a FIFO could block the upload).
            throw CourierError(
                .noPermissionsToReadFile, kind: .payload, outcome: .notSent,
                message: "\(url.path) is not a regular file; send its bytes with appendStream(name:length:makeStream:)")
        }
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }
}

extension RequestBody {
    /// A `multipart/form-data` body built with ``MultipartForm``, with its `Content-Type` and boundary.
    ///
    /// ```swift
    /// var form = MultipartForm()
    /// form.append("Ann", name: "user")
    /// try form.appendFile(at: photoURL, name: "photo")
    /// request.body = .multipart(form)
    /// ```
    public static func multipart(_ form: MultipartForm) -> RequestBody {
        form.body
    }
}
