import Crypto
import Foundation

/// Computes digests over `Data`, strings, files and asynchronous byte streams, in one call or
/// incrementally.
///
/// ```swift
/// // one shot
/// Digester.digest("test string", using: .sha256).hex
/// // incremental
/// var digester = Digester(.sha256)
/// digester.update(headerBytes)
/// digester.update(bodyBytes)
/// let digest = digester.finalize()
/// // streams
/// let fileDigest = try Digester.digest(contentsOf: fileURL, using: .sha512)
/// let streamDigest = try await Digester.digest(chunks, using: .sha1)   // AsyncSequence of Data
/// ```
public struct Digester: Sendable {
    /// The algorithm in use.
    public let algorithm: DigestAlgorithm
    private var hasher: any HashFunction

    /// Bytes read per chunk when hashing files and byte-at-a-time streams.
    static let chunkByteCount = 1 << 20

    /// Creates an incremental digester.
    public init(_ algorithm: DigestAlgorithm) {
        self.algorithm = algorithm
        self.hasher = algorithm.hashFunctionType.init()
    }

    /// Feeds bytes.
    public mutating func update(_ bytes: some DataProtocol) {
        for region in bytes.regions {
            region.withUnsafeBytes { hasher.update(bufferPointer: $0) }
        }
    }

    /// Feeds the UTF-8 bytes of a string.
    public mutating func update(_ string: String) {
        var string = string
        string.withUTF8 { hasher.update(bufferPointer: UnsafeRawBufferPointer($0)) }
    }

    /// Feeds raw memory.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer: bufferPointer)
    }

    /// Returns the digest of everything fed so far. The digester may keep being updated afterwards;
    /// a later `finalize()` covers everything fed up to then.
    public func finalize() -> DigestValue {
        let digest = hasher.finalize()
        return DigestValue(algorithm: algorithm, bytes: digest.withUnsafeBytes { Data($0) })
    }

    /// The digest of some bytes.
    public static func digest(_ bytes: some DataProtocol, using algorithm: DigestAlgorithm) -> DigestValue {
        var digester = Digester(algorithm)
        digester.update(bytes)
        return digester.finalize()
    }

    /// The digest of a string's UTF-8 bytes.
    public static func digest(_ string: String, using algorithm: DigestAlgorithm) -> DigestValue {
        var digester = Digester(algorithm)
        digester.update(string)
        return digester.finalize()
    }

    /// The digest of an asynchronous sequence of chunks (`Data`, `[UInt8]`, `ByteBuffer` views…).
    ///
    /// - Throws: Whatever the sequence throws.
    public static func digest<Chunks: AsyncSequence>(
        _ chunks: Chunks,
        using algorithm: DigestAlgorithm
    ) async throws -> DigestValue where Chunks.Element: DataProtocol {
        var digester = Digester(algorithm)
        for try await chunk in chunks {
            digester.update(chunk)
        }
        return digester.finalize()
    }

    /// The digest of an asynchronous sequence of single bytes (such as `FileHandle.bytes`),
    /// buffered internally so the hash sees large chunks.
    ///
    /// - Throws: Whatever the sequence throws.
    public static func digest<Bytes: AsyncSequence>(
        _ bytes: Bytes,
        using algorithm: DigestAlgorithm
    ) async throws -> DigestValue where Bytes.Element == UInt8 {
        var digester = Digester(algorithm)
        var buffer: [UInt8] = []
        buffer.reserveCapacity(chunkByteCount)
        for try await byte in bytes {
            buffer.append(byte)
            if buffer.count == chunkByteCount {
                digester.update(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
        digester.update(buffer)
        return digester.finalize()
    }

    /// The digest of everything readable from a file handle, from its current offset to the end.
    ///
    /// - Throws: ``SecurityError/Code/ioFailure`` if reading fails.
    public static func digest(reading handle: FileHandle, using algorithm: DigestAlgorithm) throws -> DigestValue {
        var digester = Digester(algorithm)
        do {
            while let chunk = try handle.read(upToCount: chunkByteCount), !chunk.isEmpty {
                digester.update(chunk)
            }
        } catch {
            throw SecurityError(.ioFailure, "reading the file to hash failed: \(error.localizedDescription)")
        }
        return digester.finalize()
    }

    /// The digest of a file's contents, read in chunks so large files never sit in memory whole.
    ///
    /// - Throws: ``SecurityError/Code/ioFailure`` if the file cannot be opened or read.
    public static func digest(contentsOf url: URL, using algorithm: DigestAlgorithm) throws -> DigestValue {
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: url)
        } catch {
            throw SecurityError(.ioFailure, "cannot open \(url.path) to hash it: \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        return try digest(reading: handle, using: algorithm)
    }
}
