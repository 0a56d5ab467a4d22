import Crypto
import CryptoExtras
import Foundation

/// What ``AESCBCEncryptor`` and ``AESCBCDecryptor`` keep between calls: the key, the chaining value, the bytes
/// that do not make a block to cipher yet, and whether the stream was finalized.
struct AESCBCChain: Sendable {
    private let key: SymmetricKey
    private let encrypting: Bool
    private var chainingIV: AES._CBC.IV
    /// Input not ciphered yet: less than a block (encryption) or the held-back last block (decryption).
    var pending = Data()
    private(set) var isFinished = false

    /// Creates a chain for a 16-, 24- or 32-byte key, starting from `iv`.
    ///
    /// - Throws: ``SecurityError/Code/invalidKeyLength``, ``SecurityError/Code/invalidIVLength``.
    init(key: SecretKey, iv: Data, encrypting: Bool) throws {
        try key.require(byteCounts: AESCBC.keyByteCounts, for: "AES")
        self.chainingIV = try AESCBC.makeIV(iv)
        self.key = key.symmetricKey
        self.encrypting = encrypting
    }

    /// Checks that the stream was not finalized; with `finishing`, finalizes it.
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` after finalizing.
    mutating func checkNotFinished(finishing: Bool = false) throws {
        guard !isFinished else {
            throw SecurityError(
                .invalidParameter, "the AES-CBC \(encrypting ? "encryptor" : "decryptor") was already finalized")
        }
        isFinished = finishing
    }

    /// Moves bytes from the front of `input` to ``pending`` until it holds a whole block or `input` is empty.
    mutating func fillPendingBlock(from input: inout Data) {
        let take = min(AESCBC.blockByteCount - pending.count, input.count)
        pending.append(input.prefix(take))
        input = input.dropFirst(take)
    }

    /// Ciphers `blocks` (whole blocks) onto the chain, appending the result to `output`.
    mutating func cipher(_ blocks: Data, into output: inout Data) throws {
        try AESCBC.cipherBlocks(blocks, key: key, iv: &chainingIV, encrypting: encrypting, into: &output)
    }

    /// Ciphers ``pending`` (whole blocks) onto the chain, appending the result to `output`, and empties it.
    mutating func cipherPending(into output: inout Data) throws {
        try cipher(pending, into: &output)
        pending.removeAll(keepingCapacity: true)
    }
}
