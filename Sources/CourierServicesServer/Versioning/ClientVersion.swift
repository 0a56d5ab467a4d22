/// A client's dotted version, such as `1.3` or `2.0.1`: up to four whole numbers, compared part by part
/// with missing parts as zero (`2` == `2.0` == `2.0.0`).
///
/// ```swift
/// ClientVersion("1.3")! < ClientVersion(2, 0)    // true
/// ClientVersion("one.two")                      // nil
/// ```
public struct ClientVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The parts, most significant first, without trailing zeros beyond the first.
    public let components: [Int]

    /// A version from its parts (negative parts count as zero; only the first four are kept).
    public init(_ components: Int...) {
        self.init(components: components)
    }

    /// A version from its parts (negative parts count as zero; only the first four are kept).
    public init(components: [Int]) {
        var parts = components.prefix(4).map { max(0, $0) }
        if parts.isEmpty { parts = [0] }
        while parts.count > 1, parts.last == 0 { parts.removeLast() }
        self.components = parts
    }

    /// Reads `1`, `1.3`, `1.3.2` or `1.3.2.7`; `nil` for anything else (letters, empty parts, signs, more
    /// than four parts, a part above 999 999 999).
    public init?(_ text: some StringProtocol) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard (1...9).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(part)
            else { return nil }
            numbers.append(number)
        }
        self.init(components: numbers)
    }

    /// Compares part by part as numbers, a missing part counting as 0 (`1.3` < `1.10`, `2` == `2.0`).
    public static func < (lhs: ClientVersion, rhs: ClientVersion) -> Bool {
        let count = max(lhs.components.count, rhs.components.count)
        for position in 0..<count {
            let left = position < lhs.components.count ? lhs.components[position] : 0
            let right = position < rhs.components.count ? rhs.components[position] : 0
            if left != right { return left < right }
        }
        return false
    }

    /// "1.3" (at least two parts: `2` reads "2.0").
    public var description: String {
        (self.components.count == 1 ? self.components + [0] : self.components).map(String.init).joined(separator: ".")
    }
}
