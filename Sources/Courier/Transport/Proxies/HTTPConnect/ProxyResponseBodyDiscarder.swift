import NIOCore

/// Reads and drops the body of a proxy's 407 answer (Content-Length or chunked, RFC 9112 §7.1), so the next
/// `CONNECT` can go on the same connection. Bounded: a body longer than the limit, or a chunk-size or trailer line
/// longer than its limit, is an error rather than a long wait.
struct ProxyResponseBodyDiscarder: Sendable {
    private enum State: Sendable {
        case fixed(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
        case done
    }

    private var state: State
    private var discardedBytes = 0
    private var trailerBytes = 0
    /// The most body bytes to drop before giving up.
    let maximumBodyBytes: Int
    /// The most bytes a chunk-size line or all trailer lines together may take.
    let maximumLineBytes: Int

    /// Creates a discarder for a body of a known framing; `.none` and `.untilClose` are not discardable here (the
    /// caller handles them) and start as already done.
    init(framing: ProxyResponseHeadParser.BodyFraming, maximumBodyBytes: Int, maximumLineBytes: Int) {
        switch framing {
        case .contentLength(let length): state = length == 0 ? .done : .fixed(remaining: length)
        case .chunked: state = .chunkSize
        case .none, .untilClose: state = .done
        }
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumLineBytes = maximumLineBytes
    }

    /// Whether the whole body has been read.
    var isDone: Bool {
        if case .done = state { return true }
        return false
    }

    /// Drops body bytes from the front of `buffer`; returns true once the body is complete, leaving any bytes after
    /// it in the buffer.
    /// - Throws: `.responseTooLarge` past ``maximumBodyBytes``, `.malformedResponse` for broken chunked framing.
    mutating func discard(_ buffer: inout ByteBuffer) throws(ProxyTunnelError.Kind) -> Bool {
        // Each pass consumes at least one byte or returns, and the buffer is finite, so the loop ends.
        while true {
            switch state {
            case .done:
                return true
            case .fixed(let remaining):
                let count = try drop(min(remaining, buffer.readableBytes), from: &buffer)
                state = remaining == count ? .done : .fixed(remaining: remaining - count)
                if remaining != count { return false }
            case .chunkSize:
                guard let line = try readLine(&buffer, limit: maximumLineBytes) else { return false }
                let sizeText = line.prefix {
                    $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t")
                }
                guard !sizeText.isEmpty, sizeText.count <= 15,
                    let size = Int(String(decoding: sizeText, as: UTF8.self), radix: 16),
                    size >= 0
                else {
                    throw .malformedResponse(
                        detail: "invalid chunk size line: \(ProxyResponseHeadParser.sanitized(line))")
                }
                state = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let count = try drop(min(remaining, buffer.readableBytes), from: &buffer)
                if remaining != count {
                    state = .chunkData(remaining: remaining - count)
                    return false
                }
                state = .chunkDataEnd
            case .chunkDataEnd:
                // The chunk's data must be followed by CRLF (or a bare LF) at once.
                guard let first = buffer.getInteger(at: buffer.readerIndex, as: UInt8.self) else { return false }
                if first == UInt8(ascii: "\r") {
                    guard let second = buffer.getInteger(at: buffer.readerIndex + 1, as: UInt8.self) else {
                        return false
                    }
                    guard second == UInt8(ascii: "\n") else {
                        throw .malformedResponse(detail: "a chunk is longer than its declared size")
                    }
                    buffer.moveReaderIndex(forwardBy: 2)
                } else if first == UInt8(ascii: "\n") {
                    buffer.moveReaderIndex(forwardBy: 1)
                } else {
                    throw .malformedResponse(detail: "a chunk is longer than its declared size")
                }
                state = .chunkSize
            case .trailers:
                guard let line = try readLine(&buffer, limit: maximumLineBytes - trailerBytes) else { return false }
                trailerBytes += line.count + 2
                if line.isEmpty { state = .done }
            }
        }
    }

    private mutating func drop(_ count: Int, from buffer: inout ByteBuffer) throws(ProxyTunnelError.Kind) -> Int {
        discardedBytes += count
        guard discardedBytes <= maximumBodyBytes else {
            throw .responseTooLarge(limit: maximumBodyBytes)
        }
        buffer.moveReaderIndex(forwardBy: count)
        return count
    }

    /// Reads a line ending in LF (with an optional CR before it), without the line ending; nil when incomplete.
    private func readLine(_ buffer: inout ByteBuffer, limit: Int) throws(ProxyTunnelError.Kind) -> [UInt8]? {
        let view = buffer.readableBytesView
        guard let newline = view.firstIndex(of: UInt8(ascii: "\n")) else {
            if view.count > max(limit, 0) {
                throw .malformedResponse(detail: "a chunked framing line is longer than \(max(limit, 0)) bytes")
            }
            return nil
        }
        var line = Array(view[view.startIndex..<newline])
        guard line.count <= max(limit, 0) else {
            throw .malformedResponse(detail: "a chunked framing line is longer than \(max(limit, 0)) bytes")
        }
        buffer.moveReaderIndex(forwardBy: line.count + 1)
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return line
    }
}
