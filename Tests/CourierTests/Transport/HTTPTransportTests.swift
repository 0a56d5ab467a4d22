import CourierTesting
import Foundation
import HTTPTypes
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import Courier

/// Runs `body` with a test server and a session, and always shuts both down.
func withServer<Result>(
    tls: TestServer.TLSConfiguration? = nil,
    configure: (inout SessionConfiguration) -> Void = { _ in },
    delegate: (any SessionDelegate)? = nil,
    handler: @escaping TestServer.Handler,
    _ body: (TestServer, Session) async throws -> Result
) async throws -> Result {
    let server = try await TestServer.start(tls: tls, handler: handler)
    var configuration = SessionConfiguration.ephemeral
    configuration.proxy = .none
    configure(&configuration)
    let session = Session(configuration: configuration, delegate: delegate)
    do {
        let result = try await body(server, session)
        await session.finishTasksAndInvalidate()
        try await server.shutdown()
        return result
    } catch {
        await session.invalidateAndCancel()
        try? await server.shutdown()
        throw error
    }
}

/// Answers with a description of the request it got (method, target, headers, body size).
let echoHandler: TestServer.Handler = { request in
    var lines = ["\(request.method) \(request.target) \(request.httpVersion)"]
    for field in request.headers { lines.append("\(field.name.canonicalName): \(field.value)") }
    lines.append("body-bytes: \(request.body.count)")
    return .text(lines.joined(separator: "\n"))
}

@Suite("HTTP transport")
struct HTTPTransportTests {
    @Test func getAndPostOverHTTP1() async throws {
        try await withServer(handler: echoHandler) { server, session in
            let get = try await session.data(for: Request(url: server.url("/items?page=2")))
            let getText = try #require(get.text)
            #expect(get.status == .ok)
            #expect(getText.hasPrefix("GET /items?page=2 HTTP/1.1"))
            #expect(getText.contains("user-agent: \(SessionConfiguration.default.userAgent)"))
            #expect(getText.contains("accept: */*"))
            #expect(get.url == server.url("/items?page=2"))
            #expect(get.metrics?.transactionMetrics.first?.networkProtocolName == "http/1.1")

            var post = Request(url: server.url("/items"), method: .post)
            post.body = .json(["name": "pen"])
            let posted = try #require(try await session.data(for: post).text)
            #expect(posted.contains("content-type: application/json"))
            #expect(posted.contains("content-length: 14"))
            #expect(posted.contains("body-bytes: 14"))
        }
    }

    @Test func keepAliveReusesOneConnection() async throws {
        try await withServer(handler: { _ in .text("ok") }) { server, session in
            for _ in 0..<10 {
                let response = try await session.data(for: Request(url: server.url("/")))
                #expect(response.text == "ok")
            }
            #expect(server.connectionCount == 1)
        }
    }

