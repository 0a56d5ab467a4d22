import Courier
import Foundation
import HTTPTypes
import Synchronization

/// A protocol handler that answers requests with canned responses, for your own tests: no network,
/// yet the whole Courier chain (interceptors, redirects, events, metrics) runs.
///
/// ```swift
/// let stubs = StubProtocolHandler()
/// stubs.stub(.get, "https://api.example.com/items", response: .json(#"[{"id":1}]"#))
/// stubs.stub(.post, "https://api.example.com/items", response: .status(201))
/// var configuration = SessionConfiguration.ephemeral
/// configuration.protocolHandlers = [stubs]
/// let session = Session(configuration: configuration)
/// ```
///
/// The most recently added matching stub wins. Requests no stub matches fail with
/// `resourceUnavailable` (or, with `passThroughUnmatched`, go on to the real network).
public final class StubProtocolHandler: ProtocolHandler, Sendable {
    private struct Stub {
        let matches: @Sendable (Request) -> Bool
        let response: StubResponse
        var remainingUses: Int?
    }

    private struct State {
        var stubs: [Stub] = []
        var received: [Request] = []
    }

    private let state = Mutex(State())
    /// When true, requests that no stub matches are not taken by this handler.
    public let passThroughUnmatched: Bool

    /// Creates a handler with no stubs.
    ///
    /// - Parameter passThroughUnmatched: When `true`, requests no stub matches are left to the next protocol
    ///   handler (the real network); when `false` (the default) they fail with `resourceUnavailable`.
    public init(passThroughUnmatched: Bool = false) {
        self.passThroughUnmatched = passThroughUnmatched
    }

    /// Answers requests with this method (any method when `nil`) and exactly this URL.
    public func stub(_ method: HTTPRequest.Method? = nil, _ url: String, response: StubResponse, times: Int? = nil) {
        stub(
            matching: { request in
                (method == nil || request.method == method) && request.url.absoluteString == url
            }, response: response, times: times)
    }

    /// Answers requests the predicate accepts.
    public func stub(
        matching predicate: @escaping @Sendable (Request) -> Bool, response: StubResponse, times: Int? = nil
    ) {
        state.withLock { $0.stubs.append(Stub(matches: predicate, response: response, remainingUses: times)) }
    }

    /// Every request this handler received, in order.
    public var receivedRequests: [Request] { state.withLock { $0.received } }

    /// Removes all stubs and forgets the received requests.
    public func reset() {
        state.withLock { $0 = State() }
    }

    /// Whether this handler takes the request: always, unless ``passThroughUnmatched`` is set and no stub with
    /// uses left matches it.
    public func canHandle(_ request: Request) -> Bool {
        if !passThroughUnmatched { return true }
        return state.withLock { state in state.stubs.contains { $0.matches(request) && $0.remainingUses != 0 } }
    }

    /// Records the request and answers with the most recent matching stub: its delay, then its error, redirect or
    /// status, headers and body chunks (with `Content-Length` added when missing).
    public func startLoading(_ request: Request, client: ProtocolHandlerClient) async {
        let response: StubResponse? = state.withLock { state in
            state.received.append(request)
            guard let index = state.stubs.lastIndex(where: { $0.matches(request) && $0.remainingUses != 0 }) else {
                return nil
            }
            if let remaining = state.stubs[index].remainingUses { state.stubs[index].remainingUses = remaining - 1 }
            return state.stubs[index].response
        }
        guard let response else {
            client.didFail(
                with: CourierError(
                    .resourceUnavailable, outcome: .notSent,
                    message: "no stub matches \(request.method.rawValue) \(request.url.absoluteString)",
                    request: request))
            return
        }
        if let delay = response.delay {
            do {
                try await Task.sleep(for: delay)
            } catch {
                return
            }
        }
        if let error = response.error {
            client.didFail(with: error)
            return
        }
        var fields = response.headerFields
        if fields[.contentLength] == nil, response.chunks.isEmpty == false || response.status.code != 204 {
            fields[.contentLength] = String(response.chunks.reduce(0) { $0 + $1.count })
        }
        let head = Response(status: response.status, headerFields: fields, url: request.url, request: request)
        if let location = response.redirectLocation,
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        {
            var next = request
            next.url = target
            var redirect = head
            redirect.headerFields[.location] = target.absoluteString
            client.wasRedirected(to: next, redirectResponse: redirect)
            return
        }
        client.didReceive(head)
        if request.method != .head {
            for chunk in response.chunks {
                if client.isCancelled { return }
                await client.didLoad(chunk)
                if let chunkDelay = response.chunkDelay {
                    try? await Task.sleep(for: chunkDelay)
                }
            }
        }
        client.didFinishLoading()
    }
}

