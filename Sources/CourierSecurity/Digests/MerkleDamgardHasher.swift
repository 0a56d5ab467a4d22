/// A hash's own part, around the block buffering and padding that MD4 and SHA-224 share: its initial
/// state, its compression function, its byte order, and which words of the final state are the digest.
protocol MerkleDamgardCompression {
    /// The chaining state the compression function updates.
    associatedtype State: Sendable
    /// The state before any input.
    static var initialState: State { get }
    /// Whether message words, digest words and the length that ends the padding are big-endian (SHA-2)
    /// or little-endian (MD4).
    static var isBigEndian: Bool { get }
    /// Mixes one 64-byte block into `state`.
    static func compress(_ state: inout State, _ block: UnsafeRawBufferPointer)
    /// The words of the final state that make the digest, in order.
    static func digestWords(of state: State) -> [UInt32]
}

/// The incremental hasher of a ``MerkleDamgardCompression``: the body of `update` and `finalize` for the
/// hand-written hashes.
struct MerkleDamgardHasher<Compression: MerkleDamgardCompression>: Sendable {
    private var state = Compression.initialState
    private var buffer = MerkleDamgardBuffer()

    /// Feeds more bytes in, compressing each complete block.
    mutating func update(_ input: UnsafeRawBufferPointer) {
        var state = self.state
        buffer.absorb(input) { Compression.compress(&state, $0) }
        self.state = state
    }

    /// The digest of everything fed so far; the hasher itself is left unchanged.
    func finalize() -> [UInt8] {
        var state = self.state
        buffer.finish(lengthIsBigEndian: Compression.isBigEndian) { Compression.compress(&state, $0) }
        let words = Compression.digestWords(of: state)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.count * 4)
        for word in words {
            withUnsafeBytes(of: Compression.isBigEndian ? word.bigEndian : word.littleEndian) {
                bytes.append(contentsOf: $0)
            }
        }
        return bytes
    }
}
