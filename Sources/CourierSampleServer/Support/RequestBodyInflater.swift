import CompressNIO
import NIOCore

/// Decodes a `gzip` or `deflate` request body as its chunks arrive, stopping as soon as the decoded size
/// passes a limit (a decompression bomb costs the server at most the limit plus one output chunk).
///
/// `gzip` may hold several members (RFC 1952). `deflate` is the zlib format (RFC 1950); raw deflate
/// (RFC 1951), which some clients send, is recognised by its missing zlib header. A body that stops inside
/// the compressed stream, or carries anything but another gzip member after it, is malformed.
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
    private var decompressor: ZlibDecompressor?
    private var streamEnded = false
    private(set) var decodedCount = 0

    init(coding: Coding, limit: Int) {
        self.coding = coding
        self.limit = limit
    }

    /// Decodes one chunk of the body, appending the output to `output`.
    func inflate(_ chunk: ByteBuffer, into output: inout ByteBuffer) throws {
        var input = chunk
        // After a full output chunk zlib may hold more output without needing input: drain it.
        var outputWasFull = false
        while input.readableBytes > 0 || outputWasFull {
            if self.streamEnded {
                let first: UInt8? = input.getInteger(at: input.readerIndex)
                let second: UInt8? = input.getInteger(at: input.readerIndex + 1)
                guard self.coding == .gzip, first == 0x1F, second == nil || second == 0x8B else {
                    throw Failure.malformed("there are bytes after the end of the compressed stream")
                }
                self.decompressor = nil
                self.streamEnded = false
            }
            let decompressor = try self.decompressor ?? self.start(peeking: input)
            self.decompressor = decompressor
            var piece = ByteBuffer()
            piece.reserveCapacity(Self.outputChunkSize)
            outputWasFull = false
            do {
                try decompressor.inflate(from: &input, to: &piece)
                // A normal return with input left over means zlib reached the end of the stream.
                if input.readableBytes > 0 { self.streamEnded = true }
            } catch let error as CompressNIOError where error == .bufferOverflow {
                outputWasFull = true
            } catch let error as CompressNIOError where error == .inputBufferOverflow {
                // Everything was consumed; the next chunk continues the stream.
            } catch {
                throw Failure.malformed("the \(self.coding) data is corrupt")
            }
            self.decodedCount += piece.readableBytes
            guard self.decodedCount <= self.limit else { throw Failure.tooLarge(limit: self.limit) }
            output.writeBuffer(&piece)
        }
    }

    /// The body has ended: checks that the compressed stream had ended too.
    func finish() throws {
        guard let decompressor, !self.streamEnded else { return }
        // Once a stream is complete zlib consumes nothing more; an unfinished one takes the probe byte.
        var probe = ByteBuffer(bytes: [0])
        var sink = ByteBuffer()
        sink.reserveCapacity(Self.outputChunkSize)
        do {
            try decompressor.inflate(from: &probe, to: &sink)
        } catch {
            throw Failure.malformed("the body ends inside the compressed stream")
        }
        guard probe.readableBytes == 1 else { throw Failure.malformed("the body ends inside the compressed stream") }
        self.streamEnded = true
    }

    private func start(peeking input: ByteBuffer) throws -> ZlibDecompressor {
        let algorithm: ZlibAlgorithm
        switch self.coding {
        case .gzip:
            algorithm = .gzip
        case .deflate:
            // zlib header: method 8 in the low nibble, window ≤ 32 KiB, (CMF << 8 | FLG) divisible by 31.
            let cmf: UInt8 = input.getInteger(at: input.readerIndex) ?? 0
            let flg: UInt8? = input.getInteger(at: input.readerIndex + 1)
            var hasZlibHeader = cmf & 0x0F == 8 && cmf >> 4 <= 7
            if hasZlibHeader, let flg { hasZlibHeader = (UInt16(cmf) << 8 | UInt16(flg)) % 31 == 0 }
            algorithm = hasZlibHeader ? .zlib : .deflate
        }
        do {
            return try ZlibDecompressor(algorithm: algorithm, windowSize: 15)
        } catch {
            throw Failure.malformed("zlib could not start: \(error)")
        }
    }
}
