import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

@Suite("Redirects")
struct RedirectTests {
    @Test(arguments: [
        (301, "POST", "GET", false),
        (302, "POST", "GET", false),
        (303, "POST", "GET", false),
        (303, "PUT", "GET", false),
        (303, "HEAD", "HEAD", false),
        (307, "POST", "POST", true),
        (308, "POST", "POST", true),
        (301, "PUT", "PUT", true),
        (302, "DELETE", "DELETE", false),
    ])
    func methodRewriteRules(status: Int, method: String, expectedMethod: String, keepsBody: Bool) async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { $0.url.path == "/from" }, response: .redirect(to: "/to", status: status))
        stubs.stub(matching: { $0.url.path == "/to" }, response: .status(200))
        let session = stubbedSession(stubs)
        var request = try Request("https://api.test/from", method: HTTPRequest.Method(method)!)
        if method != "HEAD" && method != "DELETE" { request.body = .text("payload") }
        let response = try await session.data(for: request)
        #expect(response.url.path == "/to")
        #expect(response.redirectChain.count == 1)
        #expect(response.redirectChain.first?.statusCode == status)
        let final = try #require(stubs.receivedRequests.last)
        #expect(final.method.rawValue == expectedMethod)
        if keepsBody {
            #expect(final.body.inMemoryData == Data("payload".utf8))
            #expect(final.value(forHTTPHeaderField: "Content-Type") != nil)
        } else {
            #expect(final.body.isEmpty)
            #expect(final.value(forHTTPHeaderField: "Content-Type") == nil)
        }
        await session.finishTasksAndInvalidate()
    }

    @Test func credentialsAndCookiesAreStrippedAcrossOrigins() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/start", response: .redirect(to: "https://other.test/landing"))
        stubs.stub(.get, "https://other.test/landing", response: .status(200))
        let session = stubbedSession(stubs)
        var request = try Request("https://api.test/start")
        try request.setValue("Basic c2VjcmV0", forHTTPHeaderField: "Authorization")
        try request.setValue("Basic cHJveHk=", forHTTPHeaderField: "Proxy-Authorization")
        try request.setValue("sid=1", forHTTPHeaderField: "Cookie")
        try request.setValue("kept", forHTTPHeaderField: "X-Trace")
        _ = try await session.data(for: request)
        let first = stubs.receivedRequests[0]
        let second = stubs.receivedRequests[1]
        #expect(first.value(forHTTPHeaderField: "Authorization") != nil)
        #expect(second.value(forHTTPHeaderField: "Authorization") == nil)
        #expect(second.value(forHTTPHeaderField: "Proxy-Authorization") == nil)
        #expect(second.value(forHTTPHeaderField: "Cookie") == nil)
        #expect(second.value(forHTTPHeaderField: "X-Trace") == "kept")
        await session.finishTasksAndInvalidate()
    }

    @Test func credentialsStayOnSameOriginAndDropOnDowngrade() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/a", response: .redirect(to: "/b"))
        stubs.stub(.get, "https://api.test/b", response: .redirect(to: "http://api.test/c"))
        stubs.stub(.get, "http://api.test/c", response: .status(200))
        let session = stubbedSession(stubs)
        var request = try Request("https://api.test/a")
        try request.setValue("Bearer t", forHTTPHeaderField: "Authorization")
        _ = try await session.data(for: request)
        let received = stubs.receivedRequests
        #expect(received[1].value(forHTTPHeaderField: "Authorization") == "Bearer t")
        #expect(received[2].value(forHTTPHeaderField: "Authorization") == nil)
        await session.finishTasksAndInvalidate()
    }

    @Test func tooManyRedirects() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(200))
        for index in 0..<30 {
            stubs.stub(.get, "https://api.test/\(index)", response: .redirect(to: "/\(index + 1)"))
        }
        let session = stubbedSession(stubs) { $0.redirectPolicy = .follow(maximum: 5) }
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("https://api.test/0"))
        }
        #expect(error?.code == .httpTooManyRedirects)
        #expect(stubs.receivedRequests.count == 6)
        await session.finishTasksAndInvalidate()
    }

    @Test func loopsAreDetectedEarly() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/a", response: .redirect(to: "/b"))
        stubs.stub(.get, "https://api.test/b", response: .redirect(to: "/a"))
        let session = stubbedSession(stubs)
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("https://api.test/a"))
        }
        #expect(error?.code == .httpTooManyRedirects)
        #expect(error?.message.contains("loop") == true)
        #expect(stubs.receivedRequests.count < 20)
        await session.finishTasksAndInvalidate()
    }

    @Test func policyNoneReturnsTheRedirect() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/a", response: .redirect(to: "/b", status: 301))
        let session = stubbedSession(stubs) { $0.redirectPolicy = .none }
        let response = try await session.data(for: try Request("https://api.test/a"))
        #expect(response.status.code == 301)
        #expect(response.value(forHTTPHeaderField: "Location") == "https://api.test/b")
        await session.finishTasksAndInvalidate()
    }

    @Test func delegateCanRefuseARedirect() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/a", response: .redirect(to: "/b", status: 302))
        let delegate = RecordingDelegate(redirect: { _, _ in nil })
        let session = stubbedSession(stubs, delegate: delegate)
        let response = try await session.data(for: try Request("https://api.test/a"))
        #expect(response.status.code == 302)
        #expect(stubs.receivedRequests.count == 1)
        #expect(delegate.recorded.first == "redirect 302")
        await session.finishTasksAndInvalidate()
    }

    @Test func delegateCanModifyARedirect() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(200))
        stubs.stub(.get, "https://api.test/a", response: .redirect(to: "/b"))
        let delegate = RecordingDelegate(redirect: { _, proposed in
            var changed = proposed
            changed.url = URL(string: "https://api.test/elsewhere")!
            try? changed.setValue("yes", forHTTPHeaderField: "X-Modified")
            return changed
        })
        let session = stubbedSession(stubs, delegate: delegate)
        let response = try await session.data(for: try Request("https://api.test/a"))
        #expect(response.url.path == "/elsewhere")
        #expect(stubs.receivedRequests.last?.value(forHTTPHeaderField: "X-Modified") == "yes")
        await session.finishTasksAndInvalidate()
    }

    @Test func missingLocationIsAFinalResponse() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(302))
        let session = stubbedSession(stubs)
        let response = try await session.data(for: try Request("https://api.test/a"))
        #expect(response.status.code == 302)
        await session.finishTasksAndInvalidate()
    }

    @Test func relativeLocationsResolveAndFragmentsAreInherited() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(200))
        stubs.stub(matching: { $0.url.path == "/dir/page" }, response: .redirect(to: "../other?x=1"))
        let session = stubbedSession(stubs)
        let response = try await session.data(for: try Request("https://api.test/dir/page#section"))
        #expect(response.url.absoluteString == "https://api.test/other?x=1#section")
        await session.finishTasksAndInvalidate()
    }

    // MARK: Redirects stay on http and https

    @Test(arguments: ["file:///etc/passwd", "data:text/plain,injected", "ftp://files.test/x", "javascript:alert(1)"])
    func aRedirectToAnotherSchemeIsRefusedAndNamesIt(location: String) async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/start", response: .redirect(to: location))
        let session = stubbedSession(stubs)
        let error = await #expect(throws: CourierError.self) {
            _ = try await session.data(for: try Request("https://api.test/start"))
        }
        let scheme = String(location.prefix { $0 != ":" })
        #expect(error?.code == .unsupportedURL)
        #expect(error?.message.contains("\"\(scheme):\"") == true)
        #expect(error?.message.contains("http and https") == true)
        // Nothing was loaded from the other scheme: only the first request was made.
        #expect(stubs.receivedRequests.count == 1)
        await session.finishTasksAndInvalidate()
    }

    @Test func anApplicationsOwnSchemeCanBeOptedIn() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/start", response: .redirect(to: "acme://inside/page"))
        stubs.stub(.get, "acme://inside/page", response: .status(200))
        let session = stubbedSession(stubs) { $0.redirectSchemes.insert("acme") }
        let response = try await session.data(for: try Request("https://api.test/start"))
        #expect(response.url.absoluteString == "acme://inside/page")
        await session.finishTasksAndInvalidate()
    }

    @Test func secretHeaderFieldsAreStrippedAcrossOriginsIncludingTheCallersOwn() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/start", response: .redirect(to: "https://other.test/landing"))
        stubs.stub(.get, "https://other.test/landing", response: .status(200))
        let session = stubbedSession(stubs) { $0.secretHeaderNames.insert("X-Session-Secret") }
        var request = try Request("https://api.test/start")
        for name in ["X-API-Key", "X-Auth-Token", "X-Api-Token", "x-session-secret"] {
            try request.setValue("s3cret", forHTTPHeaderField: name)
        }
        try request.setValue("kept", forHTTPHeaderField: "X-Trace")
        _ = try await session.data(for: request)
        let second = stubs.receivedRequests[1]
        for name in ["X-API-Key", "X-Auth-Token", "X-Api-Token", "X-Session-Secret"] {
            #expect(second.value(forHTTPHeaderField: name) == nil, "\(name) crossed origins")
        }
        #expect(second.value(forHTTPHeaderField: "X-Trace") == "kept")
        await session.finishTasksAndInvalidate()
    }
}
