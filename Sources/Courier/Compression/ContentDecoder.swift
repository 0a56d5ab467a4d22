import NIOCore

/// Decodes one `gzip` or `deflate` response body chunk by chunk (with ``ZlibStream``), producing output in
/// pieces of at most ``outputChunkSize`` bytes so memory stays flat however large the body is, within the
/// session's ``DecompressionLimits``.
///
/// A body that ends before its compressed stream does, or carries bytes after it, is an error, never a
/// silently shortened body.
final class ContentDecoder {
    enum Coding: String, Sendable {
        case gzip
        case deflate
    }

    /// The most bytes one output chunk holds.
    static let outputChunkSize = 64 * 1024

    let coding: Coding
    private let limits: DecompressionLimits
    private let stream: ZlibStream
    private(set) var encodedCount: Int64 = 0
    private(set) var decodedCount: Int64 = 0

    init(coding: Coding, limits: DecompressionLimits) {
        self.coding = coding
        self.limits = limits
        self.stream = ZlibStream(gzip: coding == .gzip)
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
            let progress: ZlibStream.Progress
            do {
                progress = try stream.inflate(from: &input, to: &output)
            } catch {
                throw corrupt(error)
            }
            if progress != .inflated { break }
        }
        decodedCount += Int64(output.readableBytes)
        try checkLimits()
        return output
    }

    /// The body ended: checks that the compressed stream ended too.
    /// - Throws: `cannotDecodeContentData` when the body stops inside the compressed stream.
    func finish() throws {
        do {
            try stream.finish()
        } catch {
            throw corrupt(error)
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

    private func corrupt(_ failure: ZlibStream.Failure) -> CourierError {
        switch failure {
        case .dataAfterEnd: return Self.corrupt("it has data after the end of the compressed stream")
        case .corrupt: return Self.corrupt("the \(coding.rawValue) data is corrupt")
        case .zlibFailed(let reason): return Self.corrupt("zlib failed: \(reason)")
        case .cannotStart(let reason): return Self.corrupt("zlib could not start: \(reason)")
        case .truncated: return Self.corrupt("the body ends before the compressed stream does")
        }
    }
}
