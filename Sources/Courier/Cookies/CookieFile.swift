import CourierSecurity
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

    /// Replaces `file` with `data` so that a crash at any instant leaves the old or the new contents
    /// (``AtomicFile``: mode 0600 from the first byte, in a 0700 directory); temporaries of killed writers are
    /// removed first.
    ///
    /// - Throws: ``CourierError`` `cannotWriteToFile` naming the step that failed.
    static func save(_ data: Data, to file: URL) throws {
        do {
            let directory = file.deletingLastPathComponent().path
            try AtomicFile.makePrivateDirectory(directory, tighten: false)
            AtomicFile.removeStaleTemporaries(besides: file.path)
            try AtomicFile.write(data, toPath: file.path)
        } catch let error as AtomicFileError {
            throw failure(error.description)
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

}
