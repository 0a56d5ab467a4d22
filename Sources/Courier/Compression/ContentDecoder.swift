import CompressNIO
import NIOCore

/// Decodes one `gzip` or `deflate` body chunk by chunk with compress-nio's zlib, producing output in
/// pieces of at most ``outputChunkSize`` bytes so memory stays flat however large the body is.
///
/// - `gzip` bodies may hold several members (RFC 1952), decoded one after the other.
/// - `deflate` means the zlib format (RFC 1950); servers that send raw deflate (RFC 1951) are understood
///   too, told apart by the zlib header.
/// - A body that ends before its compressed stream does, or carries bytes after it, is an error, never
///   a silently shortened body.
final class ContentDecoder {
    enum Coding: String, Sendable {
        case gzip
        case deflate
    }

    /// The most bytes one output chunk holds.
    static let outputChunkSize = 64 * 1024

    let coding: Coding
    private let limits: DecompressionLimits
    private var decompressor: ZlibDecompressor?
    /// The current compressed stream is complete (zlib reported its end).
    private var streamEnded = false
    private(set) var encodedCount: Int64 = 0
    private(set) var decodedCount: Int64 = 0

    init(coding: Coding, limits: DecompressionLimits) {
        self.coding = coding
        self.limits = limits
    }

    /// Counts compressed bytes received (for the ratio limit).
    func received(_ count: Int) {
        encodedCount += Int64(count)
    }

    /// Decodes from `input` until one output chunk is full or `input` is used up; returns the output
    /// (possibly empty when more input is needed).
    /// - Throws: `cannotDecodeContentData` for corrupt data, `decompressionLimitExceeded` past a limit.
    func decode(_ input: inout ByteBuffer) throws -> ByteBuffer {
        var output = ByteBuffer()
        output.reserveCapacity(Self.outputChunkSize)
        while input.readableBytes > 0, output.writableBytes > 0 {
            if streamEnded {
                // Another gzip member may follow; anything else after the end is garbage.
                let first: UInt8? = input.getInteger(at: input.readerIndex)
                let second: UInt8? = input.readableBytes > 1 ? input.getInteger(at: input.readerIndex + 1) : nil
                guard coding == .gzip, first == 0x1F, second == nil || second == 0x8B else {
                    throw Self.corrupt("it has data after the end of the compressed stream")
                }
                decompressor = nil
                streamEnded = false
            }
            if decompressor == nil { decompressor = try makeDecompressor(peeking: input) }
            guard let decompressor else { break }
            do {
                try decompressor.inflate(from: &input, to: &output)
                // Returning normally with input left means zlib reached the end of the stream.
                if input.readableBytes > 0 { streamEnded = true }
            } catch let error as CompressNIOError where error == .bufferOverflow {
                break
            } catch let error as CompressNIOError where error == .inputBufferOverflow {
                break
            } catch let error as CompressNIOError where error == .corruptData {
                throw Self.corrupt("the \(coding.rawValue) data is corrupt")
            } catch {
                throw Self.corrupt("zlib failed: \(error)")
            }
        }
        decodedCount += Int64(output.readableBytes)
        try checkLimits()
        return output
    }

    /// The body ended: checks that the compressed stream ended too.
    /// - Throws: `cannotDecodeContentData` when the body stops inside the compressed stream.
    func finish() throws {
        guard let decompressor, !streamEnded else { return }
        // zlib answers "stream end" again without consuming anything once the stream is complete; a stream
        // that is not complete takes the probe byte as more data instead (or rejects it).
        var probe = ByteBuffer(bytes: [0])
        var sink = ByteBuffer()
        sink.reserveCapacity(Self.outputChunkSize)
        do {
            try decompressor.inflate(from: &probe, to: &sink)
        } catch {
            throw Self.corrupt("the body ends before the compressed stream does")
        }
        guard probe.readableBytes == 1 else { throw Self.corrupt("the body ends before the compressed stream does") }
        streamEnded = true
    }

    private func makeDecompressor(peeking input: ByteBuffer) throws -> ZlibDecompressor {
        let algorithm: ZlibAlgorithm
        switch coding {
        case .gzip:
            algorithm = .gzip
        case .deflate:
            // A zlib header: compression method 8, window ≤ 32 KiB, and a check value making CMF·256+FLG a
            // multiple of 31. Without one the server sent raw deflate.
            let first: UInt8 = input.getInteger(at: input.readerIndex) ?? 0
            let second: UInt8? = input.readableBytes > 1 ? input.getInteger(at: input.readerIndex + 1) : nil
            var isZlib = first & 0x0F == 8 && first >> 4 <= 7
            if let second, isZlib { isZlib = (UInt16(first) << 8 | UInt16(second)) % 31 == 0 }
            algorithm = isZlib ? .zlib : .deflate
        }
        do {
            return try ZlibDecompressor(algorithm: algorithm, windowSize: 15)
        } catch {
            throw Self.corrupt("zlib could not start: \(error)")
        }
    }

    private func checkLimits() throws {
        if let maximum = limits.maximumDecodedSize, decodedCount > maximum {
            throw CourierError(
                .decompressionLimitExceeded, kind: .payload, outcome: .ambiguous,
                message:
                    "the \(coding.rawValue) response body decodes to more than the limit of \(maximum) bytes (DecompressionLimits.maximumDecodedSize)"
            )
        }
        if let ratio = limits.maximumRatio, decodedCount > limits.ratioGracePeriod,
            Double(decodedCount) > ratio * Double(max(encodedCount, 1))
        {
            throw CourierError(
                .decompressionLimitExceeded, kind: .payload, outcome: .ambiguous,
                message:
                    "the \(coding.rawValue) response body expands more than \(ratio):1 (\(decodedCount) bytes from \(encodedCount)); it looks like a decompression bomb (DecompressionLimits.maximumRatio)"
            )
        }
    }

    static func corrupt(_ why: String) -> CourierError {
        CourierError(
            .cannotDecodeContentData, kind: .payload, outcome: .ambiguous,
            message: "could not decode the compressed response body: \(why)")
    }
}
