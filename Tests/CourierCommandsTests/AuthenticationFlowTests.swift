import Courier
import CourierCommands
import CourierTesting
import Foundation
import Synchronization
import Testing

@Suite("Authentication flow against the token-protected feed")
struct AuthenticationFlowTests {
    @Test func feedCommandsWaitForOneLoginAndAreResubmitted() async throws {
        let server = try await FeedServer.start()
        let baseURL = server.baseURL
        let waiting = Countdown(5)
        let prompts = Mutex(0)
        let listener = AuthenticationListener(onChange: { waiting.update($0) }) { prompt in
            prompts.withLock { $0 += 1 }
            // The login view stays up while more commands join.
            await waiting.wait()
            return .login(LoginCommand(baseURL: baseURL, username: "ann", password: "secret"))
        }
        let context = makeContext()
        let queue = CommandQueue(context: context, maximumConcurrentCommands: 5, authentication: listener)
        var handles: [CommandHandle<Response>] = []
        for _ in 0..<5 {
            handles.append(await queue.submit(FeedCommand(baseURL: baseURL)))
        }
        for handle in handles {
            let feed = try await handle.value
            #expect(feed.text?.contains("cat.mov") == true)
        }
        #expect(prompts.withLock { $0 } == 1)
        #expect(await listener.promptCount == 1)
        #expect(server.loginCount == 1)
        #expect(context.credentials.token == "t-1")
        // Nobody was logged in: the commands' pre-check kept them from sending anything before the login.
        #expect(server.feedCount == 5)
        try await server.shutdown()
    }

    @Test func aRejectedTokenLeadsToALoginToo() async throws {
        let server = try await FeedServer.start()
        let baseURL = server.baseURL
        let listener = AuthenticationListener { _ in
            .login(LoginCommand(baseURL: baseURL, username: "ann", password: "secret"))
        }
        let context = makeContext(token: "stale")
        let queue = CommandQueue(context: context, authentication: listener)
        let feed = try await queue.run(FeedCommand(baseURL: baseURL))
        #expect(feed.status.code == 200)
        #expect(server.feedCount == 2)
        #expect(await listener.promptCount == 1)
        try await server.shutdown()
    }

    @Test func aCancelledLoginFailsEveryCollectedCommand() async throws {
        let server = try await FeedServer.start()
        let baseURL = server.baseURL
        let waiting = Countdown(4)
        let listener = AuthenticationListener(onChange: { waiting.update($0) }) { _ in
            await waiting.wait()
            return .cancel
        }
        let queue = CommandQueue(context: makeContext(), maximumConcurrentCommands: 4, authentication: listener)
        var handles: [CommandHandle<Response>] = []
        for _ in 0..<4 {
            handles.append(await queue.submit(FeedCommand(baseURL: baseURL)))
        }
        for handle in handles {
            let error = await #expect(throws: CourierError.self) { try await handle.value }
            #expect(error?.code == .userCancelledAuthentication)
        }
        #expect(await listener.promptCount == 1)
        #expect(server.loginCount == 0)
        try await server.shutdown()
    }

    @Test func aFailedLoginFailsThemAllAndDoesNotAskAgain() async throws {
        let server = try await FeedServer.start()
        let baseURL = server.baseURL
        let listener = AuthenticationListener { _ in
            .login(LoginCommand(baseURL: baseURL, username: "ann", password: "wrong"))
        }
        let queue = CommandQueue(context: makeContext(), authentication: listener)
        let error = await #expect(throws: CourierError.self) { try await queue.run(FeedCommand(baseURL: baseURL)) }
        #expect(error?.code == .userAuthenticationRequired)
        let underlying = error?.underlyingError as? CourierError
        #expect(underlying?.statusCode == 401)
        // The login command's own 401 never opened a second login.
        #expect(await listener.promptCount == 1)
        try await server.shutdown()
    }

    @Test func aLoginCommandNeverTriggersTheListener() async throws {
        let server = try await FeedServer.start()
        let listener = AuthenticationListener { _ in .cancel }
        let queue = CommandQueue(context: makeContext(), authentication: listener)
        let error = await #expect(throws: CourierError.self) {
            try await queue.run(LoginCommand(baseURL: server.baseURL, username: "ann", password: "nope"))
        }
        #expect(error?.statusCode == 401)
        #expect(await listener.promptCount == 0)
        let token = try await queue.run(LoginCommand(baseURL: server.baseURL, username: "ann", password: "secret"))
        #expect(token == "t-1")
        #expect(queue.context.credentials.token == "t-1")
        try await server.shutdown()
    }
}
