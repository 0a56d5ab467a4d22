import Foundation
import Testing

@testable import Courier

@Suite("CacheFile")
struct CacheFileTests {
    /// zlib's CRC-32 (ISO-HDLC): the catalogue's check value, and a checksum continued across pieces equals
    /// the checksum of the whole, as the disk tier computes it while a body streams in.
    @Test func crc32IsZlibsAndContinuesAcrossPieces() {
        #expect(CacheFile.crc32(Data("123456789".utf8)) == 0xCBF4_3926)
        #expect(CacheFile.crc32(Data()) == 0)
        let whole = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let pieces = [whole[..<1], whole[1..<40_000], whole[40_000...]]
        let continued = pieces.reduce(UInt32(0)) { crc, piece in piece.withUnsafeBytes { CacheFile.crc32(crc, $0) } }
        #expect(continued == CacheFile.crc32(whole))
    }
}
