import NIOCore
import Synchronization

/// A single-consumer queue with back-pressure: `send` waits while `capacity` elements are buffered.
///
/// Used where one task produces body chunks and another consumes them (streamed responses,
/// protocol handlers). Cancelling the consumer fails the producer's pending and future sends with
/// `CancellationError`, so the producer stops pulling from the network.
final class BoundedChannel<Element: Sendable>: Sendable {
    private struct State {
        /// The elements not yet taken. A ring buffer: taking one releases it at once (an array with a read index
        /// kept up to 64 taken elements alive, each pinning a network receive buffer).
        var buffer = CircularBuffer<Element>()
        var finished = false
        var failure: (any Error)?
        var consumerGone = false
        var consumer: CheckedContinuation<Element?, any Error>?
        var producers: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextProducerID = 0

        var count: Int { buffer.count }

        mutating func popFirst() -> Element? {
            buffer.popFirst()
        }
    }

    private let state = Mutex(State())
    let capacity: Int

    /// How many elements wait to be taken.
    var bufferedCount: Int { state.withLock { $0.count } }

    init(capacity: Int = 4) {
        self.capacity = max(1, capacity)
    }

    /// Hands an element to the consumer, waiting while the buffer is full.
    /// - Throws: `CancellationError` when the consumer has gone away or the sending task is cancelled.
    private enum SendAction {
        case resumeConsumer(CheckedContinuation<Element?, any Error>)
        case buffered
        case wait
        case consumerGone
    }

    private enum Immediate {
        case element(Element)
        case end
        case failure(any Error)
    }

    func send(_ element: Element) async throws {
        let action: SendAction = state.withLock { state in
            if state.consumerGone || state.finished { return .consumerGone }
            if let consumer = state.consumer {
                state.consumer = nil
                return .resumeConsumer(consumer)
            }
            state.buffer.append(element)
            return state.count <= capacity ? .buffered : .wait
        }
        switch action {
        case .resumeConsumer(let consumer):
            consumer.resume(returning: element)
        case .buffered:
            return
        case .consumerGone:
            throw CancellationError()
        case .wait:
            let id = state.withLock { state in
                state.nextProducerID += 1
                return state.nextProducerID
            }
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                    let resumeNow: Result<Void, any Error>? = state.withLock { state in
                        if state.consumerGone { return .failure(CancellationError()) }
                        if Task.isCancelled { return .failure(CancellationError()) }
                        if state.count <= capacity { return .success(()) }
                        state.producers.append((id, continuation))
                        return nil
                    }
                    if let resumeNow { continuation.resume(with: resumeNow) }
                }
            } onCancel: {
                let waiting = state.withLock { state -> CheckedContinuation<Void, any Error>? in
                    guard let index = state.producers.firstIndex(where: { $0.id == id }) else { return nil }
                    return state.producers.remove(at: index).continuation
                }
                waiting?.resume(throwing: CancellationError())
            }
        }
    }

    /// Ends the stream; the consumer sees the buffered elements, then `nil` or the error.
    func finish(throwing error: (any Error)? = nil) {
        let consumer: CheckedContinuation<Element?, any Error>? = state.withLock { state in
            guard !state.finished else { return nil }
            state.finished = true
            state.failure = error
            if state.count == 0, let consumer = state.consumer {
                state.consumer = nil
                return consumer
            }
            return nil
        }
        if let consumer {
            if let error { consumer.resume(throwing: error) } else { consumer.resume(returning: nil) }
        }
    }

    /// The next element, `nil` at the end.
    /// - Throws: the producer's error, or `CancellationError` when the consuming task is cancelled.
    func next() async throws -> Element? {
        func takeImmediate(_ state: inout State) -> (Immediate?, CheckedContinuation<Void, any Error>?) {
            if let element = state.popFirst() {
                let producer = state.count <= capacity && !state.producers.isEmpty ? state.producers.removeFirst() : nil
                return (.element(element), producer?.continuation)
            }
            if state.finished {
                if let failure = state.failure {
                    state.failure = nil
                    state.consumerGone = true
                    return (.failure(failure), nil)
                }
                return (.end, nil)
            }
            if state.consumerGone { return (.end, nil) }
            return (nil, nil)
        }
        let (immediate, producer) = state.withLock { takeImmediate(&$0) }
        producer?.resume()
        switch immediate {
        case .element(let element): return element
        case .end: return nil
        case .failure(let error): throw error
        case nil: break
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Element?, any Error>) in
                let (immediate, producer) = state.withLock {
                    state -> (Immediate?, CheckedContinuation<Void, any Error>?) in
                    let result = takeImmediate(&state)
                    if result.0 == nil {
                        if Task.isCancelled { return (.failure(CancellationError()), nil) }
                        state.consumer = continuation
                    }
                    return result
                }
                producer?.resume()
                switch immediate {
                case .element(let element): continuation.resume(returning: element)
                case .end: continuation.resume(returning: nil)
                case .failure(let error): continuation.resume(throwing: error)
                case nil: break
                }
            }
        } onCancel: {
            self.cancelConsumer()
        }
    }

    /// The consumer stops listening: waiting and future sends fail, a waiting `next` throws.
    func cancelConsumer() {
        let (consumer, producers) = state.withLock { state in
            state.consumerGone = true
            state.buffer.removeAll()
            let consumer = state.consumer
            state.consumer = nil
            let producers = state.producers.map(\.continuation)
            state.producers.removeAll()
            return (consumer, producers)
        }
        consumer?.resume(throwing: CancellationError())
        for producer in producers { producer.resume(throwing: CancellationError()) }
    }
}
