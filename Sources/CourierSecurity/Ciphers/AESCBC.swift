import Crypto
import CryptoExtras
import Foundation

/// AES-128/192/256 in CBC mode with PKCS#7 padding — the book's `CCCrypt(kCCAlgorithmAES128,
/// kCCOptionPKCS7Padding, …)`, running on BoringSSL's `AES_cbc_encrypt` through swift-crypto.
///
/// CBC is not authenticated: anyone can flip bits in the plaintext by flipping bits in the IV or
/// ciphertext. Always pair it with an HMAC over IV and ciphertext (``MessageSealer`` does), or use
/// ``AESGCMCipher``.
///
/// The key length picks the variant (16, 24 or 32 bytes); anything else is refused, never padded.
/// The IV is 16 bytes, random for every message unless the caller supplies one.
///
/// ```swift
/// let cbc = try AESCBC(key: SecretKey(ascii: "0123456789abcdef0123456789abcdef"))
/// let iv = SecureRandom.bytes(count: 16)
/// let ciphertext = try cbc.encrypt(plaintext, iv: iv)
/// let back = try cbc.decrypt(ciphertext, iv: iv)
/// ```
public struct AESCBC: SymmetricCipher, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable,
    RedactedDescription
{
    /// The AES block length, 16 bytes.
    public static let blockByteCount = 16
    /// The IV length, 16 bytes.
    public static let ivByteCount = 16
    /// The key lengths AES accepts.
    public static let keyByteCounts = [16, 24, 32]

    private let key: SecretKey

    /// Creates a cipher for a 16-, 24- or 32-byte key (AES-128, AES-192, AES-256).
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength`` for any other length.
    public init(key: SecretKey) throws {
        try key.require(byteCounts: Self.keyByteCounts, for: "AES")
        self.key = key
    }

    /// The key length in bits: 128, 192 or 256.
    public var keyBitCount: Int {
        key.bitCount
    }

    /// The ciphertext length for a plaintext length: PKCS#7 always adds 1 to 16 bytes.
    public static func ciphertextByteCount(forPlaintextByteCount count: Int) -> Int {
        (max(0, count) / blockByteCount + 1) * blockByteCount
    }

    /// Encrypts with the given IV and returns the ciphertext alone.
    ///
    /// - Throws: ``SecurityError/Code/invalidIVLength`` when `iv` is not 16 bytes.
    public func encrypt(_ plaintext: some DataProtocol, iv: some DataProtocol) throws -> Data {
        var output = Data()
        try encrypt(plaintext, iv: iv, appendingTo: &output)
        return output
    }

    /// Encrypts with a fresh random IV and returns `iv || ciphertext`.
    ///
    /// - Throws: ``SecurityError`` if the primitive fails (it does not for valid keys).
    public func encrypt(_ plaintext: some DataProtocol) throws -> Data {
        let iv = SecureRandom.bytes(count: Self.ivByteCount)
        var output = iv
        try encrypt(plaintext, iv: iv, appendingTo: &output)
        return output
    }

    /// Encrypts with the given IV, appending the ciphertext to `output` so that callers building
    /// `iv || ciphertext` do not copy a large ciphertext a second time.
    private func encrypt(_ plaintext: some DataProtocol, iv: some DataProtocol, appendingTo output: inout Data) throws {
        var chainingIV = try Self.makeIV(iv)
        let input = Self.contiguous(plaintext)
        let alignedEnd = input.startIndex + input.count - input.count % Self.blockByteCount
        output.reserveCapacity(output.count + Self.ciphertextByteCount(forPlaintextByteCount: input.count))
        try Self.cipherBlocks(
            input[..<alignedEnd], key: key.symmetricKey, iv: &chainingIV, encrypting: true, into: &output)
        var lastBlock = Data(input[alignedEnd...])
        lastBlock.append(contentsOf: PKCS7.padding(forByteCount: lastBlock.count))
        try Self.cipherBlocks(lastBlock, key: key.symmetricKey, iv: &chainingIV, encrypting: true, into: &output)
    }

    /// Encrypts into a caller-provided buffer and returns the number of bytes written.
    ///
    /// - Throws: ``SecurityError/Code/bufferTooSmall`` when `output` is shorter than
    ///   ``ciphertextByteCount(forPlaintextByteCount:)``; ``SecurityError/Code/invalidIVLength``.
    public func encrypt(
        _ plaintext: some DataProtocol,
        iv: some DataProtocol,
        into output: UnsafeMutableRawBufferPointer
    ) throws -> Int {
        let needed = Self.ciphertextByteCount(forPlaintextByteCount: plaintext.count)
        guard output.count >= needed else {
            throw SecurityError(.bufferTooSmall, "AES-CBC output needs \(needed) bytes, the buffer has \(output.count)")
        }
        let ciphertext = try encrypt(plaintext, iv: iv)
        ciphertext.copyBytes(to: output)
        return ciphertext.count
    }

    /// Decrypts a ciphertext produced with `iv`.
    ///
    /// - Throws: ``SecurityError/Code/invalidIVLength`` for an IV that is not 16 bytes,
    ///   ``SecurityError/Code/truncatedInput`` for an empty ciphertext,
    ///   ``SecurityError/Code/alignmentError`` when the length is not a multiple of 16, and
    ///   ``SecurityError/Code/decodeError`` when the padding is wrong (usually the wrong key or IV).
    ///   No plaintext is returned on any failure.
    public func decrypt(_ ciphertext: some DataProtocol, iv: some DataProtocol) throws -> Data {
        let cbcIV = try Self.makeIV(iv)
        try Self.checkAlignment(ciphertext.count)
        let padded = try decryptWithoutPadding(ciphertext, iv: cbcIV)
        guard let count = PKCS7.unpaddedByteCount(of: padded) else {
            throw SecurityError(.decodeError, "AES-CBC padding is invalid; the key or IV is probably wrong")
        }
        return padded.prefix(count)
    }

    /// Decrypts `iv || ciphertext` as produced by ``encrypt(_:)``.
    ///
    /// - Throws: ``SecurityError/Code/truncatedInput`` when shorter than an IV and one block, then as
    ///   ``decrypt(_:iv:)``.
    public func decrypt(_ message: some DataProtocol) throws -> Data {
        let bytes = Data(message)
        guard bytes.count >= Self.ivByteCount + Self.blockByteCount else {
            throw SecurityError(
                .truncatedInput,
                "an AES-CBC message needs at least \(Self.ivByteCount + Self.blockByteCount) bytes, got \(bytes.count)"
            )
        }
        return try decrypt(bytes.dropFirst(Self.ivByteCount), iv: bytes.prefix(Self.ivByteCount))
    }

    /// Decrypts into a caller-provided buffer and returns the plaintext length.
    ///
    /// - Throws: ``SecurityError/Code/bufferTooSmall`` when `output` is shorter than the ciphertext
    ///   (the most the plaintext can be, as with `CCCrypt`), then as ``decrypt(_:iv:)``.
    public func decrypt(
        _ ciphertext: some DataProtocol,
        iv: some DataProtocol,
        into output: UnsafeMutableRawBufferPointer
    ) throws -> Int {
        guard output.count >= ciphertext.count else {
            throw SecurityError(
                .bufferTooSmall,
                "AES-CBC output needs up to \(ciphertext.count) bytes, the buffer has \(output.count)"
            )
        }
        let plaintext = try decrypt(ciphertext, iv: iv)
        plaintext.copyBytes(to: output)
        return plaintext.count
    }

    /// A streaming encryptor for inputs too large to hold at once.
    ///
    /// - Parameter iv: The IV; a random one when nil.
    /// - Throws: ``SecurityError/Code/invalidIVLength``.
    public func makeEncryptor(iv: Data? = nil) throws -> AESCBCEncryptor {
        try AESCBCEncryptor(key: key, iv: iv)
    }

    /// A streaming decryptor for inputs too large to hold at once.
    ///
    /// - Throws: ``SecurityError/Code/invalidIVLength``.
    public func makeDecryptor(iv: Data) throws -> AESCBCDecryptor {
        try AESCBCDecryptor(key: key, iv: iv)
    }

    /// `"AESCBC(AES-<bits>, key redacted)"`.
    public var description: String {
        "AESCBC(AES-\(keyBitCount), key redacted)"
    }

    /// A mirror showing only the key size.
    public var customMirror: Mirror {
        Mirror(self, children: ["keyBitCount": keyBitCount], displayStyle: .struct)
    }

    // MARK: Shared with the streaming types

    static func makeIV(_ bytes: some DataProtocol) throws -> AES._CBC.IV {
        guard bytes.count == ivByteCount else {
            throw SecurityError.invalidIVLength("AES-CBC", expected: ivByteCount, actual: bytes.count)
        }
        do {
            return try AES._CBC.IV(ivBytes: Array(bytes))
        } catch {
            throw SecurityError.invalidIVLength("AES-CBC", expected: ivByteCount, actual: bytes.count)
        }
    }

    static func checkAlignment(_ count: Int) throws {
        guard count > 0 else {
            throw SecurityError(.truncatedInput, "AES-CBC ciphertext is empty; it needs at least one block")
        }
        guard count % blockByteCount == 0 else {
            throw SecurityError(
                .alignmentError,
                "AES-CBC ciphertext must be a multiple of \(blockByteCount) bytes, got \(count)"
            )
        }
    }

    /// Decrypts whole blocks without touching padding.
    func decryptWithoutPadding(_ ciphertext: some DataProtocol, iv: AES._CBC.IV) throws -> Data {
        var chainingIV = iv
        var output = Data(capacity: ciphertext.count)
        try Self.cipherBlocks(
            Self.contiguous(ciphertext),
            key: key.symmetricKey,
            iv: &chainingIV,
            encrypting: false,
            into: &output
        )
        return output
    }

    /// Bytes handed to swift-crypto per call. swift-crypto copies its input and allocates its output
    /// on every call; keeping those buffers small lets the allocator reuse warm memory instead of
    /// mapping (and page-faulting) fresh megabytes for every large message.
    static let chunkByteCount = 64 * 1024

    /// Runs CBC over whole blocks, with no padding added or removed, appending to `output` and
    /// leaving in `iv` the chaining value for the blocks that follow.
    static func cipherBlocks(
        _ input: Data,
        key: SymmetricKey,
        iv: inout AES._CBC.IV,
        encrypting: Bool,
        into output: inout Data
    ) throws {
        guard input.count % blockByteCount == 0 else {
            throw SecurityError(.alignmentError, "AES-CBC input must be whole \(blockByteCount)-byte blocks")
        }
        var start = input.startIndex
        while start < input.endIndex {
            let end = min(start + chunkByteCount, input.endIndex)
            let chunk = input[start..<end]
            do {
                if encrypting {
                    let ciphertext = try AES._CBC.encrypt(chunk, using: key, iv: iv, noPadding: true)
                    iv = try makeIV(ciphertext.suffix(blockByteCount))
                    output.append(ciphertext)
                } else {
                    output.append(try AES._CBC.decrypt(chunk, using: key, iv: iv, noPadding: true))
                    iv = try makeIV(chunk.suffix(blockByteCount))
                }
            } catch let error as SecurityError {
                throw error
            } catch {
                throw SecurityError(.invalidParameter, "AES-CBC failed: \(error)")
            }
            start = end
        }
    }

    /// The bytes as `Data`, without copying when they already are.
    static func contiguous(_ bytes: some DataProtocol) -> Data {
        (bytes as? Data) ?? Data(bytes)
    }
}
