import Foundation
import HTTPTypes
import Logging
import Synchronization

/// The machinery behind a ``Session``: the chain, the transports and the bookkeeping of tasks.
final class SessionCore: Sendable {
    let configuration: SessionConfiguration
    let httpTransport: HTTPTransport
    let handlers: [any ProtocolHandler]
    let stages: [any Interceptor]
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
        self.httpTransport = HTTPTransport(configuration: configuration)
        // Custom handlers are asked in reverse registration order (URLProtocol's rule), then the built-ins.
        self.handlers = configuration.protocolHandlers.reversed() + [DataURLProtocolHandler(), FileProtocolHandler()]
        self.stages = Self.makeStages(configuration)
    }

    /// The chain, outermost first (see DESIGN.md section 2): your interceptors, then one stage per concern
    /// of HTTP, then your network interceptors, then the transport.
    static func makeStages(_ configuration: SessionConfiguration) -> [any Interceptor] {
        var stages: [any Interceptor] = configuration.interceptors
        stages.append(RetryInterceptor(configuration: configuration))
        stages.append(RedirectInterceptor())
        stages.append(AuthenticationInterceptor())
        stages.append(CookieInterceptor(configuration: configuration))
        stages.append(ContentEncodingInterceptor())
        stages.append(CacheInterceptor())
        stages += configuration.networkInterceptors
        stages.append(TransportInterceptor())
        return stages
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
        guard let scheme = request.url.scheme, !scheme.isEmpty else {
            throw CourierError(
                .badURL, outcome: .notSent,
                message: "URL \"\(request.url.absoluteString)\" has no scheme; write it in full, e.g. https://…")
        }
        request.body = try request.body.resolvingJSON(with: configuration.jsonEncoder)

        var fields = HTTPFields()
        fields.reserveCapacity(original.headerFields.count + configuration.httpAdditionalHeaders.count + 3)
        var blanked: [HTTPField.Name] = []
        for field in original.headerFields where field.value.isEmpty {
            blanked.append(field.name)
        }
        func addDefault(_ name: HTTPField.Name, _ value: String) {
            guard !blanked.contains(name), !original.headerFields.contains(name), !fields.contains(name) else { return }
            fields.append(HTTPField(name: name, value: value))
        }
        for field in original.headerFields where !field.value.isEmpty {
            fields.append(field)
        }
        for field in configuration.httpAdditionalHeaders where !field.value.isEmpty {
            addDefault(field.name, field.value)
        }
        if request.url.isHTTP {
            addDefault(.userAgent, configuration.userAgent)
            addDefault(.accept, "*/*")
            addDefault(
                .acceptEncoding, ContentEncodingInterceptor.defaultAcceptEncoding(for: request, isDownload: isDownload))
            if !request.body.isEmpty, let contentType = request.body.contentType {
                addDefault(.contentType, contentType)
            }
        }
        request.headerFields = fields
        return request
    }

    /// Runs a prepared request through the chain.
    func execute(_ request: Request, context: TaskContext) async throws -> Response {
        let chain = InterceptorChain(context: context, stages: stages, index: 0)
        return try await chain.proceed(request)
    }

    /// The handler for a request: a custom one that accepts it, or a built-in one.
    func handler(for request: Request) -> (any ProtocolHandler)? {
        handlers.first { $0.canHandle(request) }
    }
}
