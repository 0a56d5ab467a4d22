import CourierTesting
import Foundation
import HTTPTypes
import InMemoryTracing
import MetricsTestKit
import Testing
import Tracing

@testable import Courier

/// Tracing and metrics: a client span per task with OpenTelemetry's HTTP attributes, its trace context in the
/// request's header fields, and swift-metrics counters, timers and gauges. Each session gets its own in-memory
/// tracer and test metrics factory, so tests running side by side never see each other's spans.
@Suite("Tracing and metrics")
struct ObservabilityTests {
    private static func session(tracer: InMemoryTracer? = nil, metrics: TestMetrics? = nil) -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.tracer = tracer
        configuration.metricsFactory = metrics
        configuration.retryPolicy = .none
        return Session(configuration: configuration)
    }

    /// Without a configured tracer the session reports to the process's: here one bound with `withTracer`.
    @Test func withoutAConfiguredTracerTheProcessTracerGetsTheSpan() async throws {
        let tracer = InMemoryTracer()
        let server = try await TestServer.start { _ in .text("ok") }
        let session = Self.session()
        let response = try await withTracer(tracer) {
            try await session.data(for: Request(url: server.url("/")))
        }
        #expect(response.status == .ok)
        #expect(tracer.finishedSpans.map(\.operationName) == ["GET"])
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    @Test func aTaskIsOneClientSpanWhoseContextGoesOutWithTheRequest() async throws {
        let tracer = InMemoryTracer()
        let server = try await TestServer.start { _ in .text("ok") }
        let session = Self.session(tracer: tracer)
        let response = try await session.data(for: Request(url: server.url("/items?q=1")))
        #expect(response.status == .ok)
        let span = try #require(tracer.finishedSpans.first)
        #expect(tracer.finishedSpans.count == 1)
        #expect(span.operationName == "GET")
        #expect(span.kind == .client)
        #expect(span.attributes.get("http.request.method") == .string("GET"))
        #expect(span.attributes.get("url.full") == .string("http://127.0.0.1:\(server.port)/items?q=1"))
        #expect(span.attributes.get("server.address") == .string("127.0.0.1"))
        #expect(span.attributes.get("server.port") == .int64(Int64(server.port)))
        #expect(span.attributes.get("http.response.status_code") == .int64(200))
        #expect(span.attributes.get("network.protocol.version") == .string("1.1"))
        #expect(span.attributes.get("network.peer.address") == .string("127.0.0.1"))
        #expect(span.attributes.get("http.request.resend_count") == nil)
        #expect(span.status == nil)
        // The trace context went out in the tracer's own header fields.
        let received = try #require(server.recordedRequests.first)
        #expect(received.headers[HTTPField.Name(InMemoryTracer.traceIDKey)!] == span.traceID)
        #expect(received.headers[HTTPField.Name(InMemoryTracer.spanIDKey)!] == span.spanID)
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    @Test func theSpanIsAChildOfTheCallersSpan() async throws {
        let tracer = InMemoryTracer()
        let server = try await TestServer.start { _ in .text("ok") }
        let session = Self.session(tracer: tracer)
        let parent = tracer.startSpan("checkout")
        try await ServiceContext.withValue(parent.context) {
            _ = try await session.data(for: Request(url: server.url("/")))
        }
        parent.end()
        let child = try #require(tracer.finishedSpans.first { $0.operationName == "GET" })
        #expect(child.traceID == parent.context.inMemorySpanContext?.traceID)
        #expect(child.parentSpanID == parent.context.inMemorySpanContext?.spanID)
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    @Test func aRedirectCountsAsAResend() async throws {
        let tracer = InMemoryTracer()
        let server = try await TestServer.start { request in
            request.path == "/old" ? .text("", status: 302, headers: [.location: "/new"]) : .text("moved here")
        }
        let session = Self.session(tracer: tracer)
        _ = try await session.data(for: Request(url: server.url("/old")))
        let span = try #require(tracer.finishedSpans.first)
        #expect(tracer.finishedSpans.count == 1)
        #expect(span.attributes.get("http.request.resend_count") == .int64(1))
        #expect(span.attributes.get("http.response.status_code") == .int64(200))
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    @Test func aFailedTaskIsAnErrorSpanAndCountsByItsCode() async throws {
        let tracer = InMemoryTracer()
        let metrics = TestMetrics()
        let session = Self.session(tracer: tracer, metrics: metrics)
        // Nothing listens on port 1.
        await #expect(throws: CourierError.self) {
            try await session.data(for: Request("http://127.0.0.1:1/"))
        }
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.status?.code == .error)
        #expect(span.attributes.get("error.type") == .string("cannotConnectToHost"))
        #expect(span.errors.count == 1)
        #expect(try metrics.expectCounter("courier.errors", [("error.type", "cannotConnectToHost")]).totalValue == 1)
        #expect(
            try metrics.expectCounter("courier.requests", [("http.request.method", "GET"), ("status_class", "none")])
                .totalValue == 1)
        await session.finishTasksAndInvalidate()
    }

    @Test func anErrorStatusMarksTheSpan() async throws {
        let tracer = InMemoryTracer()
        let server = try await TestServer.start { _ in .text("gone", status: 404) }
        let session = Self.session(tracer: tracer)
        _ = try await session.data(for: Request(url: server.url("/missing")))
        let span = try #require(tracer.finishedSpans.first)
        #expect(span.status?.code == .error)
        #expect(span.attributes.get("error.type") == .string("404"))
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }

    @Test func requestsAreCountedByMethodAndStatusClassWithDurationsBytesAndConnections() async throws {
        let metrics = TestMetrics()
        let server = try await TestServer.start { request in
            request.path == "/missing" ? .text("no", status: 404) : .text("hello")
        }
        let session = Self.session(metrics: metrics)
        for _ in 0..<2 { _ = try await session.data(for: Request(url: server.url("/a"))) }
        _ = try await session.data(for: Request(url: server.url("/missing")))
        var post = Request(url: server.url("/upload"))
        post.method = .post
        post.body = .data(Data("12345".utf8))
        _ = try await session.data(for: post)
        #expect(
            try metrics.expectCounter("courier.requests", [("http.request.method", "GET"), ("status_class", "2xx")])
                .totalValue == 2)
        #expect(
            try metrics.expectCounter("courier.requests", [("http.request.method", "GET"), ("status_class", "4xx")])
                .totalValue == 1)
        #expect(
            try metrics.expectCounter("courier.requests", [("http.request.method", "POST"), ("status_class", "2xx")])
                .totalValue == 1)
        #expect(try metrics.expectTimer("courier.request.duration", [("http.request.method", "GET")]).values.count == 3)
        #expect(try metrics.expectCounter("courier.bytes.received").totalValue == 5 + 5 + 2 + 5)
        #expect(try metrics.expectCounter("courier.bytes.sent").totalValue == 5)
        // One keep-alive connection carried everything, and it is idle now.
        let pool = session.core.observability.poolName
        #expect(try metrics.expectGauge("courier.connections.open", [("pool", pool)]).lastValue == 1)
        #expect(try metrics.expectGauge("courier.connections.idle", [("pool", pool)]).lastValue == 1)
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
    }
}
