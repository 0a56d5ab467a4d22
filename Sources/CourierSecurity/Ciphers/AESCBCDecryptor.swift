import Crypto
import CryptoExtras
import Foundation

/// Decrypts a large AES-CBC/PKCS#7 input piece by piece.
///
/// ``update(_:)`` returns plaintext for every block except the last one seen, which is held back
/// until ``finalize()`` checks and removes the padding. Plaintext returned before ``finalize()``
/// has not been authenticated: verify a MAC over IV and ciphertext first (encrypt-then-MAC) when
/// the input comes from outside, or use ``AESGCMCipher``.
///
/// ```swift
/// var decryptor = try AESCBC(key: key).makeDecryptor(iv: iv)
/// for chunk in chunks { output.write(try decryptor.update(chunk)) }
/// output.write(try decryptor.finalize())   // throws decodeError for bad padding
/// ```
public struct AESCBCDecryptor: Sendable, CustomStringConvertible, CustomReflectable {
    private var chain: AESCBCChain
    private var receivedByteCount = 0

    /// Creates a decryptor.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength``, ``SecurityError/Code/invalidIVLength``.
    public init(key: SecretKey, iv: Data) throws {
        self.chain = try AESCBCChain(key: key, iv: iv, encrypting: false)
    }

    /// Feeds ciphertext; returns plaintext for the blocks that are certainly not the last one.
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` after ``finalize()``.
    public mutating func update(_ ciphertext: some DataProtocol) throws -> Data {
        try chain.checkNotFinished()
        var input = AESCBC.contiguous(ciphertext)
        receivedByteCount += input.count
        var output = Data(capacity: input.count + AESCBC.blockByteCount)
        // Complete the held-back block first.
        chain.fillPendingBlock(from: &input)
        // The held-back block is not the last one if more input follows it.
        guard !input.isEmpty else { return output }
        if chain.pending.count == AESCBC.blockByteCount {
            try chain.cipherPending(into: &output)
        }
        // Release whole blocks but keep 1 to 16 bytes back: the final block carries the padding.
        let releasable = (input.count - 1) / AESCBC.blockByteCount * AESCBC.blockByteCount
        try chain.cipher(input.prefix(releasable), into: &output)
        chain.pending.append(input.dropFirst(releasable))
        return output
    }

    /// Decrypts the last block, checks and removes the padding, and returns the rest of the plaintext.
    ///
    /// - Throws: ``SecurityError/Code/truncatedInput`` when no ciphertext was fed,
    ///   ``SecurityError/Code/alignmentError`` when the total was not a multiple of 16,
    ///   ``SecurityError/Code/decodeError`` for bad padding, ``SecurityError/Code/invalidParameter``
    ///   when called twice.
    public mutating func finalize() throws -> Data {
        try chain.checkNotFinished(finishing: true)
        try AESCBC.checkAlignment(receivedByteCount)
        var padded = Data(capacity: AESCBC.blockByteCount)
        try chain.cipherPending(into: &padded)
        guard let count = PKCS7.unpaddedByteCount(of: padded) else {
            throw SecurityError(.decodeError, "AES-CBC padding is invalid; the key or IV is probably wrong")
        }
        return padded.prefix(count)
    }

    /// `"AESCBCDecryptor(key redacted)"`.
    public var description: String {
        "AESCBCDecryptor(key redacted)"
    }

    /// A mirror without the key.
    public var customMirror: Mirror {
        Mirror(
            self, children: ["receivedByteCount": receivedByteCount, "isFinished": chain.isFinished],
            displayStyle: .struct)
    }
}
