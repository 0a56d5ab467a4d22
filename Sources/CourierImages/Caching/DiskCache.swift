import CourierSecurity
import Crypto
import Foundation
import Logging
import Synchronization

/// A directory of cached resources, one file per key named by the SHA-256 of the key, with a maximum age and
/// a maximum total size trimmed oldest first.
///
/// Files are written with ``CourierSecurity/AtomicFile`` (crash-safe, mode 0600, directory 0700), so a
/// process killed mid-write leaves the old file or the new one. The cache is independent of the HTTP cache:
/// images are often served without caching headers and are still worth keeping.
///
/// Disk work is synchronous; call it from a task that may block briefly (``ResourceLoader`` does so from its
/// fetch tasks).
public final class DiskCache: Sendable {
    /// The directory holding the files.
    public let directory: URL
    /// How long an entry stays valid after it was stored.
    public let maximumAge: TimeInterval
    /// The largest total size, in bytes, kept after a trim.
    public let maximumSize: Int
    private let now: @Sendable () -> Date
    private let logger: Logger
    /// The bytes stored, known after the first listing and kept up to date by this process.
    private let knownSize = Mutex<Int?>(nil)

    /// The default maximum age: seven days.
    public static let defaultMaximumAge: TimeInterval = 7 * 24 * 60 * 60
    /// The default maximum size: 256 MiB.
    public static let defaultMaximumSize = 256 * 1024 * 1024

    /// Creates a cache over `directory` (created on the first store), removing temporary files that a killed
    /// writer left there.
    /// - Parameters:
    ///   - directory: Where the files live.
    ///   - maximumAge: Entries older than this are misses and removed; 7 days by default.
    ///   - maximumSize: Past this total, the oldest entries are removed; 256 MiB by default.
    ///   - now: The clock that dates entries and judges their age (injected by tests).
    ///   - logger: Where failures to write or remove files are reported.
    public init(
        directory: URL,
        maximumAge: TimeInterval = DiskCache.defaultMaximumAge,
        maximumSize: Int = DiskCache.defaultMaximumSize,
        now: @escaping @Sendable () -> Date = { Date() },
        logger: Logger = Logger(label: "courier.images.disk-cache")
    ) {
        self.directory = directory
        self.maximumAge = maximumAge
        self.maximumSize = max(0, maximumSize)
        self.now = now
        self.logger = logger
        AtomicFile.removeStaleTemporaries(inDirectory: directory.path)
    }

    /// The file that holds `key`.
    public func fileURL(forKey key: String) -> URL {
        let digest = SHA256.hash(data: Data(key.utf8))
        let name = digest.map { byte in byte < 16 ? "0" + String(byte, radix: 16) : String(byte, radix: 16) }
        return directory.appendingPathComponent(name.joined())
    }

    /// Stores `data` for `key`, crash-safely, dated now; then trims when the cache has grown past
    /// ``maximumSize``.
    /// - Throws: ``CourierSecurity/AtomicFileError`` when the directory or file cannot be written.
    public func store(_ data: Data, forKey key: String) throws {
        let url = fileURL(forKey: key)
        let previousSize = Self.entry(at: url)?.size ?? 0
        try AtomicFile.write(data, to: url)
        // Date the entry by the injected clock, so that age and trimming order follow it.
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: url.path)
        let size = knownSize.withLock { known -> Int? in
            guard let current = known else { return nil }
            known = current - previousSize + data.count
            return known
        }
        if (size ?? Int.max) > maximumSize { trim() }
    }

    /// The data stored for `key`, or `nil` when absent, unreadable or older than ``maximumAge`` (then removed).
    public func data(forKey key: String) -> Data? {
        let url = fileURL(forKey: key)
        guard let entry = Self.entry(at: url) else { return nil }
        guard now().timeIntervalSince(entry.date) <= maximumAge else {
            remove(url, size: entry.size)
            return nil
        }
        return try? Data(contentsOf: url)
    }

    /// Removes the entry for `key`, if any.
    public func removeData(forKey key: String) {
        let url = fileURL(forKey: key)
        guard let entry = Self.entry(at: url) else { return }
        remove(url, size: entry.size)
    }

    /// Removes every entry.
    public func removeAll() {
        for entry in listEntries() { remove(entry.url, size: entry.size) }
        knownSize.withLock { $0 = 0 }
    }

    /// The total size of the entries, in bytes.
    public var totalSize: Int {
        let total = listEntries().reduce(0) { $0 + $1.size }
        knownSize.withLock { $0 = total }
        return total
    }

    /// Removes expired entries, then the oldest ones until the total is at most ``maximumSize``.
    public func trim() {
        let limit = now().addingTimeInterval(-maximumAge)
        var total = 0
        var kept: [CacheFileEntry] = []
        for entry in listEntries() {
            if entry.date < limit {
                remove(entry.url, size: nil)
            } else {
                kept.append(entry)
                total += entry.size
            }
        }
        kept.sort { $0.date < $1.date }
        var index = 0
        while total > maximumSize, index < kept.count {
            remove(kept[index].url, size: nil)
            total -= kept[index].size
            index += 1
        }
        knownSize.withLock { $0 = total }
    }

    private func remove(_ url: URL, size: Int?) {
        do {
            try FileManager.default.removeItem(at: url)
            if let size { knownSize.withLock { $0 = $0.map { $0 - size } } }
        } catch {
            logger.warning("cannot remove a cached file", metadata: ["path": "\(url.path)", "error": "\(error)"])
        }
    }

    /// The cache files (temporaries, which start with a dot, excluded).
    private func listEntries() -> [CacheFileEntry] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.compactMap {
            Self.entry(at: directory.appendingPathComponent($0))
        }
    }

    private static func entry(at url: URL) -> CacheFileEntry? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let date = attributes[.modificationDate] as? Date
        else { return nil }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        return CacheFileEntry(url: url, size: size, date: date)
    }
}
