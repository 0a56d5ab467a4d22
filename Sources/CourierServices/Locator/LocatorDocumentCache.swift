import CourierSecurity
import Foundation

/// The last good locator document of one environment and URL, kept on disk with Courier's crash-safe
/// writer (``AtomicFile``: a 0600 file in a 0700 directory), so a start without network still finds
/// services. The file name carries the environment and a digest of the document URL: pointing an
/// environment at another URL never serves the old URL's copy.
struct LocatorDocumentCache: Sendable {
    let file: URL

    init(directory: URL, environment: ServiceEnvironment, documentURL: URL) {
        let safeName = String(
            environment.name.unicodeScalars.map { scalar -> Character in
                scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_")
                    ? Character(scalar) : "_"
            }.prefix(64))
        let digest = Digester.digest(documentURL.absoluteString, using: .sha256).hex.prefix(16)
        self.file = directory.appendingPathComponent("service-locator-\(safeName)-\(digest).json")
    }

    /// Replaces the copy with `data`.
    /// - Throws: ``AtomicFileError`` when the directory or file cannot be written.
    func write(_ data: Data) throws {
        let directory = self.file.deletingLastPathComponent().path
        try AtomicFile.makePrivateDirectory(directory, tighten: false)
        AtomicFile.removeStaleTemporaries(besides: self.file.path)
        try AtomicFile.write(data, toPath: self.file.path)
    }

    /// The copy and when it was written, or `nil` when there is none or it is larger than `maximumSize`.
    func read(maximumSize: Int) -> (data: Data, written: Date)? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: self.file.path),
            let size = attributes[.size] as? Int, size <= maximumSize,
            let data = try? Data(contentsOf: self.file)
        else { return nil }
        return (data, attributes[.modificationDate] as? Date ?? Date())
    }
}
