import Foundation
import Testing

@testable import CourierSecurity

/// Bytes from hex written in test tables; a malformed literal fails the test that uses it.
func bytes(_ hex: String) throws -> Data {
    try Hex.decode(hex.filter { !$0.isWhitespace })
}

/// Runs `body` and returns the `SecurityError` it throws, recording an issue if it throws anything
/// else or nothing.
@discardableResult
func securityError(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> SecurityError? {
    do {
        try body()
        Issue.record("expected a SecurityError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as SecurityError {
        return error
    } catch {
        Issue.record("expected a SecurityError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Runs `body` and returns the status of the `SecureStoreError` it throws.
@discardableResult
func storeStatus(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> SecureStoreStatus? {
    do {
        try body()
        Issue.record("expected a SecureStoreError, nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as SecureStoreError {
        return error.status
    } catch {
        Issue.record("expected a SecureStoreError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// A fresh private directory under the system temporary directory, removed by ``remove()``.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-security-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(
            at: url,
            withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700]
        )
    }

    var path: String { url.path }

    func file(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// SplitMix64: a tiny deterministic generator so randomized tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9e37_79b9_7f4a_7c15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xbf58_476d_1ce4_e5b9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94d0_49bb_1331_11eb
        return mixed ^ (mixed >> 31)
    }

    /// `count` bytes, eight from each draw (byte by byte took seconds for megabytes in a debug build).
    mutating func bytes(_ count: Int) -> Data {
        var data = Data(count: max(0, count))
        data.withUnsafeMutableBytes { buffer in
            var word: UInt64 = 0
            for index in buffer.indices {
                if index % 8 == 0 { word = next() }
                buffer[index] = UInt8(truncatingIfNeeded: word >> (8 * UInt64(index % 8)))
            }
        }
        return data
    }
}

/// Everything `dump` prints for a value.
func dumped(_ value: Any) -> String {
    var output = ""
    dump(value, to: &output)
    return output
}