    @Test func http2OverTLSWithAPrivateCA() async throws {
        let authority = try TestCertificateAuthority()
        let tls = TestServer.TLSConfiguration(certificate: try authority.makeServerCertificate())
        try await withServer(
            tls: tls, configure: { $0.serverTrustPolicy = .anchors(pem: [authority.certificatePEM]) },
            handler: echoHandler
        ) { server, session in
            let responses = try await withThrowingTaskGroup(of: Response.self) { group in
                for index in 0..<8 {
                    group.addTask { try await session.data(for: Request(url: server.url("/r/\(index)"))) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(responses.count == 8)
            for response in responses {
                #expect(response.metrics?.transactionMetrics.first?.networkProtocolName == "h2")
                #expect(response.text?.contains("HTTP/2") == true)
            }
            // HTTP/2 multiplexes: one connection for all eight.
            #expect(server.connectionCount == 1)
        }
    }

    /// The head, and each chunk, reach a streaming reader while the body is still coming, over HTTP/1.1 and over
    /// HTTP/2: the engine hands a head over at the end of the read it came in, not at the body's end.
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func theHeadAndEachChunkArriveBeforeTheBodyEnds(overHTTP2: Bool) async throws {
        let authority = try TestCertificateAuthority()
        let tls = overHTTP2 ? TestServer.TLSConfiguration(certificate: try authority.makeServerCertificate()) : nil
        let (body, feed) = AsyncStream<Data>.makeStream()
        try await withServer(
            tls: tls, configure: { $0.serverTrustPolicy = .anchors(pem: [authority.certificatePEM]) },
            handler: { request in
                request.path == "/again" ? .text("ok") : .stream(body, headers: [.contentType: "text/plain"])
            }
        ) { server, session in
            feed.yield(Data("first ".utf8))
            let response = try await session.bytes(for: Request(url: server.url("/stream")))
            #expect(response.status == .ok)
            var chunks = response.stream.makeAsyncIterator()
            var received = ""
            while received != "first " {
                guard let chunk = try await chunks.next() else { break }
                received += String(buffer: chunk)
            }
            #expect(received == "first ")
            feed.yield(Data("second".utf8))
            while received != "first second" {
                guard let chunk = try await chunks.next() else { break }
                received += String(buffer: chunk)
            }
            #expect(received == "first second")
            feed.finish()
            #expect(try await chunks.next() == nil)
            if overHTTP2 {
                let metrics = try await session.data(for: Request(url: server.url("/again"))).metrics
                #expect(metrics?.transactionMetrics.first?.networkProtocolName == "h2")
            }
        }
    }

    @Test func untrustedCertificateIsRejected() async throws {
        let authority = try TestCertificateAuthority()
        let stranger = try TestCertificateAuthority(commonName: "Someone Else")
        let tls = TestServer.TLSConfiguration(certificate: try authority.makeServerCertificate())
        try await withServer(
            tls: tls, configure: { $0.serverTrustPolicy = .anchors(pem: [stranger.certificatePEM]) },
            handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .serverCertificateUntrusted)
            #expect(error?.outcome == .failed)
        }
    }

    @Test func expiredCertificateIsRefused() async throws {
        // BoringSSL reports every verification failure as CERTIFICATE_VERIFY_FAILED without the reason;
        // Courier then looks at the dates of the presented chain on a second, request-free handshake.
        let authority = try TestCertificateAuthority()
        let expired = try authority.makeServerCertificate(
            notValidBefore: Date().addingTimeInterval(-86400 * 10), notValidAfter: Date().addingTimeInterval(-86400))
        try await withServer(
            tls: TestServer.TLSConfiguration(certificate: expired),
            configure: { $0.serverTrustPolicy = .anchors(pem: [authority.certificatePEM]) },
            handler: echoHandler
        ) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .serverCertificateHasBadDate)
            #expect(error?.message.contains("expired on") == true)
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test func disabledEvaluationAcceptsAnyCertificate() async throws {
        let authority = try TestCertificateAuthority()
        let tls = TestServer.TLSConfiguration(certificate: try authority.makeServerCertificate())
        try await withServer(
            tls: tls, configure: { $0.serverTrustPolicy = .dangerouslyDisableEvaluation }, handler: echoHandler
        ) { server, session in
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.status == .ok)
        }
    }

    @Test func streamingResponseArrivesInChunks() async throws {
        let chunks = (0..<20).map { Data(repeating: UInt8($0), count: 4096) }
        try await withServer(handler: { _ in .chunks(chunks, delay: .milliseconds(2)) }) { server, session in
            let response = try await session.bytes(for: Request(url: server.url("/stream")))
            var received = Data()
            var count = 0
            for try await chunk in response.stream {
                received.append(contentsOf: chunk.readableBytesView)
                count += 1
            }
            #expect(received == chunks.reduce(Data(), +))
            #expect(count > 1)
        }
    }

    @Test func uploadProgressIsReportedAsTheBodyIsPulled() async throws {
        let payload = patternData(count: 1 << 20)
        try await withServer(handler: echoHandler) { server, session in
            var request = Request(url: server.url("/upload"), method: .put)
            request.body = .data(payload)
            let task = session.makeUploadTask(with: request, from: .data(payload))
            let events = task.events
            task.resume()
            var progress: [(Int64, Int64?)] = []
            for await event in events {
                if case .didSendBodyData(_, let total, let expected) = event { progress.append((total, expected)) }
            }
            let response = try await task.value
            #expect(response.text?.contains("body-bytes: \(1 << 20)") == true)
            #expect(progress.count >= 8)
            #expect(progress.last?.0 == Int64(1 << 20))
            #expect(progress.allSatisfy { $0.1 == Int64(1 << 20) })
            #expect(zip(progress, progress.dropFirst()).allSatisfy { $0.0 < $1.0 })
            #expect(task.progress.totalBytesSent == Int64(1 << 20))
        }
    }

    @Test func fileUploadsStreamFromDisk() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-upload-\(UUID()).bin")
        try Data(repeating: 7, count: 3 << 20).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withServer(handler: echoHandler) { server, session in
            let response = try await session.upload(for: Request(url: server.url("/f"), method: .post), fromFile: file)
            #expect(response.text?.contains("body-bytes: \(3 << 20)") == true)
            #expect(response.text?.contains("content-length: \(3 << 20)") == true)
            #expect(response.metrics?.transactionMetrics.first?.requestBodyBytesSent == Int64(3 << 20))
        }
    }

