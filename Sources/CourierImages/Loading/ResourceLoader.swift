import Courier
import Foundation
import Synchronization

/// Loads resources (images above all) through a ``Courier/Session`` with a memory and disk cache: the job of
/// SDWebImage's manager and downloader, as an async API.
///
/// - A memory hit returns at once; a disk hit or a network load runs in a shared fetch task.
/// - Concurrent loads of one resource share one fetch (one network request). Cancelling one caller's task
///   makes that caller throw `CancellationError` and never return the resource; the others go on, and the
///   request itself is cancelled only when no caller (and no prefetch) wants it any more.
/// - A failed URL is refused for ``ResourceLoaderConfiguration/failedURLExpiry`` unless
///   ``ResourceLoadOptions/retryFailed`` is given.
/// - Network requests run at most ``ResourceLoaderConfiguration/maximumConcurrentRequests`` at a time; waiting
///   normal loads go before ``ResourceLoadOptions/lowPriority`` ones and prefetches, and a normal load that
///   joins a waiting low-priority fetch raises it.
///
/// ```swift
/// let loader = ResourceLoader(session: session, cache: ResourceCache(disk: DiskCache(directory: dir)))
/// let avatar = try await loader.load(url)
/// print(avatar.image?.width ?? 0, avatar.source)    // 128 network
/// ```
public final class ResourceLoader: Sendable {
    /// The session that makes the network requests.
    public let session: Session
    /// The memory and disk cache.
    public let cache: ResourceCache
    /// Scheduling and failure settings.
    public let configuration: ResourceLoaderConfiguration
    private let state: Mutex<LoaderState>

    /// Creates a loader.
    public init(
        session: Session,
        cache: ResourceCache = ResourceCache(),
        configuration: ResourceLoaderConfiguration = ResourceLoaderConfiguration()
    ) {
        self.session = session
        self.cache = cache
        self.configuration = configuration
        self.state = Mutex(LoaderState(failed: FailedURLList(expiry: configuration.failedURLExpiry)))
    }

    // MARK: Loading

