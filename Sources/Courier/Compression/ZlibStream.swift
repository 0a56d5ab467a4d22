import CompressNIO
import NIOCore

/// One `gzip` or `deflate` body decoded with compress-nio's zlib, for the response decoder and the sample
/// server's request bodies (`package`: not part of Courier's API).
///
/// - `gzip` bodies may hold several members (RFC 1952), decoded one after the other.
/// - `deflate` means the zlib format (RFC 1950); raw deflate (RFC 1951), which some peers send, is told
///   apart by its missing zlib header.
/// - Anything but another gzip member after the end of the compressed stream, or a body that stops inside
///   it, is a ``Failure``.
package final class ZlibStream {
    /// What went wrong; each user words it for its own errors.
    package enum Failure: Error, Equatable {
        /// Bytes that are not another gzip member follow the end of the compressed stream.
        case dataAfterEnd
        /// zlib found the data corrupt.
        case corrupt
        /// zlib failed otherwise.
        case zlibFailed(String)
        /// zlib could not be started.
        case cannotStart(String)
        /// The body ended inside the compressed stream.
        case truncated
    }

    /// Why ``inflate(from:to:)`` returned.
    package enum Progress: Equatable {
        /// zlib inflated what it could; with input left, it reached the end of the compressed stream.
        case inflated
        /// `output` filled up: zlib may hold more output, even with `input` used up, for another call with a
        /// fresh `output`.
        case outputFull
        /// zlib used up `input` and wants more.
        case inputUsed
    }

    private let isGzip: Bool
    private var decompressor: ZlibDecompressor?
    /// The current compressed stream is complete (zlib reported its end).
    private var streamEnded = false

    /// A decoder for `gzip` (`true`) or `deflate` (`false`).
    package init(gzip: Bool) {
        self.isGzip = gzip
    }

    /// Inflates from `input` into `output` until one of them runs out or the compressed stream ends,
    /// starting a new gzip member where one follows the end of a stream.
    package func inflate(from input: inout ByteBuffer, to output: inout ByteBuffer) throws(Failure) -> Progress {
        if streamEnded {
            let first: UInt8? = input.getInteger(at: input.readerIndex)
            let second: UInt8? = input.readableBytes > 1 ? input.getInteger(at: input.readerIndex + 1) : nil
            guard isGzip, first == 0x1F, second == nil || second == 0x8B else { throw .dataAfterEnd }
            decompressor = nil
            streamEnded = false
        }
        let decompressor: ZlibDecompressor
        if let current = self.decompressor {
            decompressor = current
        } else {
            decompressor = try start(peeking: input)
            self.decompressor = decompressor
        }
        do {
            try decompressor.inflate(from: &input, to: &output)
            // Returning normally with input left means zlib reached the end of the stream.
            if input.readableBytes > 0 { streamEnded = true }
            return .inflated
        } catch let error as CompressNIOError where error == .bufferOverflow {
            return .outputFull
        } catch let error as CompressNIOError where error == .inputBufferOverflow {
            return .inputUsed
        } catch let error as CompressNIOError where error == .corruptData {
            throw .corrupt
        } catch {
            throw .zlibFailed("\(error)")
        }
    }

    /// The body ended: checks that the compressed stream ended too.
    package func finish() throws(Failure) {
        guard let decompressor, !streamEnded else { return }
        // zlib answers "stream end" again without consuming anything once the stream is complete; a stream
        // that is not complete takes the probe byte as more data instead (or rejects it).
        var probe = ByteBuffer(bytes: [0])
        var sink = ByteBuffer()
        sink.reserveCapacity(64 * 1024)
        do {
            try decompressor.inflate(from: &probe, to: &sink)
        } catch {
            throw .truncated
        }
        guard probe.readableBytes == 1 else { throw .truncated }
        streamEnded = true
    }

    private func start(peeking input: ByteBuffer) throws(Failure) -> ZlibDecompressor {
        var algorithm = ZlibAlgorithm.gzip
        if !isGzip {
            // A zlib header: compression method 8, window ≤ 32 KiB, and a check value making CMF·256+FLG a
            // multiple of 31. Without one the peer sent raw deflate.
            let first: UInt8 = input.getInteger(at: input.readerIndex) ?? 0
            let second: UInt8? = input.readableBytes > 1 ? input.getInteger(at: input.readerIndex + 1) : nil
            var isZlib = first & 0x0F == 8 && first >> 4 <= 7
            if let second, isZlib { isZlib = (UInt16(first) << 8 | UInt16(second)) % 31 == 0 }
            algorithm = isZlib ? .zlib : .deflate
        }
        do {
            return try ZlibDecompressor(algorithm: algorithm, windowSize: 15)
        } catch {
            throw .cannotStart("\(error)")
        }
    }
}
