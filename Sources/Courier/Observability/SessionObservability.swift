import CoreMetrics
import Foundation
import HTTPTypes
import Synchronization
import Tracing

/// A session's tracing and metrics: the tracer and metrics factory it reports to, and the metric handles it made
/// (one per label and dimensions, made once and kept, so a request costs no factory call).
///
/// With nothing bootstrapped both are no-ops: the tracer is `NoOpTracer` (its spans do not record, so no
/// attribute is even built) and the metrics factory is swift-metrics' no-op factory.
final class SessionObservability: Sendable {
    /// Metric labels, as they appear in a metrics backend.
    enum Label {
        static let requests = "courier.requests"
        static let errors = "courier.errors"
        static let duration = "courier.request.duration"
        static let bytesSent = "courier.bytes.sent"
        static let bytesReceived = "courier.bytes.received"
        static let openConnections = "courier.connections.open"
        static let idleConnections = "courier.connections.idle"
    }

    private let configuredTracer: (any Tracer)?
    private let factory: (any MetricsFactory)?
    private let handles = Mutex(Handles())
    /// Identifies the session's pool in the connection gauges.
    let poolName: String

    private struct Handles {
        var requests: [String: Counter] = [:]
        var errors: [String: Counter] = [:]
        var durations: [String: CoreMetrics.Timer] = [:]
        var bytes: (sent: Counter, received: Counter)?
    }

    init(tracer: (any Tracer)?, metricsFactory: (any MetricsFactory)?, poolName: String) {
        self.configuredTracer = tracer
        self.factory = metricsFactory
        self.poolName = poolName
    }

    /// The configured tracer, else the process's (`InstrumentationSystem.tracer`, a no-op unless bootstrapped).
    var tracer: any Tracer {
        if let configuredTracer { return configuredTracer }
        // Nothing bootstrapped and no `withTracer` scope: the no-op tracer, without the two dynamic casts of
        // `InstrumentationSystem.tracer`'s search (compared by type, which costs no runtime lookup).
        let instrument = InstrumentationSystem.instrument
        if ObjectIdentifier(type(of: instrument)) == ObjectIdentifier(NoOpInstrument.self) { return NoOpTracer() }
        // A tracer bootstrapped on its own is the instrument just read; only a multiplex instrument needs
        // `InstrumentationSystem.tracer`'s search among its members (a second read of the instrument).
        if let tracer = instrument as? any Tracer { return tracer }
        return InstrumentationSystem.tracer
    }

    private var metricsFactory: any MetricsFactory { factory ?? MetricsSystem.factory }

    /// Starts the span of a task, a child of the caller's current span when there is one.
    func startTask(_ request: Request) -> TaskObservation {
        // Read once per task: the process's tracer sits behind a lock, and the span's own tracer is the one to
        // inject its context with.
        let tracer = self.tracer
        let span = tracer.startAnySpan(
            request.method.rawValue, context: ServiceContext.current ?? .topLevel, ofKind: .client)
        if span.isRecording {
            let url = request.url.redactingCredentials
            span.attributes["http.request.method"] = request.method.rawValue
            span.attributes["url.full"] = url.absoluteString
            if let scheme = url.scheme { span.attributes["url.scheme"] = scheme }
            if let host = url.host { span.attributes["server.address"] = host }
            if let port = url.port ?? Self.defaultPort(url.scheme) { span.attributes["server.port"] = port }
        }
        return TaskObservation(span: span, tracer: tracer, observability: self)
    }

    private static func defaultPort(_ scheme: String?) -> Int? {
        switch scheme?.lowercased() {
        case "http", "ws": 80
        case "https", "wss": 443
        case "ftp": 21
        default: nil
        }
    }

    // MARK: Metrics

    /// Counts a finished task: by method and status class, or by error code; its duration and its bytes.
    func record(
        method: String, status: Int?, error: CourierError?, duration: Duration, sent: Int64, received: Int64
    ) {
        let factory = metricsFactory
        // Nothing bootstrapped: every handle would be a no-op, so skip making the labels and looking them up.
        if Self.isNoOp(factory) { return }
        let statusClass = status.map { "\($0 / 100)xx" } ?? "none"
        let (requests, failures, timer, bytesSent, bytesReceived) = handles.withLock {
            handles -> (Counter, Counter?, CoreMetrics.Timer, Counter, Counter) in
            let requests = Self.cached(in: &handles.requests, key: method + " " + statusClass) {
                Counter(
                    label: Label.requests,
                    dimensions: [("http.request.method", method), ("status_class", statusClass)],
                    factory: factory)
            }
            let failures = error.map { error in
                let code = error.code.description
                return Self.cached(in: &handles.errors, key: code) {
                    Counter(label: Label.errors, dimensions: [("error.type", code)], factory: factory)
                }
            }
            let timer = Self.cached(in: &handles.durations, key: method) {
                CoreMetrics.Timer(
                    label: Label.duration, dimensions: [("http.request.method", method)], factory: factory)
            }
            let bytes =
                handles.bytes
                ?? (
                    Counter(label: Label.bytesSent, factory: factory),
                    Counter(label: Label.bytesReceived, factory: factory)
                )
            handles.bytes = bytes
            return (requests, failures, timer, bytes.sent, bytes.received)
        }
        requests.increment()
        failures?.increment()
        let (seconds, attoseconds) = duration.components
        timer.recordNanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
        if sent > 0 { bytesSent.increment(by: sent) }
        if received > 0 { bytesReceived.increment(by: received) }
    }

