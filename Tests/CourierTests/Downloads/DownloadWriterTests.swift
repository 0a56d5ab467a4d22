import Foundation
import NIOCore
import Synchronization
import Testing

@testable import Courier

@Suite("The download writer", .timeLimit(.minutes(1)))
struct DownloadWriterTests {
    @Test func chunksAreWrittenInOrderAndReportedAfterTheyAreOnDisk() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("file.part")
            let file = try PartialDownloadFile(url: url, budget: nil)
            let reported = Mutex<[Int64]>([])
            // A small limit, so that submitting has to wait for the writer many times.
            let writer = DownloadWriter(file: file, limit: 3_000) { count in
                reported.withLock { $0.append(count) }
            }
            var expected = Data()
            for index in 0..<200 {
                let chunk = Data(repeating: UInt8(index % 251), count: 1_000 + index)
                expected += chunk
                try await writer.submit(ByteBuffer(bytes: chunk))
            }
            try await writer.finish()
            file.closeFile()
            #expect(try Data(contentsOf: url) == expected)
            #expect(reported.withLock { $0 } == (0..<200).map { Int64(1_000 + $0) })
        }
    }

    @Test func aFailedWriteStopsTheWritingAndIsReported() async throws {
        try await withTemporaryDirectory { directory in
            let url = directory.appendingPathComponent("file.part")
            // Room for two and a half chunks of 4 000 bytes.
            let file = try PartialDownloadFile(url: url, budget: CacheWriteBudget(bytes: 10_000))
            let writer = DownloadWriter(file: file, limit: 1 << 20) { _ in }
            var failure: (any Error)?
            do {
                for _ in 0..<10 {
                    try await writer.submit(ByteBuffer(repeating: 0x61, count: 4_000))
                }
                try await writer.finish()
            } catch {
                failure = error
            }
            let courierError = try #require(failure as? CourierError)
            #expect(courierError.code == .cannotWriteToFile)
            file.closeFile()
            // Only whole chunks before the failure are in the file; nothing after it was written.
            #expect(try Data(contentsOf: url).count == 8_000)
            // A later call reports the same failure instead of writing.
            await #expect(throws: CourierError.self) {
                try await writer.submit(ByteBuffer(repeating: 0x62, count: 10))
            }
        }
    }
}
