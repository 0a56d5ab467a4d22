import Synchronization

/// The remote façade's engine: asks upstreams with a timeout each, fails over from one source to the next
/// (the book's `useYahooResults` switch, made automatic), and gathers several parts concurrently so they can
/// be merged into one contract.
///
/// ```swift
/// let aggregator = FacadeAggregator()
/// // One part, two sources: the CSV feed, and the XML feed when the CSV feed is down or slow.
/// let quote = try await aggregator.firstAvailable([
///     FacadeSource(name: "csv", timeout: .seconds(5)) { try await csvQuote(ticker) },
///     FacadeSource(name: "xml", timeout: .seconds(5)) { try await xmlQuote(ticker) },
/// ])
/// // Several parts at once, merged:
/// let page = await aggregator.gather([
///     FacadePart(name: "weather", sources: [weatherA, weatherB]),
///     FacadePart(name: "quote", sources: [csv, xml]),
/// ])
/// ```
///
/// Errors that failing over cannot cure (the upstream says the ticker does not exist) are recognised by
/// ``failsOver``: they end the part at once and reach the caller unchanged.
public struct FacadeAggregator: Sendable {
    /// Whether an error of a source is worth asking the next source for (timeouts always are).
    public let failsOver: @Sendable (any Error) -> Bool
    private let clock: any Clock<Duration>

    /// An aggregator timing its sources on `clock` (tests pass a clock they advance by hand).
    /// - Parameter failsOver: Whether an error of a source sends the part to its next source; every error
    ///   does by default.
    public init(
        clock: any Clock<Duration> = ContinuousClock(),
        failsOver: @escaping @Sendable (any Error) -> Bool = { _ in true }
    ) {
        self.clock = clock
        self.failsOver = failsOver
    }

    /// Asks `sources` one after the other, each within its timeout, and returns the first answer.
    /// - Throws: The error of a source for which ``failsOver`` is false (unchanged); otherwise
    ///   ``FacadeUnavailableError`` listing every source's failure when none answered;
    ///   `CancellationError` when the calling task is cancelled.
    public func firstAvailable<Value: Sendable>(_ sources: [FacadeSource<Value>]) async throws -> FacadeAnswer<Value> {
        var failures: [FacadeSourceFailure] = []
        for source in sources {
            try Task.checkCancellation()
            switch await Self.ask(source, clock: self.clock) {
            case .success(let value):
                return FacadeAnswer(value: value, source: source.name, failures: failures)
            case .failure(let failure):
                if case .failed(let error) = failure.reason {
                    if error is CancellationError { throw error }
                    if !self.failsOver(error) { throw error }
                }
                failures.append(failure)
            }
        }
        throw FacadeUnavailableError(failures: failures)
    }

    /// Asks every part concurrently (each part's sources one after the other, as ``firstAvailable(_:)``)
    /// and returns what each got.
    public func gather<Value: Sendable>(_ parts: [FacadePart<Value>]) async -> FacadeGathering<Value> {
        await withTaskGroup(of: (String, Result<FacadeAnswer<Value>, any Error>).self) { group in
            for part in parts {
                group.addTask {
                    do {
                        return (part.name, .success(try await self.firstAvailable(part.sources)))
                    } catch var error as FacadeUnavailableError {
                        error.part = part.name
                        return (part.name, .failure(error))
                    } catch {
                        return (part.name, .failure(error))
                    }
                }
            }
            var gathering = FacadeGathering<Value>()
            for await (name, result) in group {
                switch result {
                case .success(let answer): gathering.answers[name] = answer
                case .failure(let error): gathering.failures[name] = error
                }
            }
            return gathering
        }
    }

    /// Gathers `parts` and merges them into one contract.
    /// - Throws: What `merge` throws (typically when a part it needs failed).
    public func gather<Value: Sendable, Contract>(
        _ parts: [FacadePart<Value>], merge: (FacadeGathering<Value>) throws -> Contract
    ) async throws -> Contract {
        try merge(await self.gather(parts))
    }

    // MARK: One source against its timeout

    /// Races the source's call against its deadline. The deadline is fixed before the call starts; the
    /// loser is cancelled, and a call that ignores cancellation is left to finish on its own rather than
    /// hold the answer past the timeout.
    static func ask<Value: Sendable>(
        _ source: FacadeSource<Value>, clock: any Clock<Duration>
    ) async -> Result<Value, FacadeSourceFailure> {
        await self.race(source, clock: clock)
    }

    private static func race<Value: Sendable, C: Clock<Duration>>(
        _ source: FacadeSource<Value>, clock: C
    ) async -> Result<Value, FacadeSourceFailure> {
        let deadline = clock.now.advanced(by: source.timeout)
        let race = Race<Value>()
        return await withTaskCancellationHandler {
            await withCheckedContinuation {
                (continuation: CheckedContinuation<Result<Value, FacadeSourceFailure>, Never>) in
                race.start(continuation)
                let call = Task {
                    do {
                        race.finish(.success(try await source.fetch()))
                    } catch {
                        race.finish(.failure(FacadeSourceFailure(source: source.name, reason: .failed(error))))
                    }
                }
                let timer = Task {
                    do {
                        try await clock.sleep(until: deadline, tolerance: nil)
                        race.finish(
                            .failure(FacadeSourceFailure(source: source.name, reason: .timedOut(source.timeout))))
                    } catch {
                        // Cancelled: the call answered first.
                    }
                }
                race.track(call, timer)
            }
        } onCancel: {
            race.finish(.failure(FacadeSourceFailure(source: source.name, reason: .failed(CancellationError()))))
        }
    }

    /// The one-shot meeting point of a call and its timer: the first result resumes the waiter, and both
    /// tasks are cancelled.
    private final class Race<Value: Sendable>: Sendable {
        private struct State {
            var continuation: CheckedContinuation<Result<Value, FacadeSourceFailure>, Never>?
            var result: Result<Value, FacadeSourceFailure>?
            var tasks: [Task<Void, Never>] = []
        }

        private let state = Mutex(State())

        func start(_ continuation: CheckedContinuation<Result<Value, FacadeSourceFailure>, Never>) {
            let early = self.state.withLock { state -> Result<Value, FacadeSourceFailure>? in
                if let result = state.result { return result }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }

        func track(_ tasks: Task<Void, Never>...) {
            let finished = self.state.withLock { state -> Bool in
                state.tasks += tasks
                return state.result != nil
            }
            if finished { for task in tasks { task.cancel() } }
        }

        func finish(_ result: Result<Value, FacadeSourceFailure>) {
            let (continuation, tasks) = self.state.withLock {
                state -> (CheckedContinuation<Result<Value, FacadeSourceFailure>, Never>?, [Task<Void, Never>]) in
                guard state.result == nil else { return (nil, []) }
                state.result = result
                defer {
                    state.continuation = nil
                    state.tasks = []
                }
                return (state.continuation, state.tasks)
            }
            for task in tasks { task.cancel() }
            continuation?.resume(returning: result)
        }
    }
}
