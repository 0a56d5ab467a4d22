import Crypto

/// A `HashFunction` written in Courier on a ``MerkleDamgardHasher``: `update` and `finalize` come from here,
/// so ``MD4`` and ``SHA224`` keep only their block size and their compression.
protocol MerkleDamgardHashFunction: HashFunction where Digest: HexDescribedDigest {
    /// The hash's own initial state and compression function.
    associatedtype Compression: MerkleDamgardCompression
    /// The buffered input and chaining state.
    var hasher: MerkleDamgardHasher<Compression> { get set }
}

extension MerkleDamgardHashFunction {
    /// Feeds more bytes into the hash.
    public mutating func update(bufferPointer: UnsafeRawBufferPointer) {
        hasher.update(bufferPointer)
    }

    /// Returns the digest of everything fed so far; the hasher itself is left unchanged.
    public func finalize() -> Digest {
        Digest(bytes: hasher.finalize())
    }
}

/// A digest held as its bytes and described as `"<name> digest: <hex>"`, in the style of swift-crypto's
/// digests: the body of ``MD4Digest`` and ``SHA224Digest``.
protocol HexDescribedDigest: Digest {
    /// The hash's name in ``description``, such as `MD4`.
    static var hashName: String { get }
    /// The digest bytes.
    var bytes: [UInt8] { get }
    /// Wraps the bytes a hasher produced.
    init(bytes: [UInt8])
}

extension HexDescribedDigest {
    /// Calls `body` with the digest bytes.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try bytes.withUnsafeBytes(body)
    }

    /// `"<name> digest: <hex>"`, in the style of swift-crypto's digests.
    public var description: String {
        "\(Self.hashName) digest: \(Hex.encode(bytes))"
    }
}
