import CourierTestSupport
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// Helpers shared by the CourierTests suites. Keep one copy of each here.

/// A small deterministic generator (SplitMix64) for property-style tests.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    init(state: UInt64) { self.state = state }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs `body` with a new empty temporary directory and removes it afterwards.
func withTemporaryDirectory<Result>(_ body: (URL) async throws -> Result) async throws -> Result {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
        "courier-test-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try await body(directory)
}

/// `sha256sum`'s hex answer for a file, computed outside the test process (hashing tens of MiB here would
/// hold a thread of the cooperative pool).
func sha256(of file: URL) throws -> String {
    let output = try TestProcess.run("/usr/bin/env", ["sha256sum", file.path]).output
    return output.split(separator: " ").first.map(String.init) ?? ""
}

/// A TCP socket bound to a free loopback port without listening, and the port: connections to it are
/// refused, and unlike a closed server's port it cannot be taken by another test's server meanwhile. Close
/// the descriptor when done.
func boundButNotListening() throws -> (Int32, Int) {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EMFILE) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard bound == 0, named == 0 else {
        close(descriptor)
        throw POSIXError(.EADDRINUSE)
    }
    return (descriptor, Int(UInt16(bigEndian: address.sin_port)))
}
