import HTTPTypes
import NIOCore
import Synchronization

/// A response body as it arrives from the connection, with backpressure: while the reader does not ask for
/// more, the connection stops reading from the socket. Only one reader may iterate it. Dropping it before the
/// end closes the HTTP/1.1 connection or resets the HTTP/2 stream.
struct HTTPResponseBodyStream: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    typealias Producer = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark,
        HTTPExchangeHandler.BodyDelegate
    >

    /// Holds the trailers the body ended with.
    final class Trailers: Sendable {
        private let fields = Mutex<HTTPFields?>(nil)

        var value: HTTPFields? { fields.withLock { $0 } }

        func set(_ value: HTTPFields) { fields.withLock { $0 = value } }
    }

    private enum Storage: Sendable {
        /// Arriving from the connection, with backpressure.
        case producer(Producer)
        /// All there is, already read: a response whose head and end came in one read needs no producer (its
        /// locks, allocations and hops); `failure` ends it when the connection failed after the head.
        case buffered([ByteBuffer], failure: HTTPEngineError?)
    }

    private let storage: Storage
    private let trailerBox: Trailers
    /// Ends a read in progress (and the exchange) from outside the reading task, for a reader whose cancellation is
    /// a ``CancellationScope``; nil for a buffered body, whose reads never wait.
    let stopReading: (@Sendable () -> Void)?

    init(producer: Producer, trailers: Trailers, stopReading: @escaping @Sendable () -> Void) {
        self.storage = .producer(producer)
        self.trailerBox = trailers
        self.stopReading = stopReading
    }

    /// A body that has arrived whole (or up to `failure`, which reading it then throws).
    init(buffered parts: [ByteBuffer], failure: HTTPEngineError? = nil, trailers: Trailers) {
        self.storage = .buffered(parts, failure: failure)
        self.trailerBox = trailers
        self.stopReading = nil
    }

    /// The trailer fields, once the body has been read to its end (nil before, or when there were none).
    var trailers: HTTPFields? { trailerBox.value }

    /// Iterates the body's chunks; throws `HTTPEngineError` when the connection fails before the end.
    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate enum Base {
            case producer(Producer.AsyncIterator)
            case buffered(IndexingIterator<[ByteBuffer]>, failure: HTTPEngineError?)
        }

        fileprivate var base: Base

        mutating func next() async throws -> ByteBuffer? {
            switch base {
            case .producer(let iterator):
                return try await iterator.next()
            case .buffered(var parts, let failure):
                if let part = parts.next() {
                    base = .buffered(parts, failure: failure)
                    return part
                }
                base = .buffered(parts, failure: nil)
                if let failure { throw failure }
                return nil
            }
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        switch storage {
        case .producer(let producer): AsyncIterator(base: .producer(producer.makeAsyncIterator()))
        case .buffered(let parts, let failure): AsyncIterator(base: .buffered(parts.makeIterator(), failure: failure))
        }
    }
}

extension HTTPResponseBodyStream {
    /// Reads the whole body into one buffer, failing when it grows beyond `maximumBytes`.
    func collect(upTo maximumBytes: Int) async throws -> ByteBuffer {
        var collected = ByteBuffer()
        for try await var chunk in self {
            guard collected.readableBytes + chunk.readableBytes <= maximumBytes else {
                throw HTTPEngineError(.malformedResponse, "the response body is larger than \(maximumBytes) bytes")
            }
            collected.writeBuffer(&chunk)
        }
        return collected
    }
}