    /// Whether metrics go nowhere: swift-metrics' no-op factory, recognised by its type (an `is` test is a
    /// dynamic cast, which a profile showed on every request).
    private static func isNoOp(_ factory: any MetricsFactory) -> Bool {
        ObjectIdentifier(type(of: factory)) == ObjectIdentifier(NOOPMetricsHandler.self)
    }

    /// The handle kept under `key`, made and kept on first use.
    private static func cached<Handle>(in table: inout [String: Handle], key: String, make: () -> Handle) -> Handle {
        if let handle = table[key] { return handle }
        let handle = make()
        table[key] = handle
        return handle
    }

    /// Gauges of the session's pool: its open connections and those that carry no exchange.
    /// None when metrics go nowhere (the pool then skips counting).
    func makeConnectionGauges() -> (open: Gauge, idle: Gauge)? {
        let factory = metricsFactory
        if Self.isNoOp(factory) { return nil }
        return (
            Gauge(label: Label.openConnections, dimensions: [("pool", poolName)], factory: factory),
            Gauge(label: Label.idleConnections, dimensions: [("pool", poolName)], factory: factory)
        )
    }
}

/// The span of one task and when it started; finished exactly once, with the task.
final class TaskObservation: Sendable {
    let span: any Span
    private let tracer: any Tracer
    private let observability: SessionObservability
    private let started = ContinuousClock.now

    init(span: any Span, tracer: any Tracer, observability: SessionObservability) {
        self.span = span
        self.tracer = tracer
        self.observability = observability
    }

    /// Puts the span's trace context into a request's header fields, in whatever format the tracer speaks
    /// (W3C `traceparent` for OpenTelemetry).
    func inject(into fields: inout HTTPFields) {
        tracer.inject(span.context, into: &fields, using: HTTPFieldsInjector())
    }

    /// Ends the span and records the task's metrics.
    func finish(_ result: Result<Response, CourierError>, metrics: TaskMetrics?, method: String) {
        let status: Int?
        let error: CourierError?
        switch result {
        case .success(let response):
            status = response.status.code
            error = nil
        case .failure(let failure):
            status = failure.response?.status.code
            error = failure
        }
        if span.isRecording {
            if let status { span.attributes["http.response.status_code"] = status }
            if let last = metrics?.transactionMetrics.last {
                if let name = last.networkProtocolName {
                    span.attributes["network.protocol.name"] = "http"
                    span.attributes["network.protocol.version"] = Self.version(of: name)
                }
                if let address = last.remoteAddress { span.attributes["network.peer.address"] = address }
                if let port = last.remotePort { span.attributes["network.peer.port"] = port }
            }
            if let count = metrics?.transactionMetrics.count, count > 1 {
                span.attributes["http.request.resend_count"] = count - 1
            }
            if let error {
                span.attributes["error.type"] = error.code.description
                span.recordError(error)
                span.setStatus(SpanStatus(code: .error, message: error.message))
            } else if let status, status >= 400 {
                // OpenTelemetry: a client span with a 4xx or 5xx status is an error, named by the status code.
                span.attributes["error.type"] = String(status)
                span.setStatus(SpanStatus(code: .error))
            }
        }
        span.end()
        observability.record(
            method: method, status: status, error: error, duration: ContinuousClock.now - started,
            sent: metrics?.totalRequestBodyBytesSent ?? 0, received: metrics?.totalResponseBodyBytesReceived ?? 0)
    }

    /// `http/1.1` → `1.1`, `h2` → `2`.
    private static func version(of protocolName: String) -> String {
        switch protocolName.lowercased() {
        case "h2": "2"
        case "h3": "3"
        case let name where name.hasPrefix("http/"): String(name.dropFirst(5))
        default: protocolName
        }
    }
}

/// Writes trace context into HTTP header fields (names the tracer chose that are not valid field names are
/// left out).
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        guard let name = HTTPField.Name(key) else { return }
        carrier[name] = value
    }
}