/// A canned answer for ``StubProtocolHandler``.
public struct StubResponse: Sendable {
    /// The status to answer with (`200 OK` by default).
    public var status: HTTPResponse.Status
    /// The header fields to answer with; `Content-Length` is added when missing.
    public var headerFields: HTTPFields
    /// The body, sent as these chunks in order.
    public var chunks: [Data]
    /// Wait this long before answering.
    public var delay: Duration?
    /// Wait this long between chunks.
    public var chunkDelay: Duration?
    /// Fail with this error instead of answering.
    public var error: CourierError?
    /// Redirect here (relative to the request URL) instead of answering.
    public var redirectLocation: String?

    /// Creates a response with a status, header fields, a body sent as one chunk, and an optional delay.
    public init(
        status: HTTPResponse.Status = .ok,
        headerFields: HTTPFields = [:],
        body: Data = Data(),
        delay: Duration? = nil
    ) {
        self.status = status
        self.headerFields = headerFields
        self.chunks = body.isEmpty ? [] : [body]
        self.delay = delay
        self.chunkDelay = nil
        self.error = nil
        self.redirectLocation = nil
    }

    /// A status with an empty body.
    public static func status(_ code: Int) -> StubResponse {
        StubResponse(status: HTTPResponse.Status(code: code))
    }

    /// UTF-8 text.
    public static func text(_ text: String, status: Int = 200, contentType: String = "text/plain; charset=utf-8")
        -> StubResponse
    {
        StubResponse(
            status: HTTPResponse.Status(code: status), headerFields: [.contentType: contentType], body: Data(text.utf8))
    }

    /// A JSON document given as text.
    public static func json(_ json: String, status: Int = 200) -> StubResponse {
        text(json, status: status, contentType: "application/json")
    }

    /// Bytes with a content type.
    public static func data(_ data: Data, status: Int = 200, contentType: String = "application/octet-stream")
        -> StubResponse
    {
        StubResponse(status: HTTPResponse.Status(code: status), headerFields: [.contentType: contentType], body: data)
    }

    /// A body sent in several chunks, with an optional pause between them.
    public static func chunks(
        _ chunks: [Data], contentType: String = "application/octet-stream", delay: Duration? = nil
    )
        -> StubResponse
    {
        var response = StubResponse(headerFields: [.contentType: contentType])
        response.chunks = chunks
        response.chunkDelay = delay
        return response
    }

    /// A redirect to `location` with the given status.
    public static func redirect(to location: String, status: Int = 302) -> StubResponse {
        var response = StubResponse(status: HTTPResponse.Status(code: status))
        response.redirectLocation = location
        return response
    }

    /// A failure with a Courier error code.
    public static func failure(_ code: CourierError.Code, message: String? = nil) -> StubResponse {
        var response = StubResponse()
        response.error = CourierError(code, outcome: .failed, message: message ?? "stubbed failure: \(code.name)")
        return response
    }

    /// This response after a pause.
    public func delayed(by delay: Duration) -> StubResponse {
        var copy = self
        copy.delay = delay
        return copy
    }
}