    @Test func missingUploadFileIsAClearError() async throws {
        try await withServer(handler: echoHandler) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.upload(
                    for: Request(url: server.url("/f"), method: .post),
                    fromFile: URL(fileURLWithPath: "/nonexistent/courier.bin"))
            }
            #expect(error?.code == .fileDoesNotExist)
            #expect(error?.outcome == .notSent)
        }
    }

    @Test func streamBodyOfUnknownLengthGoesChunked() async throws {
        try await withServer(handler: echoHandler) { server, session in
            var request = Request(url: server.url("/s"), method: .post)
            request.body = .stream(length: nil) {
                AsyncThrowingStream { continuation in
                    for index in 0..<5 { continuation.yield(Data("part\(index);".utf8)) }
                    continuation.finish()
                }
            }
            let text = try #require(try await session.data(for: request).text)
            #expect(text.contains("transfer-encoding: chunked"))
            #expect(text.contains("body-bytes: 30"))
        }
    }

    @Test func redirect307ResendsTheBodyAnd303BecomesGet() async throws {
        let handler: TestServer.Handler = { request in
            switch request.path {
            case "/temporary": return TestServer.Response(status: 307, headers: [("Location", "/echo")])
            case "/see-other": return TestServer.Response(status: 303, headers: [("Location", "/echo")])
            default: return try await echoHandler(request)
            }
        }
        try await withServer(handler: handler) { server, session in
            var request = Request(url: server.url("/temporary"), method: .post)
            request.body = .file(try temporaryFile(Data("twice".utf8)))
            let kept = try #require(try await session.data(for: request).text)
            #expect(kept.hasPrefix("POST /echo"))
            #expect(kept.contains("body-bytes: 5"))

            request.url = server.url("/see-other")
            let switched = try #require(try await session.data(for: request).text)
            #expect(switched.hasPrefix("GET /echo"))
            #expect(switched.contains("body-bytes: 0"))
        }
    }

    @Test func authorizationDoesNotFollowToAnotherOrigin() async throws {
        let other = try await TestServer.start(handler: echoHandler)
        defer { Task { try? await other.shutdown() } }
        let target = other.url("/landing").absoluteString
        try await withServer(handler: { _ in TestServer.Response(status: 302, headers: [("Location", target)]) }) {
            server, session in
            var request = Request(url: server.url("/start"))
            try request.setValue("Bearer secret", forHTTPHeaderField: "Authorization")
            let response = try await session.data(for: request)
            let text = try #require(response.text)
            #expect(text.hasPrefix("GET /landing"))
            #expect(!text.contains("authorization"))
            #expect(response.redirectChain.count == 1)
        }
        try await other.shutdown()
    }

    @Test func garbageStatusLineIsABadServerResponse() async throws {
        try await withServer(handler: { request in
            request.path == "/ok" ? .text("fine") : .raw(Data("HTTX/9 banana\r\n\r\n".utf8))
        }) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/garbage")))
            }
            #expect(error?.code == .badServerResponse)
            #expect(error?.outcome == .ambiguous)
            // The session stays usable.
            let good = try await session.data(for: Request(url: server.url("/ok")))
            #expect(good.text == "fine")
        }
    }

    @Test func truncatedBodyIsConnectionLost() async throws {
        try await withServer(handler: { _ in .truncatedBody(declaredLength: 1000, sending: Data(count: 100)) }) {
            server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .networkConnectionLost)
            #expect(error?.outcome == .ambiguous)
        }
    }

    @Test func closedConnectionIsConnectionLost() async throws {
        try await withServer(handler: { _ in .closeConnection }) { server, session in
            let error = await #expect(throws: CourierError.self) {
                try await session.data(for: Request(url: server.url("/")))
            }
            #expect(error?.code == .networkConnectionLost)
            #expect(error?.outcome == .ambiguous)
        }
    }

    @Test func serverThatNeverAnswersTimesOut() async throws {
        // No retries, and an idle clock that moves only once the request has reached the server: the request
        // went out, so the outcome is ambiguous however busy the machine is. The timeout is long because the
        // transport also bounds connecting by it, in real time: a 1 s bound could expire on a loaded machine
        // before the request leaves, and the request would then never arrive.
        let idleClock = ManualWatchdogClock()
        let (arrivals, arrived) = AsyncStream<Void>.makeStream()
        try await withServer(
            configure: {
                $0.timeoutIntervalForRequest = 30
                $0.retryPolicy = .none
                $0.watchdog = Watchdog(clock: idleClock)
            },
            handler: { _ in
                arrived.yield()
                return .hang
            }
        ) { server, session in
            let caller = Task { try await session.data(for: Request(url: server.url("/"))) }
            for await _ in arrivals { break }
            await idleClock.waitForSleeper()
            idleClock.advance(by: 31)
            let error = await #expect(throws: CourierError.self) {
                try await caller.value
            }
            #expect(error?.code == .timedOut)
            #expect(error?.outcome == .ambiguous)
        }
    }

    @Test func bodyThatStallsAfterTheHeadTimesOut() async throws {
        try await withServer(handler: { _ in .headThenHang() }) { server, session in
            var request = Request(url: server.url("/"))
            request.timeout = 0.3
            let error = await #expect(throws: CourierError.self) { try await session.data(for: request) }
            #expect(error?.code == .timedOut, "\(String(reflecting: error))")
        }
    }

    @Test func refusedPortIsCannotConnect() async throws {
        // A socket bound to a port but not listening: connections are refused, and the port stays ours (a
        // closed server's port could be taken by another test's server meanwhile).
        let (descriptor, port) = try boundButNotListening()
        defer { close(descriptor) }
        let url = URL(string: "http://127.0.0.1:\(port)/")!
        let session = Session(configuration: .ephemeral)
        let error = await #expect(throws: CourierError.self) { try await session.data(for: Request(url: url)) }
        #expect(error?.code == .cannotConnectToHost)
        #expect(error?.outcome == .failed)
        #expect(error?.description.contains("127.0.0.1") == true)
        await session.finishTasksAndInvalidate()
    }

    @Test func explicitHTTPProxyGetsAbsoluteFormAndNoProxyGoesDirect() async throws {
        let proxy = try await TestServer.start(handler: { _ in TestServer.Response(status: 403) })
        try await withServer(
            configure: {
                $0.proxy = .http(host: "127.0.0.1", port: proxy.port, noProxy: ["127.0.0.1"])
                $0.retryPolicy = .none  // one request to count
            }, handler: { _ in .text("direct") }
        ) { server, session in
            // Plain http goes to an HTTP proxy in absolute form (no tunnel), so the
            // proxy's 403 is the response.
            let refused = try await session.data(for: Request("http://courier.example:8080/path?q=1"))
            #expect(refused.status.code == 403)
            let forwarded = try #require(proxy.recordedRequests.first)
            #expect(forwarded.method == "GET")
            #expect(forwarded.target == "http://courier.example:8080/path?q=1")
            let direct = try await session.data(for: Request(url: server.url("/")))
            #expect(direct.text == "direct")
            #expect(proxy.recordedRequests.count == 1)
        }
        try await proxy.shutdown()
    }

    @Test func synchronousCallRefusesAnEventLoop() async throws {
        let session = Session(configuration: .ephemeral)
        let request = try Request("http://127.0.0.1:9/")
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let code = try await loop.submit { () -> CourierError.Code? in
            do {
                _ = try blockingCall(session, request)
                return nil
            } catch let error as CourierError {
                return error.code
            }
        }.get()
        #expect(code == .callIsBlocking)
        await session.finishTasksAndInvalidate()
    }

    @Test func aSessionDroppedWithoutInvalidationReleasesItsClients() async throws {
        let server = try await RawTestServer()
        let url = try #require(URL(string: "http://127.0.0.1:\(server.port)/"))
        let connection: RawTestConnection
        do {
            var configuration = SessionConfiguration.ephemeral
            configuration.proxy = .none
            let dropped = Session(configuration: configuration)
            async let response = dropped.data(for: Request(url: url))
            connection = try await server.nextConnection()
            _ = try await connection.readRequest()
            try await connection.write("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nx")
            #expect(try await response.text == "x")
        }
        // The dropped session's HTTP client shuts down in the background instead of trapping, and closes the
        // connection it kept alive: that close is the event the test waits for.
        await connection.waitForClose()
        await server.shutdown()
    }

    @Test func metricsCountBytesAndTimes() async throws {
        try await withServer(handler: { _ in .data(Data(count: 5000)) }) { server, session in
            let response = try await session.data(for: Request(url: server.url("/m")))
            let transaction = try #require(response.metrics?.transactionMetrics.first)
            #expect(transaction.responseBodyBytesReceived == 5000)
            #expect(transaction.responseHeaderBytesReceived > 20)
            #expect(transaction.requestHeaderBytesSent > 20)
            #expect(transaction.timeToFirstByte != nil)
            #expect(transaction.responseEndDate != nil)
            #expect(transaction.resourceFetchType == .networkLoad)
            #expect(response.metrics?.redirectCount == 0)
        }
    }

    @Test func aResponseWithoutContentIsHandedOnWithItsEndRead() async throws {
        // What the transport returns, as the first network interceptor sees it.
        final class Spy: Interceptor {
            let bodies = Mutex<[String]>([])
            func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
                let response = try await chain.proceed(request)
                let kind: String
                switch response.body {
                case .none: kind = "none"
                case .stream: kind = "stream"
                case .data: kind = "data"
                case .file: kind = "file"
                }
                bodies.withLock { $0.append("\(request.method.rawValue) \(response.status.code) \(kind)") }
                return response
            }
        }
        let spy = Spy()
        let handler: TestServer.Handler = { request in
            switch request.path {
            case "/empty": return TestServer.Response(status: 204)
            case "/same": return TestServer.Response(status: 304, headers: [.eTag: "\"1\""])
            default: return .text("hello")
            }
        }
        try await withServer(configure: { $0.networkInterceptors = [spy] }, handler: handler) { server, session in
            let noContent = try await session.data(for: Request(url: server.url("/empty")))
            let notModified = try await session.data(for: Request(url: server.url("/same")))
            var head = Request(url: server.url("/text"))
            head.method = .head
            let headResponse = try await session.data(for: head)
            let text = try await session.data(for: Request(url: server.url("/text")))
            for response in [noContent, notModified, headResponse] {
                #expect(response.data.isEmpty)
                let transaction = try #require(response.metrics?.transactionMetrics.last)
                #expect(transaction.responseEndDate != nil)
                #expect(transaction.responseBodyBytesReceived == 0)
            }
            #expect(text.text == "hello")
            // One connection served all four: the end of each bodiless message was read.
            #expect(server.connectionCount == 1)
        }
        #expect(spy.bodies.withLock { $0 } == ["GET 204 none", "GET 304 none", "HEAD 200 none", "GET 200 stream"])
    }

    @Test func harRecordsRealExchanges() async throws {
        let recorder = HARRecorder()
        let handler: TestServer.Handler = { request in
            request.path == "/start"
                ? TestServer.Response(status: 302, headers: [("Location", "/json")])
                : .text(#"{"ok":true}"#, headers: [.contentType: "application/json"])
        }
        try await withServer(configure: { $0.eventMonitors = [recorder] }, handler: handler) { server, session in
            var request = Request(url: server.url("/start"))
            try request.setValue("Bearer hidden", forHTTPHeaderField: "Authorization")
            _ = try await session.data(for: request)
        }
        let document = try JSONDecoder().decode(HARDocument.self, from: try recorder.harData())
        #expect(document.log.version == "1.2")
        #expect(document.log.entries.count == 2)
        #expect(document.log.entries[0].response.status == 302)
        #expect(document.log.entries[0].response.redirectURL == "/json")
        #expect(document.log.entries[1].response.content.text == #"{"ok":true}"#)
        #expect(
            document.log.entries[1].request.headers.contains { $0.name == "Authorization" && $0.value == "<redacted>" })
        let json = String(decoding: try recorder.harData(), as: UTF8.self)
        #expect(!json.contains("hidden"))
    }

    @Test func delegateEventsOverTheNetworkKeepTheirOrder() async throws {
        let delegate = RecordingDelegate()
        let handler: TestServer.Handler = { request in
            request.path == "/a"
                ? TestServer.Response(status: 301, headers: [("Location", "/b")])
                : .chunks([Data("12".utf8), Data("34".utf8)], delay: .milliseconds(5))
        }
        try await withServer(delegate: delegate, handler: handler) { server, session in
            let task = session.makeDataTask(with: Request(url: server.url("/a")))
            task.resume()
            _ = try await task.value
        }
        let calls = delegate.recorded
        #expect(calls.first == "redirect 301")
        #expect(calls.dropFirst().first == "response 200")
        #expect(calls.suffix(2) == ["metrics", "complete ok"])
        #expect(calls.filter { $0.hasPrefix("data") }.count >= 1)
    }

    @Test func largeBodyCollectsIntact() async throws {
        let payload = patternData(count: 8 << 20)
        try await withServer(handler: { _ in .data(payload) }) { server, session in
            let response = try await session.data(for: Request(url: server.url("/big")))
            #expect(response.data == payload)
            #expect(response.expectedContentLength == Int64(8 << 20))
        }
    }
}

/// A plain synchronous call of the blocking API (so the test can make it from an event loop).
func blockingCall(_ session: Session, _ request: Request) throws -> Response {
    try session.synchronousData(for: request)
}

/// Bytes with a repeating non-trivial pattern, made without a closure per byte (debug builds are slow,
/// and the tests share two cores).
func patternData(count: Int) -> Data {
    var block = Data(count: 4093)
    block.withUnsafeMutableBytes { raw in
        for index in 0..<raw.count { raw[index] = UInt8(truncatingIfNeeded: index &* 31 &+ 7) }
    }
    var data = Data(capacity: count)
    while data.count < count { data.append(block.prefix(count - data.count)) }
    return data
}

func temporaryFile(_ data: Data) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID()).bin")
    try data.write(to: url)
    return url
}
