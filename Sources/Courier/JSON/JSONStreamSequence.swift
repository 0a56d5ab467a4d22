import Foundation
import NIOCore

/// Values decoded one by one from a JSON body as it streams: the lines of JSON Lines
/// (``ResponseBody/jsonLines(_:decoder:maximumLineLength:)``) or the elements of a top-level array
/// (``ResponseBody/jsonArrayElements(_:decoder:maximumElementSize:)``).
///
/// Only the element in progress is held in memory, never the whole body, so a response of millions of
/// records decodes in bounded memory. Iteration throws ``CourierError``:
/// - `cannotParseResponse` (kind `.payload`) for text that is not JSON Lines or not an array, a
///   truncated body, or an element that does not decode (the decoder's error is the `underlyingError`);
/// - `dataLengthExceedsMaximum` (kind `.payload`) when one element is larger than the limit;
/// - the body's own errors, unchanged.
public struct JSONStreamSequence<Element: Decodable & Sendable>: AsyncSequence, Sendable {
    /// Iteration throws ``CourierError``, as described above.
    public typealias Failure = any Error

    enum Framing: Sendable {
        case lines
        case arrayElements
    }

    let body: ResponseBody
    let framing: Framing
    let decoder: JSONDecoder
    let maximumElementSize: Int

    /// Returns the iterator; the body can be read once, so make only one.
    public func makeAsyncIterator() -> Iterator {
        Iterator(
            chunks: body.makeAsyncIterator(), framing: framing, decoder: decoder,
            maximumElementSize: maximumElementSize)
    }

    /// Reads chunks until the next element is complete, then decodes it.
    public struct Iterator: AsyncIteratorProtocol {
        var chunks: ResponseBody.AsyncIterator
        let decoder: JSONDecoder
        var lines: JSONLinesScanner?
        var array: JSONArrayScanner?
        var pending: [[UInt8]] = []
        var nextIndex = 0
        var finished = false

        init(chunks: ResponseBody.AsyncIterator, framing: Framing, decoder: JSONDecoder, maximumElementSize: Int) {
            self.chunks = chunks
            self.decoder = decoder
            switch framing {
            case .lines: lines = JSONLinesScanner(maximumLineLength: maximumElementSize)
            case .arrayElements: array = JSONArrayScanner(maximumElementSize: maximumElementSize)
            }
        }

        /// Returns the next decoded element, or `nil` at the end of the body.
        public mutating func next() async throws -> Element? {
            while nextIndex == pending.count {
                if finished { return nil }
                pending.removeAll(keepingCapacity: true)
                nextIndex = 0
                var found: [[UInt8]] = []
                do {
                    if let chunk = try await chunks.next() {
                        // Raw bytes rather than the buffer's view: the same in release, much faster unspecialized.
                        try chunk.withUnsafeReadableBytes { bytes in
                            try lines?.feed(bytes) { found.append($0) }
                            try array?.feed(bytes) { found.append($0) }
                        }
                    } else {
                        finished = true
                        try lines?.finish { found.append($0) }
                        try array?.finish()
                    }
                } catch let error as JSONError {
                    finished = true
                    throw Self.courierError(for: error)
                }
                pending = found
            }
            let bytes = pending[nextIndex]
            nextIndex += 1
            do {
                return try decoder.decode(Element.self, from: Data(bytes))
            } catch {
                finished = true
                pending.removeAll()
                nextIndex = 0
                throw CourierError(
                    .cannotParseResponse, kind: .payload,
                    message: "could not decode \(Element.self) from a streamed JSON element: \(error)",
                    underlyingError: error)
            }
        }

        static func courierError(for error: JSONError) -> CourierError {
            if error.code == .elementTooLarge {
                return CourierError(
                    .dataLengthExceedsMaximum, kind: .payload, message: error.message, underlyingError: error)
            }
            return CourierError(
                .cannotParseResponse, kind: .payload, message: "the streamed JSON is malformed: \(error)",
                underlyingError: error)
        }
    }
}

extension ResponseBody {
    /// Decodes JSON Lines (one value per line; blank lines skipped) while the body streams.
    ///
    /// ```swift
    /// let response = try await session.bytes(for: request)
    /// for try await event in response.stream.jsonLines(LogEvent.self) { handle(event) }
    /// ```
    /// - Parameter maximumLineLength: the longest line accepted, in bytes (1 MiB by default).
    public func jsonLines<T: Decodable & Sendable>(
        _ type: T.Type, decoder: JSONDecoder = JSONDecoder(), maximumLineLength: Int = 1 << 20
    ) -> JSONStreamSequence<T> {
        JSONStreamSequence(body: self, framing: .lines, decoder: decoder, maximumElementSize: maximumLineLength)
    }

    /// Decodes the elements of a top-level JSON array one by one while the body streams, without
    /// holding the whole array.
    ///
    /// ```swift
    /// for try await record in response.stream.jsonArrayElements(Record.self) { try store(record) }
    /// ```
    /// - Parameter maximumElementSize: the largest element accepted, in bytes (1 MiB by default).
    public func jsonArrayElements<T: Decodable & Sendable>(
        _ type: T.Type, decoder: JSONDecoder = JSONDecoder(), maximumElementSize: Int = 1 << 20
    ) -> JSONStreamSequence<T> {
        JSONStreamSequence(
            body: self, framing: .arrayElements, decoder: decoder, maximumElementSize: maximumElementSize)
    }
}
