import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import Courier

/// `EventLoop.startAndWait`: one crossing to the loop starts an exchange and waits for it, and a cancellation
/// that comes before the start still reaches the exchange.
@Suite("Starting an exchange on its loop", .timeLimit(.minutes(1)))
struct StartAndWaitTests {
    /// A stand-in for an exchange handler: `start` makes the promise, `cancel` fails it if it exists.
    private final class FakeExchange: Sendable {
        private let promise = Mutex<EventLoopPromise<Int>?>(nil)
        let cancels = Atomic<Int>(0)

        func start(on loop: any EventLoop) -> EventLoopFuture<Int> {
            let made = loop.makePromise(of: Int.self)
            promise.withLock { $0 = made }
            return made.futureResult
        }

        func cancel() {
            cancels.add(1, ordering: .relaxed)
            promise.withLock { $0?.fail(CancellationError()) }
        }

        func succeed(_ value: Int) {
            promise.withLock { $0?.succeed(value) }
        }
    }

    private static func withLoop(_ body: (any EventLoop) async throws -> Void) async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            try await body(group.next())
            try await group.shutdownGracefully()
        } catch {
            try? await group.shutdownGracefully()
            throw error
        }
    }

    @Test func startRunsOnTheLoopAndItsValueIsReturned() async throws {
        try await Self.withLoop { loop in
            let exchange = FakeExchange()
            let ranOnLoop = Atomic<Bool>(false)
            let value = try await loop.startAndWait(cancellation: nil) { cancelled in
                ranOnLoop.store(loop.inEventLoop && !cancelled.isSet, ordering: .relaxed)
                let future = exchange.start(on: loop)
                exchange.succeed(42)
                return future
            } cancel: {
                exchange.cancel()
            }
            #expect(value == 42)
            let onLoop = ranOnLoop.load(ordering: .relaxed)
            let cancels = exchange.cancels.load(ordering: .relaxed)
            #expect(onLoop)
            #expect(cancels == 0)
        }
    }

    @Test func aTaskCancelledBeforeTheStartStillCancelsTheExchange() async throws {
        try await Self.withLoop { loop in
            let exchange = FakeExchange()
            let sawMark = Atomic<Bool>(false)
            let attempt = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return try await loop.startAndWait(cancellation: nil) { cancelled in
                    let future = exchange.start(on: loop)
                    sawMark.store(cancelled.isSet, ordering: .relaxed)
                    if cancelled.isSet { exchange.cancel() }
                    return future
                } cancel: {
                    exchange.cancel()
                }
            }
            // The cancel closure ran on the loop before the start, when there was nothing to cancel; only
            // the mark lets the exchange end.
            await #expect(throws: CancellationError.self) { try await attempt.value }
            let marked = sawMark.load(ordering: .relaxed)
            #expect(marked)
        }
    }

    @Test func aScopeCancelledBeforeTheStartStillCancelsTheExchange() async throws {
        try await Self.withLoop { loop in
            let exchange = FakeExchange()
            let scope = CancellationScope()
            scope.cancel()
            await #expect(throws: CancellationError.self) {
                try await loop.startAndWait(cancellation: scope) { cancelled in
                    let future = exchange.start(on: loop)
                    if cancelled.isSet { exchange.cancel() }
                    return future
                } cancel: {
                    exchange.cancel()
                }
            }
        }
    }

    @Test func aCancellationWhileWaitingRunsCancelOnTheLoop() async throws {
        try await Self.withLoop { loop in
            let exchange = FakeExchange()
            let scope = CancellationScope()
            let started = AsyncStream.makeStream(of: Void.self)
            let cancelOnLoop = Atomic<Bool>(false)
            let attempt = Task {
                try await loop.startAndWait(cancellation: scope) { cancelled in
                    let future = exchange.start(on: loop)
                    if cancelled.isSet { exchange.cancel() }
                    started.continuation.yield()
                    return future
                } cancel: {
                    cancelOnLoop.store(loop.inEventLoop, ordering: .relaxed)
                    exchange.cancel()
                }
            }
            var iterator = started.stream.makeAsyncIterator()
            await iterator.next()
            scope.cancel()
            await #expect(throws: CancellationError.self) { try await attempt.value }
            let cancelledOnLoop = cancelOnLoop.load(ordering: .relaxed)
            #expect(cancelledOnLoop)
        }
    }
}
