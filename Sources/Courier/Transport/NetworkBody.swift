import Foundation
import NIOCore
import Synchronization

/// A response body from the network: feeds the watchdog, counts bytes into the metrics, maps
/// errors, and refuses a body that ends before its `Content-Length`.
struct NetworkBody<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    typealias Element = ByteBuffer
    let base: Base
    let context: TaskContext
    let transactionIndex: Int
    let request: Request
    let expectedLength: Int64?
    let counter: UploadCounter
    /// Ends a read in progress from outside the reading task (see ``HTTPResponseBodyStream/stopReading``): used when
    /// the task runs in its caller's task and its ``TaskContext/cancellation`` is cancelled.
    let stopReading: (@Sendable () -> Void)?
    /// The network stream can be read once; a second reader gets an error instead of a trap.
    let taken = OnceFlag()

    init(
        base: Base, context: TaskContext, transactionIndex: Int, request: Request,
        expectedLength: Int64?, counter: UploadCounter, stopReading: (@Sendable () -> Void)? = nil
    ) {
        self.stopReading = stopReading
        self.base = base
        self.context = context
        self.transactionIndex = transactionIndex
        self.request = request
        self.expectedLength = expectedLength
        self.counter = counter
    }

    func makeAsyncIterator() -> Iterator {
        let first = taken.take()
        return Iterator(base: first ? base.makeAsyncIterator() : nil, body: self)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator?
        let body: NetworkBody
        var received: Int64 = 0
        var finished = false

        mutating func next() async throws -> ByteBuffer? {
            guard !finished else { return nil }
            guard base != nil else {
                finished = true
                throw CourierError(
                    .cannotParseResponse, outcome: .ambiguous,
                    message: "the response body from \(body.request.url.hostDescription) was already read",
                    request: body.request)
            }
            let chunk: ByteBuffer?
            do {
                if let scope = body.context.cancellation, let stop = body.stopReading {
                    var iterator = base!
                    chunk = try await CancellationScope.withCancellationHandler(scope) {
                        try await iterator.next()
                    } onCancel: {
                        stop()
                    }
                    base = iterator
                } else {
                    chunk = try await base!.next()
                }
            } catch {
                finish()
                throw ErrorMapping.map(error, request: body.request, requestWasSent: true)
            }
            guard let chunk else {
                finish()
                if let expected = body.expectedLength, received < expected, !Task.isCancelled {
                    throw CourierError(
                        .networkConnectionLost, outcome: .ambiguous,
                        message:
                            "\(body.request.url.hostDescription) closed the connection after \(received) of \(expected) body bytes",
                        request: body.request)
                }
                return nil
            }
            body.context.timer.touch()
            received += Int64(chunk.readableBytes)
            return chunk
        }

        private mutating func finish() {
            finished = true
            body.context.recordResponseEnd(
                transactionIndex: body.transactionIndex, received: received, counter: body.counter)
        }
    }

}

extension TaskContext {
    /// Records the end of a response in its transaction: when it ended, the body bytes received and, for a
    /// streamed upload, the bytes sent.
    func recordResponseEnd(transactionIndex: Int, received: Int64, counter: UploadCounter) {
        let sent = counter.value
        let streamed = counter.mode == .stream
        updateTransaction(transactionIndex) { transaction in
            transaction.responseEndDate = Date()
            transaction.responseBodyBytesReceived = received
            if streamed {
                transaction.requestBodyBytesSent = sent
                if transaction.requestEndDate == nil { transaction.requestEndDate = transaction.responseStartDate }
            }
        }
    }
}

/// Counts the request body bytes the connection has taken, for the metrics.
final class UploadCounter: Sendable {
    enum Mode: Sendable {
        case bytes
        case stream
    }
    private let storage = Atomic<Int64>(0)
    private let streamed = Atomic<Bool>(false)
    /// The task and transaction the connection's reports go to (``written(_:)``, ``requestSent()``).
    private let context: TaskContext?
    private let transactionIndex: Int

    /// A counter whose reports go to `context`'s transaction `transactionIndex`, so that each of the exchange's
    /// callbacks captures one value (the counter) instead of the counter, the context and the index.
    init(context: TaskContext? = nil, transactionIndex: Int = 0) {
        self.context = context
        self.transactionIndex = transactionIndex
    }

    /// The connection wrote `count` body bytes: counted, and reported to the task as upload progress.
    func written(_ count: Int) {
        add(Int64(count))
        context?.didSendBodyData(Int64(count))
    }

    /// The connection wrote the request's last byte: the transaction's request end.
    func requestSent() {
        context?.updateTransaction(transactionIndex) { $0.requestEndDate = Date() }
    }

    var value: Int64 { storage.load(ordering: .relaxed) }
    var mode: Mode { streamed.load(ordering: .relaxed) ? .stream : .bytes }
    func add(_ count: Int64) { storage.add(count, ordering: .relaxed) }
    func setStreamed() { streamed.store(true, ordering: .relaxed) }
}
