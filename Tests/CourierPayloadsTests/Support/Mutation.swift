/// Seeded random mutations for the parsers' property tests (truncation, bit flips, inserted markup,
/// deletions, swaps, repeats), so the XML and HTML tests mutate documents the same way.
/// A small seeded generator, so test runs are reproducible.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

enum Mutation {
    /// Applies one random mutation to `bytes`; an empty input becomes one of `fragments`.
    ///
    /// - Parameters:
    ///   - fragments: Markup pieces to insert (or to start from when `bytes` is empty).
    ///   - maximumDeletion: The longest run a deletion removes.
    ///   - maximumRepeat: The longest run a repetition copies.
    static func apply(
        to bytes: inout [UInt8], fragments: [[UInt8]], maximumDeletion: Int, maximumRepeat: Int,
        using generator: inout SplitMix64
    ) {
        guard !bytes.isEmpty else {
            bytes = fragments[Int(generator.next() % UInt64(fragments.count))]
            return
        }
        let index = Int(generator.next() % UInt64(bytes.count))
        switch generator.next() % 6 {
        case 0:
            bytes.removeSubrange(index...)
        case 1:
            bytes[index] ^= UInt8(1) << UInt8(generator.next() % 8)
        case 2:
            let fragment = fragments[Int(generator.next() % UInt64(fragments.count))]
            bytes.insert(contentsOf: fragment, at: index)
        case 3:
            bytes.removeSubrange(index..<min(bytes.count, index + 1 + Int(generator.next() % UInt64(maximumDeletion))))
        case 4:
            let other = Int(generator.next() % UInt64(bytes.count))
            bytes.swapAt(index, other)
        default:
            let length = min(bytes.count - index, 1 + Int(generator.next() % UInt64(maximumRepeat)))
            bytes.insert(contentsOf: bytes[index..<index + length], at: index)
        }
    }
}
