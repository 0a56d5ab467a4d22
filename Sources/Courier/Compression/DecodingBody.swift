import NIOCore

/// A compressed response body decoded as it streams: each compressed chunk is inflated into output
/// chunks of at most 64 KiB, and the body fails at the first limit crossed or corrupt byte.
struct DecodingBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let base: ResponseBody
    let coding: ContentDecoder.Coding
    let limits: DecompressionLimits
    /// Called once the body is decoded to its end, with the compressed and decoded byte counts.
    let onFinish: @Sendable (_ encoded: Int64, _ decoded: Int64) -> Void

    func makeAsyncIterator() -> Iterator {
        Iterator(
            base: base.makeAsyncIterator(), decoder: ContentDecoder(coding: coding, limits: limits), onFinish: onFinish)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: ResponseBody.AsyncIterator
        let decoder: ContentDecoder
        let onFinish: @Sendable (Int64, Int64) -> Void
        var pending = ByteBuffer()
        var done = false

        mutating func next() async throws -> ByteBuffer? {
            guard !done else { return nil }
            while true {
                if pending.readableBytes > 0 {
                    let before = pending.readableBytes
                    let output = try decoder.decode(&pending)
                    if output.readableBytes > 0 { return output }
                    if pending.readableBytes == before {
                        done = true
                        throw ContentDecoder.corrupt("zlib made no progress on the \(decoder.coding.rawValue) data")
                    }
                    continue
                }
                guard let chunk = try await base.next() else {
                    done = true
                    try decoder.finish()
                    onFinish(decoder.encodedCount, decoder.decodedCount)
                    return nil
                }
                decoder.received(chunk.readableBytes)
                pending = chunk
            }
        }
    }
}
