/// The 64-byte block buffering and length padding shared by the hand-written MD4 and SHA-224.
///
/// Both hashes split input into 64-byte blocks and finish with `0x80`, zeros and the message length
/// in bits as a 64-bit integer (little-endian for MD4, big-endian for SHA-224).
struct MerkleDamgardBuffer: Sendable {
    static let blockByteCount = 64

    private(set) var pending: [UInt8] = []
    private(set) var totalByteCount: UInt64 = 0

    init() {
        pending.reserveCapacity(Self.blockByteCount)
    }

    /// Feeds `input` through, calling `compress` for every complete 64-byte block.
    mutating func absorb(_ input: UnsafeRawBufferPointer, compress: (UnsafeRawBufferPointer) -> Void) {
        totalByteCount &+= UInt64(input.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(Self.blockByteCount - pending.count, input.count)
            pending.append(contentsOf: input[0..<take])
            offset = take
            guard pending.count == Self.blockByteCount else { return }
            pending.withUnsafeBytes(compress)
            pending.removeAll(keepingCapacity: true)
        }
        while input.count - offset >= Self.blockByteCount {
            compress(UnsafeRawBufferPointer(rebasing: input[offset..<offset + Self.blockByteCount]))
            offset += Self.blockByteCount
        }
        if offset < input.count {
            pending.append(contentsOf: input[offset...])
        }
    }

    /// Appends the final padding and length, calling `compress` for the last one or two blocks.
    func finish(lengthIsBigEndian: Bool, compress: (UnsafeRawBufferPointer) -> Void) {
        var tail = pending
        tail.append(0x80)
        while tail.count % Self.blockByteCount != Self.blockByteCount - 8 {
            tail.append(0)
        }
        let bitCount = totalByteCount &* 8
        let lengthBytes = lengthIsBigEndian ? bitCount.bigEndian : bitCount.littleEndian
        withUnsafeBytes(of: lengthBytes) { tail.append(contentsOf: $0) }
        tail.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                compress(UnsafeRawBufferPointer(rebasing: buffer[offset..<offset + Self.blockByteCount]))
                offset += Self.blockByteCount
            }
        }
    }
}
