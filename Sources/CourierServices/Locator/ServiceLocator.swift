import Courier
import Foundation
import Logging

/// The client side of the book's service locator: one JSON document that names every endpoint, loaded
/// before other calls, so that an app never hard-codes where its services live.
///
/// ```swift
/// let locator = try ServiceLocator(
///     configuration: ServiceLocatorConfiguration(
///         environment: .production, documents: [.production: locatorURL], cacheDirectory: cacheDirectory),
///     session: session)
/// let status = try await locator.load()          // throws only when no document is available at all
/// if status.isStale { showBanner("offline: using the last known services") }
/// let weather = await locator.url(for: "weather", version: 2)
/// ```
///
/// - Names are matched ignoring case and versions exactly; an absent service is `nil`, not an error.
/// - A failed fetch and an unreadable document are different errors (``ServiceLocatorError/Kind``).
/// - Every good document is kept on disk (``ServiceLocatorConfiguration/cacheDirectory``); when the network
///   fails and nothing is loaded yet, that copy is used and the status says it is stale. A failed reload
///   keeps the document already in use, also marked stale.
/// - ``reload()`` fetches again on demand; ``reloadOnActivation()`` is the hook for a program that comes
///   back to the foreground; ``startRefreshing()`` reloads every ``ServiceLocatorConfiguration/refreshInterval``
///   on the injected clock. Concurrent loads share one fetch.
/// - ``updates()`` streams the status after every load attempt.
///
/// Put a ``ServiceURLInterceptor`` in a session to send `service://name/version/path` URLs through it.
public actor ServiceLocator {
    /// The configuration the locator was made with.
    public nonisolated let configuration: ServiceLocatorConfiguration
    /// The chosen environment's document URL.
    public nonisolated let documentURL: URL
    private let session: Session
    private let clock: any Clock<Duration>
    private let cache: LocatorDocumentCache?
    private var current = ServiceLocatorStatus.notLoaded
    private var inFlight: Task<ServiceLocatorStatus, Never>?
    private var refreshTask: Task<Void, Never>?
    private var subscribers: [Int: AsyncStream<ServiceLocatorStatus>.Continuation] = [:]
    private var nextSubscriber = 0

    /// Creates a locator; nothing is fetched until ``load()``, ``reload()`` or the first `service://` request.
    ///
    /// - Parameters:
    ///   - configuration: The documents, the environment, the disk copy's directory and the refresh interval.
    ///   - session: The session that fetches the document (it may be the one that carries the
    ///     ``ServiceURLInterceptor``; the document's own URL is plain `http(s)`).
    ///   - clock: The clock of the refresh interval; tests pass one they advance by hand.
    /// - Throws: ``CourierError`` with code `invalidConfiguration` when the configuration names no document
    ///   for its environment, or a document URL that is not `http(s)` (a `service://` one would wait on itself).
    public init(
        configuration: ServiceLocatorConfiguration, session: Session, clock: any Clock<Duration> = ContinuousClock()
    ) throws {
        guard let documentURL = configuration.documentURL else {
            let known = configuration.documents.keys.map(\.name).sorted().joined(separator: ", ")
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message:
                    "no service locator document is configured for the environment \"\(configuration.environment)\""
                    + (known.isEmpty ? "" : " (configured: \(known))"))
        }
        guard let scheme = documentURL.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "the service locator document \(documentURL.absoluteString) is not an http or https URL")
        }
        self.configuration = configuration
        self.documentURL = documentURL
        self.session = session
        self.clock = clock
        self.cache = configuration.cacheDirectory.map {
            LocatorDocumentCache(directory: $0, environment: configuration.environment, documentURL: documentURL)
        }
    }

    deinit {
        self.refreshTask?.cancel()
        for continuation in self.subscribers.values { continuation.finish() }
    }

    // MARK: Loading

    /// Loads the document unless one is already in use; what the ``ServiceURLInterceptor`` calls before
    /// its first lookup.
    /// - Returns: The status (``ServiceLocatorStatus/isStale`` tells an offline start from the disk copy).
    /// - Throws: ``ServiceLocatorError`` when no document is available at all: the fetch failed and there is
    ///   no good copy on disk.
    @discardableResult
    public func load() async throws -> ServiceLocatorStatus {
        if self.current.document != nil { return self.current }
        return try await self.reload()
    }

    /// Fetches the document again. Concurrent calls share one fetch.
    ///
    /// On success the new document replaces the old one and is written to disk. On failure the document
    /// in use stays (or, when there is none, the disk copy is taken) and the status is marked stale, with
    /// the failure in ``ServiceLocatorStatus/lastError``.
    /// - Throws: ``ServiceLocatorError`` (`couldNotLoad` or `couldNotParse`) only when no document is
    ///   available at all afterwards.
    @discardableResult
    public func reload() async throws -> ServiceLocatorStatus {
        let task: Task<ServiceLocatorStatus, Never>
        if let inFlight = self.inFlight {
            task = inFlight
        } else {
            task = Task { await self.fetchAndApply() }
            self.inFlight = task
        }
        let status = await task.value
        if status.document == nil, let error = status.lastError { throw error }
        return status
    }

    /// The hook for a program with a foreground: call it when the program becomes active again, as the
    /// book's app delegate reloads its locator in `applicationDidBecomeActive`. A program may have slept
    /// for days; its endpoints may have moved. Never throws: a failure leaves the status stale.
    @discardableResult
    public func reloadOnActivation() async -> ServiceLocatorStatus {
        (try? await self.reload()) ?? self.current
    }

    // MARK: Refreshing

    /// Reloads every ``ServiceLocatorConfiguration/refreshInterval`` on the locator's clock until
    /// ``stopRefreshing()``; does nothing without an interval or when already refreshing. Deadlines are
    /// counted from this call, so a slow reload does not push the next ones back; a reload that overran a
    /// whole interval is not followed by a burst of catch-up reloads.
    public func startRefreshing() {
        guard self.refreshTask == nil, let interval = self.configuration.refreshInterval, interval > .zero else {
            return
        }
        self.refreshTask = Self.refreshLoop(clock: self.clock, interval: interval, locator: self)
    }

    /// Stops the reloads ``startRefreshing()`` started.
    public func stopRefreshing() {
        self.refreshTask?.cancel()
        self.refreshTask = nil
    }

    /// Whether ``startRefreshing()`` is in effect.
    public var isRefreshing: Bool { self.refreshTask != nil }

    private static func refreshLoop<C: Clock<Duration>>(
        clock: C, interval: Duration, locator: ServiceLocator
    ) -> Task<Void, Never> {
        // The first deadline is fixed now, before the task runs: a test that advances its clock right after
        // startRefreshing() cannot slip in before the deadline exists.
        let start = clock.now
        return Task { [weak locator] in
            var deadline = start.advanced(by: interval)
            while !Task.isCancelled {
                do {
                    try await clock.sleep(until: deadline, tolerance: nil)
                } catch {
                    return
                }
                guard let strong = locator else { return }
                _ = await strong.reloadOnActivation()
                deadline = deadline.advanced(by: interval)
                let now = clock.now
                if deadline < now { deadline = now.advanced(by: interval) }
            }
        }
    }

    // MARK: Lookups

    /// The URL of `name` (ignoring case) at exactly `version`, or `nil` when the document in use lists no
    /// such service or nothing is loaded.
    public func url(for name: String, version: Int) -> URL? {
        self.current.document?.url(for: name, version: version)
    }

    /// The entry of `name` (ignoring case) at exactly `version` with its metadata, or `nil`.
    public func entry(for name: String, version: Int) -> ServiceEntry? {
        self.current.document?.entry(for: name, version: version)
    }

    /// The versions of `name` the document in use lists, lowest first.
    public func versions(of name: String) -> [Int] {
        self.current.document?.versions(of: name) ?? []
    }

    /// What the locator knows now.
    public var status: ServiceLocatorStatus { self.current }

    /// Whether the document in use is not what the latest load fetched (see ``ServiceLocatorStatus/isStale``).
    public var isStale: Bool { self.current.isStale }

    /// The status after every load attempt from now on (the newest 16 are kept for a slow reader). The
    /// stream ends when the locator is released.
    public func updates() -> AsyncStream<ServiceLocatorStatus> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: ServiceLocatorStatus.self, bufferingPolicy: .bufferingNewest(16))
        let identifier = self.nextSubscriber
        self.nextSubscriber += 1
        self.subscribers[identifier] = continuation
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            Task { await self.removeSubscriber(identifier) }
        }
        return stream
    }

    private func removeSubscriber(_ identifier: Int) {
        self.subscribers[identifier] = nil
    }

    // MARK: The fetch

    private func fetchAndApply() async -> ServiceLocatorStatus {
        do {
            let data = try await self.fetch()
            let document = try ServiceDocument(parsing: data, url: self.documentURL)
            self.keepCopy(data)
            self.current = ServiceLocatorStatus(
                document: document, source: .network, fetchedAt: Date(), isStale: false, lastError: nil)
        } catch {
            let failure =
                error as? ServiceLocatorError
                ?? ServiceLocatorError(
                    .couldNotLoad, url: self.documentURL, reason: "\(error)", underlyingError: error)
            if self.current.document != nil {
                self.current.isStale = true
                self.current.lastError = failure
            } else if let copy = self.lastGoodCopy() {
                self.current = ServiceLocatorStatus(
                    document: copy.document, source: .disk, fetchedAt: copy.written, isStale: true,
                    lastError: failure)
            } else {
                self.current = ServiceLocatorStatus(
                    document: nil, source: .none, fetchedAt: nil, isStale: false, lastError: failure)
            }
        }
        self.inFlight = nil
        for continuation in self.subscribers.values { continuation.yield(self.current) }
        return self.current
    }

    /// GETs the document, bypassing the HTTP cache (the book reads it uncached), up to the size limit.
    private func fetch() async throws -> Data {
        var request = Request(url: self.documentURL)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        let response: Response
        do {
            response = try await self.session.bytes(for: request)
        } catch {
            throw ServiceLocatorError(
                .couldNotLoad, url: self.documentURL, reason: Self.reason(error), underlyingError: error)
        }
        guard (200..<300).contains(response.status.code) else {
            throw ServiceLocatorError(
                .couldNotLoad, url: self.documentURL,
                reason: "the server answered \(response.status.code) \(response.status.reasonPhrase)")
        }
        do {
            return try await response.stream.collect(upTo: self.configuration.maximumDocumentSize)
        } catch let error as CourierError where error.code == .dataLengthExceedsMaximum {
            throw ServiceLocatorError(
                .couldNotLoad, url: self.documentURL,
                reason: "the document is larger than \(self.configuration.maximumDocumentSize) bytes",
                underlyingError: error)
        } catch {
            throw ServiceLocatorError(
                .couldNotLoad, url: self.documentURL, reason: Self.reason(error), underlyingError: error)
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? CourierError)?.message ?? "\(error)"
    }

    private func keepCopy(_ data: Data) {
        guard let cache = self.cache else { return }
        do {
            try cache.write(data)
        } catch {
            // The fresh document is in use either way; only an offline start loses.
            self.configuration.logger.warning(
                "could not keep the service locator document on disk: \(error)",
                metadata: ["file": "\(cache.file.path)"])
        }
    }

    private func lastGoodCopy() -> (document: ServiceDocument, written: Date)? {
        guard let cache = self.cache, let copy = cache.read(maximumSize: self.configuration.maximumDocumentSize)
        else { return nil }
        do {
            return (try ServiceDocument(parsing: copy.data, url: self.documentURL), copy.written)
        } catch {
            self.configuration.logger.warning(
                "ignoring the unreadable disk copy of the service locator: \(error)",
                metadata: ["file": "\(cache.file.path)"])
            return nil
        }
    }
}