    /// Loads the resource at `url`: from memory, else from disk, else from the network (shared with any
    /// concurrent load of the same cache key), and keeps a network result in both caches.
    ///
    /// Runs on the caller's executor (`nonisolated(nonsending)`), so a memory hit costs no thread hop.
    ///
    /// - Throws: `CancellationError` when the calling task is cancelled first (the caller never receives the
    ///   resource then); ``Courier/CourierError`` with `resourceUnavailable` for a URL that failed less than
    ///   ``ResourceLoaderConfiguration/failedURLExpiry`` ago (unless ``ResourceLoadOptions/retryFailed``),
    ///   `unacceptableStatusCode` for a non-2xx answer, `dataLengthExceedsMaximum` for one too large, or the
    ///   session's error.
    public nonisolated(nonsending) func load(
        _ url: URL, options: ResourceLoadOptions = []
    ) async throws -> LoadedResource {
        let key = cache.key(for: url)
        if let hit = cache.memory.value(forKey: key) {
            return LoadedResource(url: url, data: hit.data, description: hit.description, source: .memory)
        }
        let waiterID = state.withLock { $0.makeID() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                join(key: key, url: url, options: options, waiterID: waiterID, continuation: continuation)
            }
        } onCancel: {
            leave(key: key, waiterID: waiterID)
        }
    }

    /// Loads the resource at `url` and decodes it with `decoder`.
    /// - Throws: As ``load(_:options:)``; ``Courier/CourierError`` with `cannotDecodeContentData` when the
    ///   resource is not an image the decoder handles; what the decoder throws.
    public nonisolated(nonsending) func loadImage<Decoder: ImageDecoder>(
        _ url: URL, options: ResourceLoadOptions = [], decoder: Decoder
    ) async throws -> (resource: LoadedResource, image: Decoder.Image) {
        let resource = try await load(url, options: options)
        guard let image = resource.image, decoder.canDecode(image) else {
            throw CourierError(
                .cannotDecodeContentData, kind: .payload,
                message: "\(url.absoluteString) is \(resource.description), which the decoder does not handle")
        }
        return (resource, try decoder.decode(resource.data, described: image))
    }

    /// Starts loading `urls` into the caches at low priority, behind every normal load. A later
    /// ``load(_:options:)`` of one of them joins its fetch; cancelling that load leaves the prefetch running.
    /// URLs already in memory, already failing or already being fetched are skipped (a fetch is kept alive).
    public func prefetch(_ urls: [URL]) {
        let now = configuration.now()
        for url in urls {
            let key = cache.key(for: url)
            guard cache.memory.value(forKey: key) == nil else { continue }
            state.withLock { state in
                if state.fetches[key] != nil {
                    state.fetches[key]?.isHeldByPrefetch = true
                } else if state.failed.failure(of: key, now: now) == nil {
                    startFetch(&state, key: key, url: url, isLowPriority: true, isHeldByPrefetch: true)
                }
            }
        }
    }

    /// Stops the prefetches that no caller is waiting for; prefetches that a caller joined go on for it.
    public func cancelPrefetching() {
        let tasks = state.withLock { state -> [Task<Void, Never>] in
            var cancelled: [Task<Void, Never>] = []
            for (key, fetch) in state.fetches where fetch.isHeldByPrefetch {
                if fetch.waiters.isEmpty {
                    state.removeFetch(key)
                    if let task = fetch.task { cancelled.append(task) }
                } else {
                    state.fetches[key]?.isHeldByPrefetch = false
                }
            }
            return cancelled
        }
        for task in tasks { task.cancel() }
    }

    /// The number of fetches in flight (waiting for a slot, reading disk or on the network).
    public var activeFetchCount: Int { state.withLock { $0.fetches.count } }

    /// The number of URLs refused for a recent failure.
    public var failedURLCount: Int { state.withLock { $0.failed.count } }

    // MARK: Joining and leaving

    private func join(
        key: String, url: URL, options: ResourceLoadOptions, waiterID: UInt64,
        continuation: CheckedContinuation<LoadedResource, any Error>
    ) {
        let now = configuration.now()
        let refusal: (any Error)? = state.withLock { state in
            if Task.isCancelled { return CancellationError() }
            if options.contains(.retryFailed) {
                state.failed.remove(key)
            } else if let failure = state.failed.failure(of: key, now: now) {
                let age = Int(now.timeIntervalSince(failure))
                return CourierError(
                    .resourceUnavailable, outcome: .notSent,
                    message: "\(url.absoluteString) failed to load \(age) s ago; not retried before "
                        + "\(Int(configuration.failedURLExpiry)) s have passed unless .retryFailed is given")
            }
            let isLowPriority = options.contains(.lowPriority)
            if state.fetches[key] == nil {
                startFetch(&state, key: key, url: url, isLowPriority: isLowPriority, isHeldByPrefetch: false)
            } else if !isLowPriority {
                state.raisePriority(key)
            }
            state.fetches[key]?.waiters[waiterID] = continuation
            return nil
        }
        if let refusal {
            continuation.resume(throwing: refusal)
        } else {
            configuration.events?(.joined(url))
        }
    }

    private func leave(key: String, waiterID: UInt64) {
        let (continuation, orphan) = state.withLock {
            state -> (CheckedContinuation<LoadedResource, any Error>?, Task<Void, Never>?) in
            guard let continuation = state.fetches[key]?.waiters.removeValue(forKey: waiterID) else {
                return (nil, nil)
            }
            guard let fetch = state.fetches[key], fetch.waiters.isEmpty, !fetch.isHeldByPrefetch else {
                return (continuation, nil)
            }
            state.removeFetch(key)
            return (continuation, fetch.task)
        }
        continuation?.resume(throwing: CancellationError())
        orphan?.cancel()
    }

    /// Registers a fetch and starts its task; called with the state locked.
    private func startFetch(
        _ state: inout LoaderState, key: String, url: URL, isLowPriority: Bool, isHeldByPrefetch: Bool
    ) {
        let id = state.makeID()
        state.fetches[key] = LoaderState.Fetch(
            id: id, isLowPriority: isLowPriority, isHeldByPrefetch: isHeldByPrefetch)
        state.fetches[key]?.task = Task(priority: isLowPriority ? .low : nil) {
            let result = await self.fetch(key: key, url: url, fetchID: id)
            self.finish(key: key, fetchID: id, url: url, result: result)
        }
    }

    // MARK: Fetching

    private func fetch(key: String, url: URL, fetchID: UInt64) async -> Result<LoadedResource, any Error> {
        if let hit = cache.resource(forKey: key) {
            return .success(
                LoadedResource(
                    url: url, data: hit.resource.data, description: hit.resource.description, source: hit.source))
        }
        do {
            try await acquireSlot(key: key, url: url, fetchID: fetchID)
        } catch {
            return .failure(error)
        }
        defer { releaseSlot() }
        do {
            let isLowPriority = state.withLock { $0.fetches[key]?.isLowPriority ?? true }
            var request = Request(url: url)
            request.priority = isLowPriority ? .low : .default
            try request.setValue("image/*, */*;q=0.8", forHTTPHeaderField: "Accept")
            let response = try await session.data(for: request)
            guard (200..<300).contains(response.status.code) else {
                throw CourierError(
                    .unacceptableStatusCode, kind: .http(status: response.status.code),
                    message: "\(url.absoluteString) answered \(response.status.code) \(response.statusDescription)",
                    response: response)
            }
            let data = response.data
            guard data.count <= configuration.maximumResourceSize else {
                throw CourierError(
                    .dataLengthExceedsMaximum, kind: .payload,
                    message: "\(url.absoluteString) is \(data.count) bytes, over the loader's limit of "
                        + "\(configuration.maximumResourceSize)")
            }
            let resource = CachedResource(data: data)
            do {
                try cache.store(resource, forKey: key)
            } catch {
                configuration.logger.warning(
                    "cannot store a resource on disk", metadata: ["url": "\(url.absoluteString)", "error": "\(error)"])
            }
            return .success(LoadedResource(url: url, data: data, description: resource.description, source: .network))
        } catch {
            return .failure(error)
        }
    }

    /// Hands the result to every caller still waiting, and remembers a failure that was not a cancellation.
    private func finish(key: String, fetchID: UInt64, url: URL, result: Result<LoadedResource, any Error>) {
        let now = configuration.now()
        let waiters = state.withLock { state -> [CheckedContinuation<LoadedResource, any Error>] in
            guard let fetch = state.fetches[key], fetch.id == fetchID else { return [] }
            state.removeFetch(key)
            if case .failure(let error) = result, !Self.isCancellation(error) {
                state.failed.record(key, at: now)
            }
            return Array(fetch.waiters.values)
        }
        for waiter in waiters { waiter.resume(with: result) }
    }

    private static func isCancellation(_ error: any Error) -> Bool {
        error is CancellationError || (error as? CourierError)?.code == .cancelled
    }

    // MARK: Request slots

    private func acquireSlot(key: String, url: URL, fetchID: UInt64) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let granted = state.withLock { state -> Bool? in
                    if Task.isCancelled { return nil }
                    if state.runningRequests < configuration.maximumConcurrentRequests {
                        state.runningRequests += 1
                        return true
                    }
                    let isLowPriority = state.fetches[key]?.isLowPriority ?? true
                    state.enqueue(fetchID, key: key, isLowPriority: isLowPriority, continuation: continuation)
                    return false
                }
                switch granted {
                case .some(true): continuation.resume()
                case .some(false): configuration.events?(.queued(url))
                case .none: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            state.withLock { $0.dequeue(fetchID) }?.resume(throwing: CancellationError())
        }
    }

    private func releaseSlot() {
        let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
            if let next = state.popNextWaiter() { return next }
            state.runningRequests -= 1
            return nil
        }
        next?.resume()
    }
}
