import CourierPayloads
import CourierSecurity
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import enum Courier.JSONValue

/// The textbook's PHP services (chapter 2): plain and HMAC timestamp login, the server time that keys the
/// HMAC, the video list, and single and multiple file uploads that stream to disk.
enum TextbookRoutes {
    /// The textbook's only user.
    static let user = (name: "zhangsan", password: "zhang", id: 1)
    /// The HMAC key of the timestamp login: the lower-case hex MD5 of `itheima`, as the textbook's
    /// `NetworkTools` computes it (`@"itheima".md5String`), used as the key's ASCII bytes.
    static let hmacKey = Insecure.MD5.hash(data: Data("itheima".utf8)).map { String(format: "%02x", $0) }.joined()
    /// The server time format of `/textbook/hmackey`; the server's clock in UTC.
    static let timeFormat = "yyyy-MM-dd HH:mm"

    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
        router.post("/textbook/login") { request, _ -> Response in
            let fields = try await self.loginFields(request, state: state)
            let valid =
                ConstantTime.isEqual(fields.username, self.user.name)
                && ConstantTime.isEqual(fields.password, self.user.password)
            return SampleHTTP.json(.object([("userId", .number(valid ? Double(self.user.id) : -1))]))
        }
        router.get("/textbook/hmackey") { _, _ -> Response in
            SampleHTTP.json(.object([("key", .string(self.timeString(state.now())))]))
        }
        router.post("/textbook/loginhmac") { request, _ -> Response in
            let fields = try await self.loginFields(request, state: state)
            let now = state.now()
            let stored = self.hmacMD5(self.user.password, key: self.hmacKey)
            let sent = fields.password.lowercased()
            // The current minute, or the previous one when the minute turned between the two requests.
            let accepted = [now, now.addingTimeInterval(-60)].contains { time in
                ConstantTime.isEqual(self.hmacMD5(stored + self.timeString(time), key: self.hmacKey), sent)
            }
            let valid = ConstantTime.isEqual(fields.username, self.user.name) && accepted
            return SampleHTTP.json(.object([("userId", .number(valid ? Double(self.user.id) : -1))]))
        }
        router.get("/textbook/videos.xml") { _, _ -> Response in
            SampleHTTP.text(try self.videosXML(base: state.baseURL), contentType: "text/xml; charset=utf-8")
        }
        router.post("/textbook/upload") { request, _ -> Response in
            try await self.upload(request, fileField: "userfile", state: state)
        }
        router.post("/textbook/upload-m") { request, _ -> Response in
            try await self.upload(request, fileField: "userfile[]", state: state)
        }
    }

    // MARK: Login

    static func loginFields(_ request: Request, state: SampleServerState) async throws -> (
        username: String, password: String
    ) {
        let form = try await SampleHTTP.form(request, limit: state.configuration.bodyLimit)
        let fields = Dictionary(form, uniquingKeysWith: { first, _ in first })
        guard let username = fields["username"], !username.isEmpty else {
            throw SampleError.badRequest("missing field \"username\"")
        }
        guard let password = fields["password"], !password.isEmpty else {
            throw SampleError.badRequest("missing field \"password\"")
        }
        return (username, password)
    }

    /// `hmacMD5StringWithKey:` of the textbook: lower-case hex HMAC-MD5 with the key's UTF-8 bytes.
    static func hmacMD5(_ message: String, key: String) -> String {
        let code = HMAC<Insecure.MD5>.authenticationCode(
            for: Data(message.utf8), using: SymmetricKey(data: Data(key.utf8)))
        return code.map { String(format: "%02x", $0) }.joined()
    }

    static func timeString(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = self.timeFormat
        return formatter.string(from: date)
    }

    // MARK: Videos

    static func videosXML(base: URL) throws -> String {
        var writer = XMLWriter(indentation: "  ")
        try writer.writeDeclaration()
        try writer.startElement("videos")
        for (index, video) in RequestRoutes.videos.enumerated() {
            try writer.startElement("video", attributes: [.init("videoId", String(index + 1))])
            try writer.element("name", text: video.title)
            try writer.element("length", text: String(60 * (index + 2) + 17))
            try writer.element("videoURL", text: base.absoluteString + "/media/\(video.name).mp4")
            try writer.element("imageURL", text: "/images/\(video.name).png")
            try writer.element("desc", text: "\(video.title): a short lesson about networking with Courier.")
            try writer.element("teacher", text: "Courier")
            try writer.endElement()
        }
        try writer.endElement()
        return writer.string
    }

    // MARK: Uploads

    /// One file written by an upload.
    struct StoredFile {
        var field: String
        var name: String
        var storedAs: String
        var contentType: String?
        var size = 0
        var hasher = SHA256()
        var handle: FileHandle?
        var url: URL
    }

    /// Streams a `multipart/form-data` body: parts named `fileField` with a file name are written to
    /// `<dataDirectory>/uploads/` as they arrive (hashed on the way), text fields are kept (up to 64 KiB
    /// each), anything else is read and dropped. Past ``SampleServerConfiguration/uploadLimit`` the upload
    /// stops with 413 and the files it wrote are removed; the rest of the body is read and discarded by the
    /// server so the client receives the answer and the connection stays usable.
    static func upload(_ request: Request, fileField: String, state: SampleServerState) async throws -> Response {
        let limit = state.configuration.uploadLimit
        guard let contentType = request.headers[.contentType],
            let boundary = MultipartStreamParser.boundary(ofContentType: contentType)
        else {
            throw SampleError(
                .unsupportedMediaType, "the upload must be multipart/form-data with a boundary (field \"\(fileField)\")"
            )
        }
        if let declared = request.headers[.contentLength].flatMap({ Int($0) }), declared > limit {
            throw SampleError(.contentTooLarge, "the upload is \(declared) bytes; the limit is \(limit)")
        }
        let directory = state.configuration.dataDirectory.appendingPathComponent("uploads", isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw SampleError(.internalServerError, "the upload directory cannot be created: \(error)")
        }

        var parser = MultipartStreamParser(boundary: boundary)
        var files: [StoredFile] = []
        var fields: [(String, String)] = []
        var current: StoredFile?
        var currentField: (name: String, value: Data)?
        var received = 0

        func discardAll() {
            try? current?.handle?.close()
            if let current { try? FileManager.default.removeItem(at: current.url) }
            for file in files { try? FileManager.default.removeItem(at: file.url) }
            current = nil
        }

        do {
            for try await chunk in request.body {
                received += chunk.readableBytes
                guard received <= limit else {
                    throw SampleError(.contentTooLarge, "the upload is larger than the limit of \(limit) bytes")
                }
                for event in try parser.feed(chunk) {
                    switch event {
                    case .partStart(let headers):
                        guard let name = headers.name else {
                            throw SampleError.badRequest("a part has no Content-Disposition name")
                        }
                        if let filename = headers.filename, !filename.isEmpty {
                            guard name == fileField else { continue }
                            current = try self.createFile(
                                field: name, filename: filename, contentType: headers.contentType, in: directory,
                                state: state)
                        } else if headers.filename == nil {
                            currentField = (name, Data())
                        }
                    case .content(let bytes):
                        if current != nil {
                            bytes.withUnsafeReadableBytes { current?.hasher.update(bufferPointer: $0) }
                            current?.size += bytes.readableBytes
                            try current?.handle?.write(contentsOf: Data(bytes.readableBytesView))
                        } else if currentField != nil {
                            guard (currentField?.value.count ?? 0) + bytes.readableBytes <= 64 * 1024 else {
                                throw SampleError(.contentTooLarge, "a text field is larger than 64 KiB")
                            }
                            currentField?.value.append(contentsOf: bytes.readableBytesView)
                        }
                    case .partEnd:
                        if var file = current {
                            try file.handle?.close()
                            file.handle = nil
                            files.append(file)
                        }
                        current = nil
                        if let field = currentField {
                            fields.append((field.name, String(decoding: field.value, as: UTF8.self)))
                        }
                        currentField = nil
                    }
                }
            }
            try parser.finish()
        } catch let error as MultipartStreamParser.ParseError {
            discardAll()
            throw SampleError.badRequest("the multipart body is malformed: \(error)")
        } catch let error as SampleError {
            discardAll()
            throw error
        } catch {
            discardAll()
            throw SampleError(.internalServerError, "the upload failed: \(error)")
        }
        guard !files.isEmpty else {
            throw SampleError.badRequest("missing file field \"\(fileField)\" (a part with a file name)")
        }
        let filesJSON: [JSONValue] = files.map { file in
            .object([
                ("field", .string(file.field)), ("name", .string(file.name)), ("storedAs", .string(file.storedAs)),
                ("size", .number(Double(file.size))),
                ("sha256", .string(file.hasher.finalize().map { String(format: "%02x", $0) }.joined())),
                ("contentType", file.contentType.map { .string($0) } ?? .null),
            ])
        }
        return SampleHTTP.json(
            .object([
                ("files", .array(filesJSON)),
                ("fields", .object(fields.map { ($0.0, .string($0.1)) })),
            ]),
            status: .ok)
    }

    /// Opens a new file for an uploaded part under a sanitized, unique name.
    static func createFile(
        field: String, filename: String, contentType: String?, in directory: URL, state: SampleServerState
    ) throws -> StoredFile {
        let name = self.sanitizedFilename(filename)
        let number = state.withStorage { storage -> Int in
            storage.uploadCounter += 1
            return storage.uploadCounter
        }
        let storedAs = "\(number)-\(name)"
        let url = directory.appendingPathComponent(storedAs, isDirectory: false)
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
            let handle = FileHandle(forWritingAtPath: url.path)
        else {
            throw SampleError(.internalServerError, "the upload file cannot be created")
        }
        return StoredFile(
            field: field, name: name, storedAs: storedAs, contentType: contentType, handle: handle, url: url)
    }

    /// A file name safe to create in the upload directory: the last path component (either separator),
    /// without control characters, leading dots or surrounding spaces, at most 200 bytes of UTF-8;
    /// `upload` when nothing is left. Non-ASCII letters are kept.
    static func sanitizedFilename(_ filename: String) -> String {
        let last = filename.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        var name = String(
            last.unicodeScalars.filter {
                $0.value >= 0x20 && $0.value != 0x7F && !$0.properties.isDefaultIgnorableCodePoint
            })
        name = name.trimmingCharacters(in: .whitespaces)
        while name.hasPrefix(".") { name.removeFirst() }
        name = name.trimmingCharacters(in: .whitespaces)
        while name.utf8.count > 200 { name.removeLast() }
        return name.isEmpty ? "upload" : name
    }
}
