import Crypto
import CryptoExtras
import Foundation

/// Encrypts a large input with AES-CBC/PKCS#7 piece by piece, producing the same bytes as
/// ``AESCBC/encrypt(_:iv:)`` over the whole input.
///
/// Feed chunks of any size to ``update(_:)``, which returns the ciphertext of every complete block
/// so far; ``finalize()`` pads the rest and returns the last block(s).
///
/// ```swift
/// var encryptor = try AESCBC(key: key).makeEncryptor()
/// output.write(encryptor.iv)
/// for chunk in chunks { output.write(try encryptor.update(chunk)) }
/// output.write(try encryptor.finalize())
/// ```
public struct AESCBCEncryptor: Sendable, CustomStringConvertible, CustomReflectable {
    /// The IV the ciphertext starts from; send it with the ciphertext.
    public let iv: Data

    private let key: SymmetricKey
    private var chainingIV: AES._CBC.IV
    private var pending = Data()
    private var isFinished = false

    /// Creates an encryptor.
    ///
    /// - Parameters:
    ///   - key: A 16-, 24- or 32-byte key.
    ///   - iv: A 16-byte IV, or nil for a random one.
    /// - Throws: ``SecurityError/Code/invalidKeyLength``, ``SecurityError/Code/invalidIVLength``.
    public init(key: SecretKey, iv: Data? = nil) throws {
        try key.require(byteCounts: AESCBC.keyByteCounts, for: "AES")
        let iv = iv ?? SecureRandom.bytes(count: AESCBC.ivByteCount)
        self.chainingIV = try AESCBC.makeIV(iv)
        self.iv = iv
        self.key = key.symmetricKey
    }

    /// Feeds plaintext; returns the ciphertext of the whole blocks now available (possibly empty).
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` after ``finalize()``.
    public mutating func update(_ plaintext: some DataProtocol) throws -> Data {
        guard !isFinished else {
            throw SecurityError(.invalidParameter, "the AES-CBC encryptor was already finalized")
        }
        var input = AESCBC.contiguous(plaintext)
        var output = Data(capacity: pending.count + input.count)
        if !pending.isEmpty {
            let take = min(AESCBC.blockByteCount - pending.count, input.count)
            pending.append(input.prefix(take))
            input = input.dropFirst(take)
            guard pending.count == AESCBC.blockByteCount else { return output }
            try AESCBC.cipherBlocks(pending, key: key, iv: &chainingIV, encrypting: true, into: &output)
            pending.removeAll(keepingCapacity: true)
        }
        let wholeByteCount = input.count - input.count % AESCBC.blockByteCount
        try AESCBC.cipherBlocks(
            input.prefix(wholeByteCount), key: key, iv: &chainingIV, encrypting: true, into: &output)
        pending.append(input.dropFirst(wholeByteCount))
        return output
    }

    /// Pads what is left and returns the final ciphertext block(s).
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` when called twice.
    public mutating func finalize() throws -> Data {
        guard !isFinished else {
            throw SecurityError(.invalidParameter, "the AES-CBC encryptor was already finalized")
        }
        isFinished = true
        pending.append(contentsOf: PKCS7.padding(forByteCount: pending.count))
        var output = Data(capacity: pending.count)
        try AESCBC.cipherBlocks(pending, key: key, iv: &chainingIV, encrypting: true, into: &output)
        pending = Data()
        return output
    }

    /// `"AESCBCEncryptor(key redacted)"`.
    public var description: String {
        "AESCBCEncryptor(key redacted)"
    }

    /// A mirror without the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["iv": Hex.encode(iv), "isFinished": isFinished], displayStyle: .struct)
    }
}
