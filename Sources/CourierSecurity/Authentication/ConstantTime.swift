import Foundation

/// Comparisons whose running time does not depend on where two secrets differ.
///
/// Use it whenever a value computed from a secret (a MAC, a token, a password hash) is compared with
/// one that came from outside, so an attacker cannot learn the correct value byte by byte from
/// response times.
public enum ConstantTime {
    /// Whether two byte sequences are equal, examining every byte when the lengths match.
    ///
    /// The lengths themselves are compared directly: for MACs and digests they are public.
    public static func isEqual(_ lhs: some DataProtocol, _ rhs: some DataProtocol) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(lhs, rhs) {
            difference |= left ^ right
        }
        return difference == 0
    }

    /// Whether two strings have the same UTF-8 bytes, compared in constant time.
    public static func isEqual(_ lhs: String, _ rhs: String) -> Bool {
        isEqual(Array(lhs.utf8), Array(rhs.utf8))
    }
}
