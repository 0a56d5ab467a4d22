import CourierTestSupport
import NIOCore
import Testing

@testable import CourierSampleServer

/// The reliability harness's fuzzer for the sample back end's streaming multipart parser (run by hand, not part
/// of `swift test`'s work): mutated `multipart/form-data` bodies, fed whole and cut into small chunks, since a
/// delimiter split across two reads is where a streaming parser goes wrong. Figures go to docs/RELIABILITY.md:
///
///     COURIER_RELIABILITY=1000000 swift test --filter MultipartFuzzTests
@Suite(
    "Reliability: multipart fuzzing", .ownThread,
    .enabled(if: MutationFuzzer.configuredCount > 0, "set COURIER_RELIABILITY=N to run"))
struct MultipartFuzzTests {
    static let boundary = "----CourierBoundary7MA4YWxkTrZu0gW"

    static let samples: [[UInt8]] = [
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"title\"\r\n\r\nKids Shoes\r\n"
            + "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"shoe.png\"\r\n"
            + "Content-Type: image/png\r\n\r\n\u{89}PNG\r\n\u{1A}\n0000\r\n--\(boundary)--\r\n",
        "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename*=UTF-8''caf%C3%A9.txt\r\n\r\n"
            + "caf\u{E9} --\(boundary) is not a delimiter without CRLF\r\n--\(boundary)--\r\n",
        "preamble\r\n--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n--\(boundary)--\r\nepilogue",
    ].map { Array($0.utf8) }

    @Test func multipartFormData() {
        var fuzzer = MutationFuzzer(seed: 41)
        let report = fuzzer.run("multipart/form-data", samples: Self.samples, count: MutationFuzzer.configuredCount) {
            bytes in
            // In 7-byte chunks (a delimiter split across reads), then whole; each ends in events or an error,
            // never a trap or a loop. The whole feed decides whether the input counts as rejected.
            _ = try? Self.parse(bytes, chunkSize: 7)
            try Self.parse(bytes, chunkSize: bytes.count)
        }
        print("reliability: \(report) — peak RSS \(Int(MutationFuzzer.peakResidentMiB())) MiB")
        #expect(report.overOneSecond == 0)
        #expect(MutationFuzzer.peakResidentMiB() < 256)
    }

    /// Feeds `bytes` in chunks of `chunkSize` and finishes; returns the number of events.
    @discardableResult
    static func parse(_ bytes: [UInt8], chunkSize: Int) throws -> Int {
        var parser = MultipartStreamParser(boundary: boundary)
        var offset = 0
        var events = 0
        while offset < bytes.count {
            let end = min(offset + max(chunkSize, 1), bytes.count)
            events += try parser.feed(ByteBuffer(bytes: bytes[offset..<end])).count
            offset = end
        }
        try parser.finish()
        return events
    }
}
