import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The on-disk form of a cookie jar: JSON, `{"format": "courier-cookies", "version": 1, "cookies": […]}`,
/// written crash-safely (a temporary file in the same directory, fsync, rename, fsync of the directory)
/// with mode 0600, since cookies are credentials.
enum CookieFile {
    static let format = "courier-cookies"
    static let version = 1

    private struct Document: Codable {
        var format: String
        var version: Int
        var cookies: [Entry]
    }

    /// One cookie, or nothing when that entry does not decode (a hand-edited file loses only that entry).
    private struct Entry: Codable {
        var cookie: Cookie?

        init(_ cookie: Cookie) { self.cookie = cookie }

        init(from decoder: any Decoder) throws {
            cookie = try? Cookie(from: decoder)
        }

        func encode(to encoder: any Encoder) throws {
            try cookie.encode(to: encoder)
        }
    }

    /// The file's bytes for these cookies.
    static func encode(_ cookies: [Cookie]) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try encoder.encode(Document(format: format, version: version, cookies: cookies.map(Entry.init)))
    }

    /// The cookies in a file's bytes.
    ///
    /// - Throws: ``CourierError`` `cannotDecodeRawData` when the bytes are not a cookie file (torn,
    ///   truncated, another format).
    static func decode(_ data: Data, file: URL) throws -> [Cookie] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let document = try? decoder.decode(Document.self, from: data), document.format == format,
            document.version == version
        else {
            throw CourierError(
                .cannotDecodeRawData, outcome: .notSent, message: "the cookie file \(file.path) is damaged")
        }
        return document.cookies.compactMap(\.cookie)
    }

    /// The cookies stored in `file`; none when it does not exist.
    ///
    /// - Throws: `cannotDecodeRawData` for a damaged file, `noPermissionsToReadFile` when it cannot be read.
    static func read(_ file: URL) throws -> [Cookie] {
        guard FileManager.default.fileExists(atPath: file.path) else { return [] }
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw CourierError(.noPermissionsToReadFile, outcome: .notSent, message: "cannot read \(file.path)")
        }
        return try decode(data, file: file)
    }

    /// Replaces `file` with `data` so that a crash at any instant leaves the old or the new contents.
    ///
    /// - Throws: ``CourierError`` `cannotWriteToFile` naming the step that failed.
    static func save(_ data: Data, to file: URL) throws {
        let directory = file.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw failure("cannot create the directory \(directory.path): \(error)")
        }
        let temporary = directory.appendingPathComponent(
            ".\(file.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("cannot create \(temporary.path): \(errnoText())") }
        var completed = false
        defer {
            if !completed { unlink(temporary.path) }
        }
        do {
            defer { close(descriptor) }
            try data.withUnsafeBytes { buffer in
                guard let base = buffer.baseAddress else { return }
                var offset = 0
                while offset < buffer.count {
                    let written = write(descriptor, base + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw failure("cannot write \(temporary.path): \(errnoText())")
                    }
                    offset += written
                }
            }
            guard fsync(descriptor) == 0 else { throw failure("cannot flush \(temporary.path): \(errnoText())") }
        }
        guard rename(temporary.path, file.path) == 0 else {
            throw failure("cannot rename \(temporary.path) to \(file.path): \(errnoText())")
        }
        completed = true
        let directoryDescriptor = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryDescriptor >= 0 {
            // The rename is durable once the directory is flushed; a failure here leaves a valid file.
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    /// Moves a damaged file aside (`cookies.json.damaged`) so the next save does not destroy the evidence.
    static func quarantine(_ file: URL) {
        let aside = file.appendingPathExtension("damaged")
        _ = rename(file.path, aside.path)
    }

    private static func failure(_ message: String) -> CourierError {
        CourierError(.cannotWriteToFile, outcome: .notSent, message: message)
    }

    private static func errnoText() -> String {
        String(cString: strerror(errno))
    }
}
