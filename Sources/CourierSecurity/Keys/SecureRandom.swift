import Foundation

/// Cryptographically secure random bytes from the operating system (`getrandom(2)` on Linux,
/// `arc4random_buf` on Apple platforms), the counterpart of the book's `SecRandomCopyBytes`.
///
/// ```swift
/// let iv = SecureRandom.bytes(count: 16)
/// let salt = SecureRandom.bytes(count: 16)
/// ```
public enum SecureRandom {
    /// Returns `count` random bytes (none when `count` is zero or negative).
    public static func bytes(count: Int) -> Data {
        guard count > 0 else { return Data() }
        var generator = SystemRandomNumberGenerator()
        var output = Data(count: count)
        output.withUnsafeMutableBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let word = generator.next()
                let take = min(8, buffer.count - offset)
                withUnsafeBytes(of: word) { wordBytes in
                    for index in 0..<take {
                        buffer[offset + index] = wordBytes[index]
                    }
                }
                offset += take
            }
        }
        return output
    }
}
