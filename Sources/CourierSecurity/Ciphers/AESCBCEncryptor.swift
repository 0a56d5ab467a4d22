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

    private var chain: AESCBCChain

    /// Creates an encryptor.
    ///
    /// - Parameters:
    ///   - key: A 16-, 24- or 32-byte key.
    ///   - iv: A 16-byte IV, or nil for a random one.
    /// - Throws: ``SecurityError/Code/invalidKeyLength``, ``SecurityError/Code/invalidIVLength``.
    public init(key: SecretKey, iv: Data? = nil) throws {
        let iv = iv ?? SecureRandom.bytes(count: AESCBC.ivByteCount)
        self.chain = try AESCBCChain(key: key, iv: iv, encrypting: true)
        self.iv = iv
    }

    /// Feeds plaintext; returns the ciphertext of the whole blocks now available (possibly empty).
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` after ``finalize()``.
    public mutating func update(_ plaintext: some DataProtocol) throws -> Data {
        try chain.checkNotFinished()
        var input = AESCBC.contiguous(plaintext)
        var output = Data(capacity: chain.pending.count + input.count)
        if !chain.pending.isEmpty {
            chain.fillPendingBlock(from: &input)
            guard chain.pending.count == AESCBC.blockByteCount else { return output }
            try chain.cipherPending(into: &output)
        }
        let wholeByteCount = input.count - input.count % AESCBC.blockByteCount
        try chain.cipher(input.prefix(wholeByteCount), into: &output)
        chain.pending.append(input.dropFirst(wholeByteCount))
        return output
    }

    /// Pads what is left and returns the final ciphertext block(s).
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` when called twice.
    public mutating func finalize() throws -> Data {
        try chain.checkNotFinished(finishing: true)
        chain.pending.append(contentsOf: PKCS7.padding(forByteCount: chain.pending.count))
        var output = Data(capacity: chain.pending.count)
        try chain.cipherPending(into: &output)
        return output
    }

    /// `"AESCBCEncryptor(key redacted)"`.
    public var description: String {
        "AESCBCEncryptor(key redacted)"
    }

    /// A mirror without the key.
    public var customMirror: Mirror {
        Mirror(self, children: ["iv": Hex.encode(iv), "isFinished": chain.isFinished], displayStyle: .struct)
    }
}
