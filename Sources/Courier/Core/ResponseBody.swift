import Foundation
import NIOCore
import NIOFoundationCompat

/// A response body that arrives as a stream of byte chunks.
///
/// Chunks are `ByteBuffer`s straight from the network (no copies); they follow no protocol
/// boundary. A body can be iterated once.
///
/// ```swift
/// let response = try await session.bytes(for: request)
/// for try await chunk in response.stream {
///     file.write(contentsOf: chunk.readableBytesView)
/// }
/// ```
public struct ResponseBody: AsyncSequence, Sendable {
    /// Each element is one chunk of the body as it arrived (a `ByteBuffer`, without copying).
    public typealias Element = ByteBuffer
    /// Iteration throws what the transport reports (a ``CourierError`` such as `networkConnectionLost`).
    public typealias Failure = any Error

    let makeIterator: @Sendable () -> AsyncIterator

    /// Wraps any sequence of byte buffers.
    public init<Base: AsyncSequence & Sendable>(_ base: Base) where Base.Element == ByteBuffer {
        self.makeIterator = { AsyncIterator(box: IteratorBox(base.makeAsyncIterator())) }
    }

    /// A body made of the given chunks.
    public init(chunks: [ByteBuffer]) {
        self.init(ChunkSequence(chunks: chunks))
    }

    /// A body with the given bytes, in one chunk.
    public init(data: Data) {
        self.init(chunks: data.isEmpty ? [] : [ByteBuffer(data: data)])
    }

    /// An empty body.
    public static let empty = ResponseBody(chunks: [])

    /// Returns an iterator over the chunks. A streamed body can be iterated once.
    public func makeAsyncIterator() -> AsyncIterator { makeIterator() }

    /// Iterates the chunks of the body.
    public struct AsyncIterator: AsyncIteratorProtocol {
        /// Each element is one chunk of the body.
        public typealias Element = ByteBuffer
        let box: any ByteBufferIterating

        /// Returns the next chunk, or `nil` at the end of the body; throws when the body failed.
        public mutating func next() async throws -> ByteBuffer? {
            try await box.next()
        }
    }

    /// Collects the whole body into memory.
    /// - Throws: `dataLengthExceedsMaximum` when the body is longer than `maximumLength`.
    public func collect(upTo maximumLength: Int = .max) async throws -> Data {
        var collected = ByteBuffer()
        for try await chunk in self {
            guard collected.readableBytes + chunk.readableBytes <= maximumLength else {
                throw CourierError(
                    .dataLengthExceedsMaximum,
                    outcome: .ambiguous,
                    message: "the response body is longer than the limit of \(maximumLength) bytes"
                )
            }
            if collected.readableBytes == 0 {
                collected = chunk
            } else {
                var chunk = chunk
                collected.writeBuffer(&chunk)
            }
        }
        return Data(buffer: collected, byteTransferStrategy: .noCopy)
    }

    /// The body's chunks as `Data`.
    public var dataChunks: AsyncMapSequence<ResponseBody, Data> {
        self.map { Data(buffer: $0, byteTransferStrategy: .noCopy) }
    }

    /// The body byte by byte (lines: `response.stream.bytes.lines` needs Foundation's `AsyncLineSequence`,
    /// so use ``lines`` instead).
    public var bytes: AsyncFlatMapSequence<ResponseBody, ByteBufferBytes> {
        self.flatMap { ByteBufferBytes(buffer: $0) }
    }

    /// The body split into UTF-8 lines (LF or CRLF endings, the ending removed), streaming.
    public var lines: LineSequence { LineSequence(body: self) }

    /// Splits a body into lines as it streams.
    public struct LineSequence: AsyncSequence, Sendable {
        /// Each element is one line, without its line break.
        public typealias Element = String
        let body: ResponseBody

        /// Returns an iterator over the lines.
        public func makeAsyncIterator() -> Iterator { Iterator(chunks: body.makeAsyncIterator()) }

        /// Reads chunks and yields complete lines.
        public struct Iterator: AsyncIteratorProtocol {
            var chunks: ResponseBody.AsyncIterator
            var pending: [UInt8] = []
            var finished = false

            /// Returns the next line (the last one even without a final line break), or `nil` at the end.
            public mutating func next() async throws -> String? {
                while true {
                    if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                        var line = pending[..<newline]
                        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                        let text = String(decoding: line, as: UTF8.self)
                        pending.removeSubrange(...newline)
                        return text
                    }
                    if finished {
                        if pending.isEmpty { return nil }
                        let text = String(decoding: pending, as: UTF8.self)
                        pending.removeAll()
                        return text
                    }
                    if let chunk = try await chunks.next() {
                        pending.append(contentsOf: chunk.readableBytesView)
                    } else {
                        finished = true
                    }
                }
            }
        }
    }
}

/// The bytes of one `ByteBuffer` as an async sequence (used to flatten a body into bytes).
public struct ByteBufferBytes: AsyncSequence, Sendable {
    /// Each element is one byte.
    public typealias Element = UInt8
    let buffer: ByteBuffer

    /// Returns an iterator over the buffer's readable bytes.
    public func makeAsyncIterator() -> Iterator { Iterator(view: buffer.readableBytesView) }

    /// Steps through the buffer's bytes.
    public struct Iterator: AsyncIteratorProtocol {
        var view: ByteBufferView
        var index: ByteBufferView.Index? = nil

        init(view: ByteBufferView) {
            self.view = view
            self.index = view.startIndex
        }

        /// Returns the next byte, or `nil` after the last.
        public mutating func next() async -> UInt8? {
            guard let current = index, current < view.endIndex else { return nil }
            index = view.index(after: current)
            return view[current]
        }
    }
}

/// A type-erased iterator of byte buffers (a class, so the erased iterator keeps its position).
protocol ByteBufferIterating: AnyObject {
    func next() async throws -> ByteBuffer?
}

final class IteratorBox<Base: AsyncIteratorProtocol>: ByteBufferIterating where Base.Element == ByteBuffer {
    var base: Base
    init(_ base: Base) { self.base = base }
    func next() async throws -> ByteBuffer? { try await base.next() }
}

struct ChunkSequence: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let chunks: [ByteBuffer]

    func makeAsyncIterator() -> Iterator { Iterator(chunks: chunks) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: [ByteBuffer]
        var index = 0
        mutating func next() async -> ByteBuffer? {
            guard index < chunks.count else { return nil }
            defer { index += 1 }
            return chunks[index]
        }
    }
}
