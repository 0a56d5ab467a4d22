import Foundation
import HTTPTypes

/// The disk tier's files. Each entry is two files named by its identifier: `<id>.body` (the bytes as the
/// server sent them) and `<id>.meta` (the head, timing, body length and CRC-32, in a frame with its own
/// CRC-32). `index` lists the entries in order of use. Every file is written to a temporary name,
/// flushed and renamed, so a crash leaves the old or the new file, never a torn one; anything torn or
/// corrupted anyway (a bad disk, a hand edit) fails its checksum or length and is discarded.
struct DiskCacheStore: Sendable {
    let directory: URL
    let budget: CacheWriteBudget?
    /// The directory's path with a trailing slash: entry paths are made on every hit, and joining strings
    /// costs far less than `URL.appendingPathComponent`.
    private let directoryPath: String

    /// One entry's description on disk.
    struct Meta: Codable, Sendable {
        var key: String
        var url: String
        var status: Int
        var reason: String
        var headers: [[String]]
        var vary: [CacheEntryHead.VaryField]
        var requestDate: Double
        var responseDate: Double
        var storedAt: Double
        var bodyLength: Int64
        var bodyChecksum: UInt32
        var storagePolicy: String
        var userInfo: [String: CacheUserInfoValue]

        init(
            key: String, head: CacheEntryHead, storedAt: Date, bodyLength: Int64, bodyChecksum: UInt32,
            storagePolicy: CachedResponse.StoragePolicy, userInfo: [String: any Sendable]
        ) {
            self.key = key
            self.url = head.url.absoluteString
            self.status = head.status.code
            self.reason = head.status.reasonPhrase
            self.headers = head.headerFields.map { [$0.name.rawName, $0.value] }
            self.vary = head.varyingRequestFields
            self.requestDate = head.requestDate.timeIntervalSince1970
            self.responseDate = head.responseDate.timeIntervalSince1970
            self.storedAt = storedAt.timeIntervalSince1970
            self.bodyLength = bodyLength
            self.bodyChecksum = bodyChecksum
            self.storagePolicy = storagePolicy.rawValue
            self.userInfo = CacheUserInfoValue.encodable(userInfo)
        }

        /// The head, or `nil` when a field does not hold up (the file was damaged in a way the checksum
        /// did not catch, or written by something else).
        var head: CacheEntryHead? {
            guard let url = URL(string: url), (100...999).contains(status) else { return nil }
            var fields = HTTPFields()
            for pair in headers {
                guard pair.count == 2, let name = HTTPField.Name(pair[0]), HTTPField.isValidValue(pair[1]) else {
                    return nil
                }
                fields.append(HTTPField(name: name, value: pair[1]))
            }
            return CacheEntryHead(
                url: url, status: HTTPResponse.Status(code: status, reasonPhrase: reason), headerFields: fields,
                varyingRequestFields: vary, requestDate: Date(timeIntervalSince1970: requestDate),
                responseDate: Date(timeIntervalSince1970: responseDate))
        }
    }

    /// The index: identifiers in order of use, least recent first.
    struct Index: Codable, Sendable {
        var entries: [String]
    }

    private static let metaMagic = Data("CCM1".utf8)
    private static let indexMagic = Data("CCI1".utf8)

    init(directory: URL, budget: CacheWriteBudget?) {
        self.directory = directory
        self.budget = budget
        let path = directory.path
        self.directoryPath = path.hasSuffix("/") ? path : path + "/"
    }

    static func name(of id: UInt64) -> String {
        let hex = String(id, radix: 16)
        return String(repeating: "0", count: max(0, 16 - hex.count)) + hex
    }

    func bodyPath(_ id: UInt64) -> String { directoryPath + Self.name(of: id) + ".body" }
    func metaPath(_ id: UInt64) -> String { directoryPath + Self.name(of: id) + ".meta" }
    var indexPath: String { directoryPath + "index" }

    func createDirectory() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    // MARK: Frames

    /// `magic, length (4 bytes, big-endian), payload, CRC-32 of the payload (4 bytes)`.
    static func frame(_ payload: Data, magic: Data) -> Data {
        var data = magic
        data.append(contentsOf: bigEndianBytes(UInt32(payload.count)))
        data.append(payload)
        data.append(contentsOf: bigEndianBytes(CacheFile.crc32(payload)))
        return data
    }

    static func unframe(_ data: Data, magic: Data) -> Data? {
        let headerLength = magic.count + 4
        guard data.count >= headerLength + 4, data.prefix(magic.count) == magic else { return nil }
        let start = data.startIndex
        let length = Int(readBigEndian(data, at: start + magic.count))
        guard data.count == headerLength + length + 4 else { return nil }
        let payload = data.subdata(in: (start + headerLength)..<(start + headerLength + length))
        guard readBigEndian(data, at: start + headerLength + length) == CacheFile.crc32(payload) else { return nil }
        return payload
    }

