import Foundation
import Testing

@testable import CourierSecurity

@Suite("KeyRing")
struct KeyRingTests {
    @Test("finds keys by version and lists the current one first, then newest to oldest")
    func lookup() throws {
        let ring = try KeyRing(
            current: VersionedKey(identifier: "banking", version: 3, key: SecretKey.random()),
            previous: [
                VersionedKey(identifier: "banking", version: 1, key: SecretKey.random()),
                VersionedKey(identifier: "banking", version: 2, key: SecretKey.random()),
            ]
        )
        #expect(ring.key(version: 2)?.version == 2)
        #expect(ring.key(version: 9) == nil)
        #expect(ring.keysNewestFirst.map(\.version) == [3, 2, 1])
        #expect(String(describing: ring) == "KeyRing(current v3, previous [v1, v2], redacted)")
    }

    @Test("refuses two keys with one version")
    func duplicateVersions() {
        let error = securityError {
            _ = try KeyRing(
                current: VersionedKey(version: 1, key: SecretKey.random()),
                previous: [VersionedKey(version: 1, key: SecretKey.random())]
            )
        }
        #expect(error?.code == .invalidParameter)
    }
}
