import Foundation
import Testing

@testable import CourierSecurity

@Suite("ConstantTime")
struct ConstantTimeTests {
    @Test("equal only for identical bytes of equal length")
    func equality() {
        #expect(ConstantTime.isEqual(Data([1, 2, 3]), [1, 2, 3] as [UInt8]))
        #expect(!ConstantTime.isEqual(Data([1, 2, 3]), Data([1, 2, 4])))
        #expect(!ConstantTime.isEqual(Data([1, 2, 3]), Data([1, 2])))
        #expect(ConstantTime.isEqual(Data(), Data()))
        #expect(ConstantTime.isEqual("token", "token"))
        #expect(!ConstantTime.isEqual("token", "tokeN"))
    }
}