    private static func bigEndianBytes(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    private static func readBigEndian(_ data: Data, at index: Data.Index) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 << 8 | UInt32(data[index + $1]) }
    }

    // MARK: Entries

    /// Writes an entry's description (crash-safe).
    func writeMeta(_ meta: Meta, id: UInt64) throws {
        let payload = try JSONEncoder().encode(meta)
        try CacheFile.writeAtomically(Self.frame(payload, magic: Self.metaMagic), to: metaPath(id), budget: budget)
    }

    /// Writes a body held in memory (crash-safe); returns its CRC-32.
    func writeBody(_ data: Data, id: UInt64) throws {
        try CacheFile.writeAtomically(data, to: bodyPath(id), budget: budget)
    }

    /// Reads an entry's description, or `nil` when it is missing or fails its checksum.
    func readMeta(_ id: UInt64) -> Meta? {
        guard let data = CacheFile.read(metaPath(id)), let payload = Self.unframe(data, magic: Self.metaMagic)
        else { return nil }
        return try? JSONDecoder().decode(Meta.self, from: payload)
    }

    /// Reads a whole body and checks its length and CRC-32; `nil` when either is wrong.
    func readBody(_ id: UInt64, length: Int64, checksum: UInt32) -> Data? {
        guard let data = CacheFile.read(bodyPath(id), length: length), CacheFile.crc32(data) == checksum
        else { return nil }
        return data
    }

    /// Opens a body too large to load and checks its length and CRC-32 by reading it in pieces; returns
    /// the open file, rewound, so that removing the entry meanwhile cannot take it away.
    func openVerifiedBody(_ id: UInt64, length: Int64, checksum: UInt32) -> CacheFileReader? {
        guard let handle = FileHandle(forReadingAtPath: bodyPath(id)) else { return nil }
        let reader = CacheFileReader(handle: handle, url: URL(fileURLWithPath: bodyPath(id)))
        var crc: UInt32 = 0
        var total: Int64 = 0
        while true {
            let read: Data?
            do {
                read = try handle.read(upToCount: 256 * 1024)
            } catch {
                return nil
            }
            // End of file is `nil` on Linux and empty data on Darwin.
            guard let chunk = read, !chunk.isEmpty else { break }
            total += Int64(chunk.count)
            if total > length { return nil }
            crc = chunk.withUnsafeBytes { CacheFile.crc32(crc, $0) }
        }
        guard total == length, crc == checksum, (try? handle.seek(toOffset: 0)) != nil else { return nil }
        return reader
    }

    func removeEntry(_ id: UInt64) {
        CacheFile.removeFile(metaPath(id))
        CacheFile.removeFile(bodyPath(id))
    }

    /// The size an entry takes on disk.
    func diskSize(_ id: UInt64) -> Int64 {
        (CacheFile.size(metaPath(id)) ?? 0) + (CacheFile.size(bodyPath(id)) ?? 0)
    }

    // MARK: Index

    func writeIndex(_ ids: [UInt64]) throws {
        let payload = try JSONEncoder().encode(Index(entries: ids.map(Self.name(of:))))
        try CacheFile.writeAtomically(Self.frame(payload, magic: Self.indexMagic), to: indexPath, budget: budget)
    }

    /// Everything the directory holds, least recently used first: the index's order for the entries it
    /// lists, then entries it does not list (written after it, or the index was lost) by storage time.
    /// Temporary files of interrupted writes, bodies without a description and entries that fail their
    /// checks are deleted.
    func load() -> [(id: UInt64, meta: Meta, head: CacheEntryHead, size: Int64)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        var metaIDs: Set<UInt64> = []
        var bodyIDs: Set<UInt64> = []
        for name in names {
            let path = directory.appendingPathComponent(name).path
            if name.hasSuffix(".tmp") {
                CacheFile.removeFile(path)
            } else if name.hasSuffix(".meta"), let id = UInt64(name.dropLast(5), radix: 16) {
                metaIDs.insert(id)
            } else if name.hasSuffix(".body"), let id = UInt64(name.dropLast(5), radix: 16) {
                bodyIDs.insert(id)
            }
        }
        for orphan in bodyIDs.subtracting(metaIDs) { CacheFile.removeFile(bodyPath(orphan)) }

        var ordered: [UInt64] = []
        if let data = CacheFile.read(indexPath), let payload = Self.unframe(data, magic: Self.indexMagic),
            let index = try? JSONDecoder().decode(Index.self, from: payload)
        {
            ordered = index.entries.compactMap { UInt64($0, radix: 16) }.filter { metaIDs.contains($0) }
        }
        let listed = Set(ordered)
        var result: [(id: UInt64, meta: Meta, head: CacheEntryHead, size: Int64)] = []
        var unlisted: [(id: UInt64, meta: Meta, head: CacheEntryHead, size: Int64)] = []
        for id in ordered + metaIDs.subtracting(listed).sorted() {
            guard let meta = readMeta(id), let head = meta.head,
                CachedResponse.StoragePolicy(rawValue: meta.storagePolicy) == .allowed,
                CacheFile.size(bodyPath(id)) == meta.bodyLength
            else {
                removeEntry(id)
                continue
            }
            let entry = (id: id, meta: meta, head: head, size: diskSize(id))
            if listed.contains(id) { result.append(entry) } else { unlisted.append(entry) }
        }
        return result + unlisted.sorted { $0.meta.storedAt < $1.meta.storedAt }
    }
}

/// An open body file of the disk tier; closed when the last user lets go.
final class CacheFileReader: Sendable {
    let handle: FileHandle
    /// Where the file was when it was opened (it may have been removed since; the open file stays readable).
    let url: URL

    init(handle: FileHandle, url: URL) {
        self.handle = handle
        self.url = url
    }

    deinit { try? handle.close() }
}
