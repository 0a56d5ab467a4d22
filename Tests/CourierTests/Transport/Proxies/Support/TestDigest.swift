import Foundation

/// Just enough HTTP Digest (RFC 7616, MD5, qop=auth) to answer squid's `digest_file_auth` in interop tests; Courier's
/// own `DigestAuthenticator` does this in the product.
enum TestDigest {
    /// The `Proxy-Authorization` value for a `Digest` challenge to `CONNECT authority`.
    static func answer(challenge: String, method: String, uri: String, user: String, password: String) -> String? {
        guard challenge.lowercased().hasPrefix("digest ") else { return nil }
        let parameters = parse(String(challenge.dropFirst(7)))
        guard let realm = parameters["realm"], let nonce = parameters["nonce"] else { return nil }
        let cnonce = "0a4f113b"
        let count = "00000001"
        let ha1 = hex(md5(Array("\(user):\(realm):\(password)".utf8)))
        let ha2 = hex(md5(Array("\(method):\(uri)".utf8)))
        let response = hex(md5(Array("\(ha1):\(nonce):\(count):\(cnonce):auth:\(ha2)".utf8)))
        return "Digest username=\"\(user)\", realm=\"\(realm)\", nonce=\"\(nonce)\", uri=\"\(uri)\", "
            + "qop=auth, nc=\(count), cnonce=\"\(cnonce)\", response=\"\(response)\", algorithm=MD5"
    }

    private static func parse(_ text: String) -> [String: String] {
        var result: [String: String] = [:]
        var rest = Substring(text)
        while let equals = rest.firstIndex(of: "=") {
            let key = rest[..<equals].trimmingCharacters(in: CharacterSet(charactersIn: " ,")).lowercased()
            rest = rest[rest.index(after: equals)...]
            let value: Substring
            if rest.first == "\"" {
                rest = rest.dropFirst()
                let end = rest.firstIndex(of: "\"") ?? rest.endIndex
                value = rest[..<end]
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : ""
            } else {
                let end = rest.firstIndex(of: ",") ?? rest.endIndex
                value = rest[..<end]
                rest = rest[end...]
            }
            result[key] = String(value)
        }
        return result
    }

    private static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }

    /// MD5 (RFC 1321).
    static func md5(_ message: [UInt8]) -> [UInt8] {
        let shifts: [UInt32] = [
            7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9,
            14, 20, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15,
            21, 6, 10, 15, 21,
        ]
        let constants: [UInt32] = (0..<64).map { index in
            UInt32(truncatingIfNeeded: Int64(abs(sin(Double(index + 1))) * 4_294_967_296))
        }
        var a0: UInt32 = 0x6745_2301
        var b0: UInt32 = 0xefcd_ab89
        var c0: UInt32 = 0x98ba_dcfe
        var d0: UInt32 = 0x1032_5476
        var padded = message + [0x80]
        while padded.count % 64 != 56 { padded.append(0) }
        let bitLength = UInt64(message.count) &* 8
        for shift in stride(from: 0, to: 64, by: 8) { padded.append(UInt8(truncatingIfNeeded: bitLength >> shift)) }
        for chunk in stride(from: 0, to: padded.count, by: 64) {
            let words: [UInt32] = (0..<16).map { index in
                let base = chunk + index * 4
                return UInt32(padded[base]) | UInt32(padded[base + 1]) << 8 | UInt32(padded[base + 2]) << 16
                    | UInt32(padded[base + 3]) << 24
            }
            var (a, b, c, d) = (a0, b0, c0, d0)
            for index in 0..<64 {
                var f: UInt32
                let g: Int
                switch index {
                case 0..<16:
                    f = (b & c) | (~b & d)
                    g = index
                case 16..<32:
                    f = (d & b) | (~d & c)
                    g = (5 * index + 1) % 16
                case 32..<48:
                    f = b ^ c ^ d
                    g = (3 * index + 5) % 16
                default:
                    f = c ^ (b | ~d)
                    g = (7 * index) % 16
                }
                f = f &+ a &+ constants[index] &+ words[g]
                a = d
                d = c
                c = b
                b = b &+ (f << shifts[index] | f >> (32 - shifts[index]))
            }
            a0 = a0 &+ a
            b0 = b0 &+ b
            c0 = c0 &+ c
            d0 = d0 &+ d
        }
        return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
    }
}
