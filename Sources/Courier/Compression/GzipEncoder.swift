import CompressNIO
import Foundation
import NIOCore
import NIOFoundationCompat

/// Gzip for request bodies with compress-nio's zlib, as the book's client does it: default level, gzip
/// wrapper (window bits 15 + 16), and streaming — each input chunk is compressed as it comes, so a body
/// of any size is never held in memory whole.
final class GzipEncoder {
    private let compressor: ZlibCompressor

    /// - Throws: `unknown` when zlib cannot start (out of memory).
    init() throws {
        do {
            compressor = try ZlibCompressor(algorithm: .gzip, configuration: ZlibConfiguration())
        } catch {
            throw CourierError(
                .unknown, outcome: .notSent, message: "could not start gzip compression: \(error)",
                underlyingError: error)
        }
    }

    /// Compresses one chunk; returns whatever compressed output zlib has ready (often little or nothing
    /// until enough input has been seen).
    func compress(_ chunk: ByteBuffer) throws -> ByteBuffer {
        var input = chunk
        var output = ByteBuffer()
        while input.readableBytes > 0 {
            output.reserveCapacity(minimumWritableBytes: max(4096, input.readableBytes / 2 + 64))
            let before = input.readableBytes
            do {
                try compressor.deflate(from: &input, to: &output, flush: .no)
            } catch let error as CompressNIOError where error == .bufferOverflow {
                // The output was full; make room and go on.
            }
            if input.readableBytes == before, output.writableBytes > 0 {
                throw CourierError(.unknown, outcome: .notSent, message: "gzip compression made no progress")
            }
        }
        return output
    }

    /// Ends the stream; returns the remaining output and the gzip trailer.
    func finish() throws -> ByteBuffer {
        var output = ByteBuffer()
        while true {
            output.reserveCapacity(minimumWritableBytes: 4096)
            var empty = ByteBuffer()
            do {
                try compressor.deflate(from: &empty, to: &output, flush: .finish)
                return output
            } catch let error as CompressNIOError where error == .bufferOverflow {
                continue
            }
        }
    }

    /// Compresses bytes held in memory at once.
    static func compress(_ data: Data) throws -> Data {
        let encoder = try GzipEncoder()
        var result = try encoder.compress(ByteBuffer(data: data))
        var tail = try encoder.finish()
        result.writeBuffer(&tail)
        return Data(buffer: result, byteTransferStrategy: .noCopy)
    }
}

/// A request body stream gzipped chunk by chunk (`RequestBody.Stream` of the compressed bytes).
struct GzipStream: AsyncSequence, Sendable {
    typealias Element = Data
    let base: any AsyncSequence<ByteBuffer, any Error> & Sendable

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

    struct Iterator: AsyncIteratorProtocol {
        var base: any AsyncIteratorProtocol<ByteBuffer, any Error>
        var encoder: GzipEncoder?
        var finished = false

        mutating func next() async throws -> Data? {
            guard !finished else { return nil }
            if encoder == nil { encoder = try GzipEncoder() }
            guard let encoder else { return nil }
            while let chunk = try await base.next() {
                let output = try encoder.compress(chunk)
                if output.readableBytes > 0 { return Data(buffer: output, byteTransferStrategy: .noCopy) }
            }
            finished = true
            return Data(buffer: try encoder.finish(), byteTransferStrategy: .noCopy)
        }
    }
}
