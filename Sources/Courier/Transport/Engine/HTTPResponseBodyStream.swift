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

    private let producer: Producer
    private let trailerBox: Trailers

    init(producer: Producer, trailers: Trailers) {
        self.producer = producer
        self.trailerBox = trailers
    }

    /// The trailer fields, once the body has been read to its end (nil before, or when there were none).
    var trailers: HTTPFields? { trailerBox.value }

    /// Iterates the body's chunks; throws `HTTPEngineError` when the connection fails before the end.
    struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate var base: Producer.AsyncIterator

        mutating func next() async throws -> ByteBuffer? {
            try await base.next()
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: producer.makeAsyncIterator())
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
