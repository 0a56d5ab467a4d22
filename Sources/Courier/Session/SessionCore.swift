import Foundation
import HTTPTypes
import Logging
import Synchronization

/// The machinery behind a ``Session``: the chain, the transports and the bookkeeping of tasks.
final class SessionCore: Sendable {
    let configuration: SessionConfiguration
    let httpTransport: PooledHTTPTransport
    /// The session's tracer and metrics.
    let observability: SessionObservability
    /// Numbers sessions for the connection gauges' `pool` dimension.
    private static let sessionNumbers = Atomic<Int>(0)
    let handlers: [any ProtocolHandler]
    /// Whether any handler is the application's (the built-ins take only `data:` and `file:`).
    let hasCustomHandlers: Bool
    /// Whether the chain has interceptors of the application's (which may wait on anything).
    let hasApplicationInterceptors: Bool
    let stages: [any Interceptor]
    /// The session's additional headers, as fields (values checked once, not per request).
    private let defaultFields: [HTTPField]
    /// `User-Agent` and `Accept`, added to HTTP requests that set neither.
    private let httpDefaultFields: [HTTPField]
    private static let defaultEncoding = HTTPField(
        name: .acceptEncoding, value: ContentEncodingInterceptor.defaultAcceptEncoding)
    private static let identityEncoding = HTTPField(name: .acceptEncoding, value: "identity")
    /// The fields of a request that sets none: HTTP (with the default `Accept-Encoding` or `identity`) and
    /// other schemes.
    private let presets: (http: HTTPFields, httpIdentity: HTTPFields, other: HTTPFields)
    /// Spaces that answered a challenge, for preemptive credentials.
    let authenticationCache = AuthenticationCache()

    private struct State {
        var nextTaskIdentifier = 1
        var running: [Int: SessionTask] = [:]
        var invalidated = false
        var drainWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init(configuration: SessionConfiguration) {
        self.configuration = configuration
        self.observability = SessionObservability(
            tracer: configuration.tracer, metricsFactory: configuration.metricsFactory,
            poolName: "session-\(Self.sessionNumbers.add(1, ordering: .relaxed).newValue)")
        self.httpTransport = PooledHTTPTransport(configuration: configuration, observability: observability)
        // Custom handlers are asked in reverse registration order (URLProtocol's rule), then the built-ins.
        self.handlers = configuration.protocolHandlers.reversed() + [DataURLProtocolHandler(), FileProtocolHandler()]
        self.hasCustomHandlers = !configuration.protocolHandlers.isEmpty
        self.hasApplicationInterceptors =
            !configuration.interceptors.isEmpty || !configuration.networkInterceptors.isEmpty
        self.stages = Self.makeStages(configuration)
        self.defaultFields = configuration.httpAdditionalHeaders.filter { !$0.value.isEmpty }
        self.httpDefaultFields = [
            HTTPField(name: .userAgent, value: configuration.userAgent), HTTPField(name: .accept, value: "*/*"),
        ]
        self.presets = (
            http: Self.merging([:], defaults: defaultFields + httpDefaultFields + [Self.defaultEncoding]),
            httpIdentity: Self.merging([:], defaults: defaultFields + httpDefaultFields + [Self.identityEncoding]),
            other: Self.merging([:], defaults: defaultFields)
        )
    }

    func nextTaskIdentifier() -> Int {
        state.withLock { state in
            defer { state.nextTaskIdentifier += 1 }
            return state.nextTaskIdentifier
        }
    }

    /// Registers a starting task; `false` once the session is invalidated.
    @discardableResult
    func taskStarted(_ task: SessionTask) -> Bool {
        state.withLock { state in
            if state.invalidated { return false }
            state.running[task.taskIdentifier] = task
            return true
        }
    }

    func taskCompleted(_ task: SessionTask) {
        let waiters: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.running[task.taskIdentifier] = nil
            guard state.running.isEmpty else { return [] }
            let waiters = state.drainWaiters
            state.drainWaiters = []
            return waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    var isInvalidated: Bool { state.withLock { $0.invalidated } }

    var runningTasks: [SessionTask] {
        state.withLock { Array($0.running.values) }.sorted { $0.taskIdentifier < $1.taskIdentifier }
    }

    /// Marks the session invalid; returns the tasks still running.
    func invalidate() -> [SessionTask] {
        state.withLock { state in
            state.invalidated = true
            return Array(state.running.values)
        }
    }

    func waitForRunningTasks() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if state.running.isEmpty { return true }
                state.drainWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    // MARK: Requests

    /// Session defaults merged into a request: `User-Agent`, `Accept`, the additional headers, the
    /// body's `Content-Type`; JSON bodies encoded. A field set to an empty value in the request is
    /// removed together with any default of the same name. Downloads ask for `Accept-Encoding: identity`.
    func prepare(_ original: Request, isDownload: Bool = false) throws -> Request {
        var request = original
        let isHTTP = request.isHTTP
        if !isHTTP {
            guard let scheme = request.url.scheme, !scheme.isEmpty else {
                throw CourierError(
                    .badURL, outcome: .notSent,
                    message: "URL \"\(request.url.absoluteString)\" has no scheme; write it in full, e.g. https://…")
            }
        }
        if request.body.isJSON { request.body = try request.body.resolvingJSON(with: configuration.jsonEncoder) }

        let given = original.headerFields
        let contentType = request.body.isEmpty ? nil : request.body.contentType
        if given.isEmpty, contentType == nil {
            // The common case: nothing of the caller's to merge, so the session's defaults as they are.
            request.headerFields = !isHTTP ? presets.other : (isDownload ? presets.httpIdentity : presets.http)
            return request
        }
        var defaults = defaultFields
        if isHTTP {
            // `identity` for ranged requests and downloads: a server may answer a ranged request for a
            // compressible type with a full compressed 200, which breaks resuming.
            let identity = isDownload || given.contains(.range)
            defaults += httpDefaultFields
            defaults.append(identity ? Self.identityEncoding : Self.defaultEncoding)
            if let contentType { defaults.append(HTTPField(name: .contentType, value: contentType)) }
        }
        request.headerFields = Self.merging(given, defaults: defaults)
        return request
    }

    /// The request's own fields without the blanked ones (an empty value), then each default whose name
    /// the request neither sets nor blanks, the first of a name winning.
    private static func merging(_ given: HTTPFields, defaults: [HTTPField]) -> HTTPFields {
        var fields = HTTPFields()
        fields.reserveCapacity(given.count + defaults.count)
        var blanked: [HTTPField.Name] = []
        for field in given {
            if field.value.isEmpty {
                blanked.append(field.name)
            } else {
                fields.append(field)
            }
        }
        for field in defaults where !blanked.contains(field.name) && !fields.contains(field.name) {
            fields.append(field)
        }
        return fields
    }

    /// Runs a prepared request through the chain.
    nonisolated(nonsending) func execute(_ request: Request, context: TaskContext) async throws -> Response {
        let chain = InterceptorChain(context: context, stages: stages, index: 0)
        return try await chain.proceed(request)
    }

    /// The handler for a request: a custom one that accepts it, or a built-in one.
    func handler(for request: Request) -> (any ProtocolHandler)? {
        // An http(s) request goes to the pool unless the application registered a handler (asked first).
        if !hasCustomHandlers, request.isHTTP { return nil }
        return handlers.first { $0.canHandle(request) }
    }
}
