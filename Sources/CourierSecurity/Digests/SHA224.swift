import Crypto

/// SHA-224 (FIPS 180-4), written in Courier because swift-crypto does not offer it.
///
/// SHA-224 is SHA-256 with different initial values and the output cut to 28 bytes. It conforms to
/// swift-crypto's `HashFunction`, so `HMAC<SHA224>` and `HKDF<SHA224>` work as for the built-in
/// digests.
///
/// ```swift
/// SHA224.hash(data: Data("abc".utf8))
/// // 23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7
/// ```
public struct SHA224: HashFunction, MerkleDamgardHashFunction {
    /// SHA-224 works on 64-byte blocks.
    public static let blockByteCount = 64

    /// The digest type, ``SHA224Digest``.
    public typealias Digest = SHA224Digest

    var hasher = MerkleDamgardHasher<Compression>()

    /// Creates a SHA-224 hasher for incremental use.
    public init() {}

    /// SHA-256's rounds with SHA-224's initial state; the digest is the first seven words.
    enum Compression: MerkleDamgardCompression {
        static let initialState: [UInt32] = [
            0xc105_9ed8, 0x367c_d507, 0x3070_dd17, 0xf70e_5939, 0xffc0_0b31, 0x6858_1511, 0x64f9_8fa7, 0xbefa_4fa4,
        ]
        static let isBigEndian = true

        static func digestWords(of state: [UInt32]) -> [UInt32] {
            Array(state.prefix(7))
        }

        private static let roundConstants: [UInt32] = [
            0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
            0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
            0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
            0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
            0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
            0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
            0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
            0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
        ]

        static func compress(_ state: inout [UInt32], _ block: UnsafeRawBufferPointer) {
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                for index in 0..<16 {
                    schedule[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
                }
                for index in 16..<64 {
                    let w15 = schedule[index - 15]
                    let w2 = schedule[index - 2]
                    let sigma0 = rotateRight(w15, 7) ^ rotateRight(w15, 18) ^ (w15 >> 3)
                    let sigma1 = rotateRight(w2, 17) ^ rotateRight(w2, 19) ^ (w2 >> 10)
                    schedule[index] = schedule[index - 16] &+ sigma0 &+ schedule[index - 7] &+ sigma1
                }
                var a = state[0]
                var b = state[1]
                var c = state[2]
                var d = state[3]
                var e = state[4]
                var f = state[5]
                var g = state[6]
                var h = state[7]
                for index in 0..<64 {
                    let bigSigma1 = rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)
                    let choose = (e & f) ^ (~e & g)
                    let temp1 = h &+ bigSigma1 &+ choose &+ roundConstants[index] &+ schedule[index]
                    let bigSigma0 = rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let temp2 = bigSigma0 &+ majority
                    h = g
                    g = f
                    f = e
                    e = d &+ temp1
                    d = c
                    c = b
                    b = a
                    a = temp1 &+ temp2
                }
                state[0] &+= a
                state[1] &+= b
                state[2] &+= c
                state[3] &+= d
                state[4] &+= e
                state[5] &+= f
                state[6] &+= g
                state[7] &+= h
            }
        }

        private static func rotateRight(_ value: UInt32, _ count: UInt32) -> UInt32 {
            (value >> count) | (value << (32 - count))
        }
    }
}
