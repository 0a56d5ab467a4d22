import Crypto

/// MD4 (RFC 1320), written in Courier because swift-crypto does not offer it.
///
/// MD4 is broken and must not protect anything new. It exists for NTLM, whose NT hash is
/// `MD4(UTF-16LE(password))`. It conforms to swift-crypto's `HashFunction`, so `HMAC<MD4>` and the
/// `hash(data:)` helpers work as for the built-in digests.
///
/// ```swift
/// let digest = MD4.hash(data: Data("abc".utf8))   // a448017aaf21d8525fc10ae87aa6729d
/// ```
public struct MD4: HashFunction, MerkleDamgardHashFunction {
    /// MD4 works on 64-byte blocks.
    public static let blockByteCount = 64

    /// The digest type, ``MD4Digest``.
    public typealias Digest = MD4Digest

    var hasher = MerkleDamgardHasher<Compression>()

    /// Creates an MD4 hasher for incremental use.
    public init() {}

    /// MD4's initial state and rounds (RFC 1320, section 3).
    enum Compression: MerkleDamgardCompression {
        static let initialState: (UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xefcd_ab89, 0x98ba_dcfe, 0x1032_5476)
        static let isBigEndian = false

        static func digestWords(of state: (UInt32, UInt32, UInt32, UInt32)) -> [UInt32] {
            [state.0, state.1, state.2, state.3]
        }

        static func compress(_ state: inout (UInt32, UInt32, UInt32, UInt32), _ block: UnsafeRawBufferPointer) {
            var x = [UInt32](repeating: 0, count: 16)
            for index in 0..<16 {
                x[index] = UInt32(littleEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            var (a, b, c, d) = state

            func round1(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ k: Int, _ s: UInt32) {
                a = rotateLeft(a &+ ((b & c) | (~b & d)) &+ x[k], s)
            }
            func round2(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ k: Int, _ s: UInt32) {
                a = rotateLeft(a &+ ((b & c) | (b & d) | (c & d)) &+ x[k] &+ 0x5a82_7999, s)
            }
            func round3(_ a: inout UInt32, _ b: UInt32, _ c: UInt32, _ d: UInt32, _ k: Int, _ s: UInt32) {
                a = rotateLeft(a &+ (b ^ c ^ d) &+ x[k] &+ 0x6ed9_eba1, s)
            }

            for k in stride(from: 0, to: 16, by: 4) {
                round1(&a, b, c, d, k, 3)
                round1(&d, a, b, c, k + 1, 7)
                round1(&c, d, a, b, k + 2, 11)
                round1(&b, c, d, a, k + 3, 19)
            }
            for k in 0..<4 {
                round2(&a, b, c, d, k, 3)
                round2(&d, a, b, c, k + 4, 5)
                round2(&c, d, a, b, k + 8, 9)
                round2(&b, c, d, a, k + 12, 13)
            }
            for k in [0, 2, 1, 3] {
                round3(&a, b, c, d, k, 3)
                round3(&d, a, b, c, k + 8, 9)
                round3(&c, d, a, b, k + 4, 11)
                round3(&b, c, d, a, k + 12, 15)
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d)
        }

        private static func rotateLeft(_ value: UInt32, _ count: UInt32) -> UInt32 {
            (value << count) | (value >> (32 - count))
        }
    }
}
