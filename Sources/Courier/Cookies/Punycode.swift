/// Punycode (RFC 3492) for internationalized host names: `bücher` becomes `xn--bcher-kva`.
///
/// URLs give Courier hosts in their ASCII form already (`URL.host` applies IDNA), but the Public Suffix
/// List and `Domain` attributes may be written in Unicode; both are brought to the ASCII form with this
/// before they are compared. Only the encoding is done here, not IDNA's full mapping (the list's entries
/// are already lower-case and normalized).
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 128

    /// A domain name in ASCII form: labels with non-ASCII characters become `xn--…`, the rest is
    /// lower-cased. `nil` when a label cannot be encoded (it would overflow).
    static func asciiDomain(_ domain: some StringProtocol) -> String? {
        if domain.utf8.allSatisfy({ $0 < 0x80 }) { return domain.lowercased() }
        var labels: [String] = []
        for label in domain.split(separator: ".", omittingEmptySubsequences: false) {
            if label.utf8.allSatisfy({ $0 < 0x80 }) {
                labels.append(label.lowercased())
            } else {
                guard let encoded = encode(label.lowercased()) else { return nil }
                labels.append("xn--" + encoded)
            }
        }
        return labels.joined(separator: ".")
    }

    /// The Punycode encoding of one label (without the `xn--` prefix), or `nil` on overflow.
    static func encode(_ label: String) -> String? {
        let input = label.unicodeScalars.map { Int($0.value) }
        var output = String(String.UnicodeScalarView(label.unicodeScalars.filter { $0.value < 0x80 }))
        let basicCount = output.unicodeScalars.count
        if basicCount > 0 { output.append("-") }
        var handled = basicCount
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < input.count {
            guard let next = input.filter({ $0 >= n }).min() else { return nil }
            let (step, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - step else { return nil }
            delta += step
            n = next
            for scalar in input {
                if scalar < n {
                    delta += 1
                    guard delta <= Int(Int32.max) else { return nil }
                }
                guard scalar == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.unicodeScalars.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.unicodeScalars.append(digit(q))
                bias = adapt(delta: delta, count: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return output
    }

    private static func digit(_ value: Int) -> Unicode.Scalar {
        // 0–25 are a–z, 26–35 are 0–9; `value` is always in 0..<36 here.
        let code = value < 26 ? 0x61 + value : 0x30 + value - 26
        return Unicode.Scalar(UInt8(truncatingIfNeeded: code))
    }

    private static func adapt(delta: Int, count: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + ((base - tMin + 1) * delta) / (delta + skew)
    }
}
