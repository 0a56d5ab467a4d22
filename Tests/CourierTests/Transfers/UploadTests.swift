import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

/// The upload bodies every re-send test runs with: data, a file, a restartable stream and a multipart form.
enum UploadBodyKind: String, CaseIterable, Sendable {
    case data, file, stream, multipart
}

/// Answers `/final` with the method, size and type of the body; `/auth` wants Basic credentials first; `/307`
/// and `/308` redirect to `/final`.
private let resendHandler: TestServer.Handler = { request in
    switch request.path {
    case "/307": return TestServer.Response(status: 307, headers: [("Location", "/final")])
    case "/308": return TestServer.Response(status: 308, headers: [("Location", "/final")])
    case "/auth" where request.headers[.authorization] == nil:
        return TestServer.Response(
            status: 401, headers: [("WWW-Authenticate", #"Basic realm="uploads""#)], body: .data(Data("who?".utf8)))
    default:
        let type = request.headers[.contentType] ?? "-"
        return .text("\(request.method) \(request.body.count) \(type)")
    }
}

@Suite("Uploads")
struct UploadTests {
    /// A body of the given kind carrying `payload`, and the exact bytes that go on the wire.
    func makeBody(_ kind: UploadBodyKind, payload: Data, directory: URL) throws -> (RequestBody, Data) {
        switch kind {
        case .data:
            return (.data(payload), payload)
        case .file:
            let file = directory.appendingPathComponent("payload.bin")
            try payload.write(to: file)
            return (.file(file), payload)
        case .stream:
            let chunks = stride(from: 0, to: payload.count, by: 50_000).map {
                payload.subdata(in: $0..<min($0 + 50_000, payload.count))
            }
            let body = RequestBody.stream(length: Int64(payload.count)) {
                AsyncThrowingStream { continuation in
                    for chunk in chunks { continuation.yield(chunk) }
                    continuation.finish()
                }
            }
            return (body, payload)
        case .multipart:
            let file = directory.appendingPathComponent("part.bin")
            try payload.write(to: file)
            var form = MultipartForm()
            form.append("yes", name: "field")
            try form.appendFile(at: file, name: "upload")
            var wire = Data()
            wire.append(Data("--\(form.boundary)\r\n".utf8))
            wire.append(Data("Content-Disposition: form-data; name=\"field\"\r\n\r\nyes\r\n".utf8))
            wire.append(Data("--\(form.boundary)\r\n".utf8))
            wire.append(Data("Content-Disposition: form-data; name=\"upload\"; filename=\"part.bin\"\r\n".utf8))
            wire.append(Data("Content-Type: application/octet-stream\r\n\r\n".utf8))
            wire.append(payload)
            wire.append(Data("\r\n--\(form.boundary)--\r\n".utf8))
            return (form.body, wire)
        }
    }

    /// Sends `body` to `path` as an upload task and returns the response text and the upload progress
    /// events (total sent, total expected) in order.
    func send(_ body: RequestBody, to url: URL, session: Session) async throws -> (String, [(Int64, Int64?)]) {
        let task = session.makeUploadTask(with: Request(url: url, method: .post), from: body)
        let events = task.events
        task.resume()
        var progress: [(Int64, Int64?)] = []
        for await event in events {
            if case .didSendBodyData(_, let total, let expected) = event { progress.append((total, expected)) }
        }
        let response = try await task.value
        return (response.text ?? "", progress)
    }

    /// Progress that ran to `length` twice: up to the full length, back to the start, up again.
    func expectTwoFullRuns(_ progress: [(Int64, Int64?)], length: Int64) {
        let restarts = zip(progress, progress.dropFirst()).filter { $1.0 <= $0.0 }.count
        #expect(restarts == 1, "progress should restart once: \(progress.map(\.0))")
        #expect(progress.filter { $0.0 == length }.count == 2)
        #expect(progress.allSatisfy { $0.1 == length })
    }

    @Test(arguments: UploadBodyKind.allCases, ["/307", "/308"])
    func redirectsResendTheWholeBodyWithProgressRestarting(kind: UploadBodyKind, path: String) async throws {
        let payload = patternData(count: 300_000)
        try await withTemporaryDirectory { directory in
            let (body, wire) = try makeBody(kind, payload: payload, directory: directory)
            try await withServer(handler: resendHandler) { server, session in
                let (text, progress) = try await send(body, to: server.url(path), session: session)
                #expect(text.hasPrefix("POST \(wire.count) "))
                #expect(server.recordedRequests.allSatisfy { $0.body == wire })
                if kind == .multipart { #expect(text.contains("multipart/form-data; boundary=")) }
                #expect(server.recordedRequests.map(\.path) == [path, "/final"])
                #expect(server.recordedRequests.map(\.body.count) == [wire.count, wire.count])
                expectTwoFullRuns(progress, length: Int64(wire.count))
            }
        }
    }

    @Test(arguments: UploadBodyKind.allCases)
    func anAuthenticationChallengeResendsTheBody(kind: UploadBodyKind) async throws {
        let payload = patternData(count: 200_000)
        let delegate = ChallengeDelegate { _ in .useCredential(.user("ann", password: "secret")) }
        try await withTemporaryDirectory { directory in
            let (body, wire) = try makeBody(kind, payload: payload, directory: directory)
            try await withServer(
                configure: { $0.allowsBasicAuthenticationOverHTTP = true }, delegate: delegate, handler: resendHandler
            ) { server, session in
                let (text, progress) = try await send(body, to: server.url("/auth"), session: session)
                #expect(text.hasPrefix("POST \(wire.count) "))
                #expect(delegate.challenges.withLock { $0.count } == 1)
                let recorded = server.recordedRequests
                #expect(recorded.count == 2)
                #expect(
                    recorded.last?.headers[.authorization] == "Basic " + Data("ann:secret".utf8).base64EncodedString())
                #expect(recorded.allSatisfy { $0.body == wire })
                expectTwoFullRuns(progress, length: Int64(wire.count))
            }
        }
    }

    @Test func multipartUploadArrivesIntactWithItsContentLength() async throws {
        try await withTemporaryDirectory { directory in
            let first = directory.appendingPathComponent("one.txt")
            let second = directory.appendingPathComponent("two.png")
            try Data("first file\n".utf8).write(to: first)
            try patternData(count: 700_000).write(to: second)
            var form = MultipartForm()
            form.append("shipped", name: "status")
            try form.appendFile(at: first, name: "userfile[]")
            try form.appendFile(at: second, name: "userfile[]")
            var request = Request(url: URL(string: "http://unused")!, method: .post)
            try await withServer(handler: resendHandler) { server, session in
                request.url = server.url("/final")
                request.body = .multipart(form)
                _ = try await session.data(for: request)
                let received = try #require(server.recordedRequests.first)
                #expect(received.headers[.contentLength] == String(form.contentLength))
                #expect(received.headers[.contentType] == "multipart/form-data; boundary=\(form.boundary)")
                let parts = try parseMultipart(received.body, boundary: form.boundary)
                #expect(parts.map { $0.parameter("name") } == ["status", "userfile[]", "userfile[]"])
                #expect(parts.map(\.contentType) == [nil, "text/plain", "image/png"])
                #expect(parts[2].content == patternData(count: 700_000))
            }
        }
    }

    @Test func aFileRemovedBeforeSendingIsAClearErrorAndNothingIsSent() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("vanishing.txt")
            try Data("here".utf8).write(to: file)
            var form = MultipartForm()
            try form.appendFile(at: file, name: "f")
            try FileManager.default.removeItem(at: file)
            try await withServer(handler: resendHandler) { server, session in
                var request = Request(url: server.url("/final"), method: .post)
                request.body = .multipart(form)
                let error = await #expect(throws: CourierError.self) { try await session.data(for: request) }
                #expect(error?.code == .fileDoesNotExist)
                #expect(error?.outcome == .notSent)
                #expect(error?.message.contains("vanishing.txt") == true)
                #expect(server.recordedRequests.isEmpty)
            }
        }
    }

    @Test func aFileThatGrewBeforeSendingFailsInsteadOfSendingAWrongLength() async throws {
        try await withTemporaryDirectory { directory in
            let file = directory.appendingPathComponent("log.txt")
            try Data(repeating: 65, count: 1000).write(to: file)
            var form = MultipartForm()
            try form.appendFile(at: file, name: "f")
            try Data(repeating: 65, count: 5000).write(to: file)
            try await withServer(handler: resendHandler) { server, session in
                var request = Request(url: server.url("/final"), method: .post)
                request.body = .multipart(form)
                let error = await #expect(throws: CourierError.self) { try await session.data(for: request) }
                #expect(error?.code == .requestBodyStreamExhausted)
                #expect(error?.message.contains("build the form again") == true)
                #expect(server.recordedRequests.isEmpty)
            }
        }
    }
}
