import CourierSecurity
import Foundation

/// The desktop files CourierLinks reads and writes (`.desktop` entries, `mimeapps.list`, the installation
/// marker), replaced crash-safely through the package's one writer, ``AtomicFile``.
enum DesktopFile {
    /// Replaces (or creates) the file at `path` with `contents` (mode 0644 by default: desktop entries are read
    /// by the desktop's tools), creating its directory (0700) when missing.
    ///
    /// - Throws: ``LinkError/Code/io`` when the directory cannot be created or the file written.
    static func replace(_ path: String, with contents: String, permissions: mode_t = 0o644) throws(LinkError) {
        let directory = (path as NSString).deletingLastPathComponent
        try createDirectory(directory)
        do {
            try AtomicFile.write(Data(contents.utf8), toPath: path, mode: permissions)
        } catch let error as AtomicFileError {
            throw LinkError(.io, "\(path) could not be replaced: \(error)")
        } catch {
            throw LinkError(.io, "\(path) could not be replaced: \(error)")
        }
    }

    /// The text of a file, or nil when it does not exist.
    ///
    /// - Throws: ``LinkError/Code/io`` when the file exists but cannot be read or is larger than
    ///   `limit` bytes.
    static func read(_ path: String, limit: Int = 4 * 1024 * 1024) throws(LinkError) -> String? {
        guard FileManager.default.fileExists(atPath: path) else {
            return nil
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw LinkError(.io, "\(path) could not be opened")
        }
        defer { try? handle.close() }
        let data: Data?
        do {
            data = try handle.read(upToCount: limit + 1)
        } catch {
            throw LinkError(.io, "\(path) could not be read: \(error.localizedDescription)")
        }
        let bytes = data ?? Data()
        guard bytes.count <= limit else {
            throw LinkError(.io, "\(path) is larger than \(limit) bytes")
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Creates a directory and its parents (mode 0700 for new ones, as the XDG specification asks).
    ///
    /// - Throws: ``LinkError/Code/io`` when it cannot be created.
    static func createDirectory(_ path: String) throws(LinkError) {
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw LinkError(.io, "the directory \(path) could not be created: \(error.localizedDescription)")
        }
    }
}
