import NIOCore

import class Courier.ZlibStream

/// Decodes a `gzip` or `deflate` request body as its chunks arrive (with Courier's ``ZlibStream``), stopping
/// as soon as the decoded size passes a limit (a decompression bomb costs the server at most the limit plus
/// one output chunk).
final class RequestBodyInflater {
    enum Coding {
        case gzip
        case deflate
    }

    enum Failure: Error {
        /// Not a valid compressed stream (corrupt, truncated, trailing garbage).
        case malformed(String)
        /// The decoded body would be larger than the limit.
        case tooLarge(limit: Int)
    }

    static let outputChunkSize = 64 * 1024

    let coding: Coding
    let limit: Int
    private let stream: ZlibStream
    private(set) var decodedCount = 0

    init(coding: Coding, limit: Int) {
        self.coding = coding
        self.limit = limit
        self.stream = ZlibStream(gzip: coding == .gzip)
    }

    /// Decodes one chunk of the body, appending the output to `output`.
    func inflate(_ chunk: ByteBuffer, into output: inout ByteBuffer) throws {
        var input = chunk
        // After a full output chunk zlib may hold more output without needing input: drain it.
        var outputWasFull = false
        while input.readableBytes > 0 || outputWasFull {
            var piece = ByteBuffer()
            piece.reserveCapacity(Self.outputChunkSize)
            do {
                outputWasFull = try stream.inflate(from: &input, to: &piece) == .outputFull
            } catch {
                throw malformed(error)
            }
            self.decodedCount += piece.readableBytes
            guard self.decodedCount <= self.limit else { throw Failure.tooLarge(limit: self.limit) }
            output.writeBuffer(&piece)
        }
    }

    /// The body has ended: checks that the compressed stream had ended too.
    func finish() throws {
        do {
            try stream.finish()
        } catch {
            throw malformed(error)
        }
    }

    private func malformed(_ failure: ZlibStream.Failure) -> Failure {
        switch failure {
        case .dataAfterEnd: return .malformed("there are bytes after the end of the compressed stream")
        case .corrupt, .zlibFailed: return .malformed("the \(coding) data is corrupt")
        case .cannotStart(let reason): return .malformed("zlib could not start: \(reason)")
        case .truncated: return .malformed("the body ends inside the compressed stream")
        }
    }
}
