import Foundation
import NIOCore
import NIOFoundationCompat
import Synchronization

// How a task's response body reaches its caller: collected into memory, or streamed through a bounded
// channel whose reader drives the transfer; progress, the idle clock and data events on the way.

extension SessionTask {
    /// Waits until the response head is available (streaming delivery).
    func waitForHead() async throws -> Response {
        try await withCheckedThrowingContinuation { continuation in
            let ready: Result<Response, CourierError>? = mutable.withLock { state in
                if state.headDelivered, let response = state.response {
                    return .success(self.streamingResponse(response))
                }
                if let result = state.result, case .failure = result { return result }
                state.headWaiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(with: ready.mapError { $0 as any Error }) }
        }
    }

    func streamingResponse(_ head: Response) -> Response {
        var response = head
        if case .stream(let channel) = delivery {
            response.body = .stream(ResponseBody(ChannelBody(channel: channel, task: self)))
        }
        return response
    }

    func deliverHead(_ head: Response) {
        let waiters: [CheckedContinuation<Response, any Error>] = mutable.withLock { state in
            state.headDelivered = true
            let waiters = state.headWaiters
            state.headWaiters = []
            return waiters
        }
        let response = streamingResponse(head)
        for waiter in waiters { waiter.resume(returning: response) }
    }

    /// Waits while the task is suspended.
    nonisolated(nonsending) func waitWhilePaused() async {
        guard mutable.withLock({ $0.lifecycle.paused }) else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = mutable.withLock { state in
                if !state.lifecycle.paused { return true }
                state.pauseWaiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Records body bytes saved by a download (progress and the idle timer; no data events).
    func receivedDownloadBytes(_ count: Int, context: TaskContext) {
        context.timer.touch()
        mutable.withLock { $0.progress.totalBytesReceived += Int64(count) }
    }

    /// Forgets the receive progress (a download cancelled by a non-2xx status starts from nothing).
    func resetReceiveProgress() {
        mutable.withLock { state in
            state.progress.totalBytesReceived = 0
            state.progress.totalBytesExpectedToReceive = nil
        }
    }

    func received(_ chunk: ByteBuffer, context: TaskContext) {
        context.timer.touch()
        mutable.withLock { $0.progress.totalBytesReceived += Int64(chunk.readableBytes) }
        if context.isObserved {
            context.emit(.didReceiveData(Data(buffer: chunk, byteTransferStrategy: .copy)))
        }
    }

    /// A body that arrived whole: the same checks, progress and event as a streamed one.
    nonisolated(nonsending) func accept(_ data: Data, context: TaskContext) async throws -> Data {
        await waitWhilePaused()
        try checkCancelled()
        let limit = session.configuration.maximumResponseBodySize ?? Int.max
        guard data.count <= limit else {
            throw CourierError(
                .dataLengthExceedsMaximum, outcome: .ambiguous,
                message: "the response body is longer than the session's limit of \(limit) bytes")
        }
        guard !data.isEmpty else { return data }
        context.timer.touch()
        mutable.withLock { $0.progress.totalBytesReceived += Int64(data.count) }
        if context.isObserved { context.emit(.didReceiveData(data)) }
        return data
    }

    func collect(_ body: ResponseBody, context: TaskContext) async throws -> Data {
        let limit = session.configuration.maximumResponseBodySize ?? Int.max
        var collected = ByteBuffer()
        for try await chunk in body {
            await waitWhilePaused()
            try checkCancelled()
            guard collected.readableBytes + chunk.readableBytes <= limit else {
                throw CourierError(
                    .dataLengthExceedsMaximum, outcome: .ambiguous,
                    message: "the response body is longer than the session's limit of \(limit) bytes")
            }
            received(chunk, context: context)
            if collected.readableBytes == 0 {
                collected = chunk
            } else {
                var chunk = chunk
                collected.writeBuffer(&chunk)
            }
        }
        try checkCancelled()
        return Data(buffer: collected, byteTransferStrategy: .automatic)
    }

    func pump(_ body: ResponseBody, into channel: BoundedChannel<ByteBuffer>, context: TaskContext)
        async throws
    {
        for try await chunk in body {
            await waitWhilePaused()
            try checkCancelled()
            received(chunk, context: context)
            try await channel.send(chunk)
        }
        try checkCancelled()
    }
}

/// The consumer side of a streamed body: reading it drives the task; dropping it cancels the task.
struct ChannelBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let channel: BoundedChannel<ByteBuffer>
    let task: SessionTask

    func makeAsyncIterator() -> Iterator { Iterator(reader: Reader(channel: channel, task: task)) }

    final class Reader: Sendable {
        let channel: BoundedChannel<ByteBuffer>
        let task: SessionTask
        init(channel: BoundedChannel<ByteBuffer>, task: SessionTask) {
            self.channel = channel
            self.task = task
        }
        deinit {
            // The caller stopped reading before the end: stop the transfer.
            if task.state != .completed {
                channel.cancelConsumer()
                task.cancel()
            }
        }
    }

    struct Iterator: AsyncIteratorProtocol {
        let reader: Reader
        func next() async throws -> ByteBuffer? {
            do {
                return try await reader.channel.next()
            } catch is CancellationError {
                if Task.isCancelled { reader.task.cancel() }
                if let error = reader.task.error { throw error }
                throw CancellationError()
            }
        }
    }
}
