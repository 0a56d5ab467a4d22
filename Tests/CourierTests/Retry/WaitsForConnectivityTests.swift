import CourierTesting
import Foundation
import Synchronization
import Testing

@testable import Courier

final class ConnectivityDelegate: SessionDelegate {
    let waits = Mutex(0)
    func session(_ session: Session, taskIsWaitingForConnectivity task: SessionTask) {
        waits.withLock { $0 += 1 }
    }
}

/// Fails every request with `notConnectedToInternet` after taking the network away, until the test says
/// otherwise; then answers.
final class FlakyNetworkHandler: ProtocolHandler {
    let network: ManualReachability
    let failuresLeft = Mutex(1)
    let requests = Mutex(0)

    init(network: ManualReachability) { self.network = network }

    func canHandle(_ request: Request) -> Bool { true }

    func startLoading(_ request: Request, client: ProtocolHandlerClient) async {
        requests.withLock { $0 += 1 }
        let fail = failuresLeft.withLock { left in
            defer { left -= 1 }
            return left > 0
        }
        if fail {
            network.set(.unreachable)
            client.didFail(
                with: CourierError(.notConnectedToInternet, outcome: .failed, message: "ENETUNREACH", request: request))
            return
        }
        client.didReceive(Response(status: .ok, url: request.url, request: request))
        await client.didLoad(Data("online".utf8))
        client.didFinishLoading()
    }
}

@Suite("Waiting for connectivity", .timeLimit(.minutes(2)))
struct WaitsForConnectivityTests {
    /// Waits for the task's "waiting for connectivity" event, counting them until completion. The signal stream
    /// ends with the task's events, so a task that completes without waiting fails the test instead of leaving it
    /// waiting for a signal that never comes.
    func watch(_ events: AsyncStream<TaskEvent>, waiting: AsyncStream<Void>.Continuation) async -> Int {
        var count = 0
        for await event in events {
            if case .taskIsWaitingForConnectivity = event {
                count += 1
                waiting.yield()
            }
        }
        waiting.finish()
        return count
    }

    @Test func aTaskWithoutNetworkWaitsOnceAndProceedsWhenItReturns() async throws {
        let network = ManualReachability(.unreachable)
        let delegate = ConnectivityDelegate()
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/feed", response: .text("fresh"))
        let session = stubbedSession(stubs, delegate: delegate) {
            $0.waitsForConnectivity = true
            $0.reachability = network
        }
        let task = session.makeDataTask(with: try Request("https://api.test/feed"))
        let (signal, waiting) = AsyncStream.makeStream(of: Void.self)
        let events = task.events
        let counter = Task { await watch(events, waiting: waiting) }
        task.resume()
        var iterator = signal.makeAsyncIterator()
        let signalled: Void? = await iterator.next()
        #expect(signalled != nil, "the task completed without waiting for connectivity")
        #expect(stubs.receivedRequests.isEmpty, "nothing is sent while there is no network")
        // A status change that is still no network does not release it.
        network.set(.reachable(via: .loopbackOnly))
        network.set(.reachable(via: .wifi))
        let response = try await task.value
        #expect(response.text == "fresh")
        #expect(await counter.value == 1)
        #expect(delegate.waits.withLock { $0 } == 1)
        #expect(stubs.receivedRequests.count == 1)
        await session.finishTasksAndInvalidate()
    }

    @Test func aNoRouteFailureWaitsAndResendsWithoutUsingARetry() async throws {
        let network = ManualReachability(.reachable(via: .ethernet))
        let handler = FlakyNetworkHandler(network: network)
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers = [handler]
        configuration.waitsForConnectivity = true
        configuration.reachability = network
        configuration.retryPolicy = .none
        let session = Session(configuration: configuration)
        var request = try Request("https://api.test/transfer", method: .post)
        request.body = .text("pay 5")
        let task = session.makeDataTask(with: request)
        let (signal, waiting) = AsyncStream.makeStream(of: Void.self)
        let counter = Task { [events = task.events] in await watch(events, waiting: waiting) }
        task.resume()
        var iterator = signal.makeAsyncIterator()
        let signalled: Void? = await iterator.next()
        #expect(signalled != nil, "the task completed without waiting for connectivity")
        #expect(handler.requests.withLock { $0 } == 1)
        network.set(.reachable(via: .ethernet))
        let response = try await task.value
        #expect(response.text == "online")
        #expect(handler.requests.withLock { $0 } == 2)
        #expect(await counter.value == 1)
        await session.finishTasksAndInvalidate()
    }

    @Test func theResourceTimeoutEndsTheWait() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/feed", response: .text("never"))
        let session = stubbedSession(stubs) {
            $0.waitsForConnectivity = true
            $0.reachability = ManualReachability(.unreachable)
            $0.timeoutIntervalForRequest = 0.1
            $0.timeoutIntervalForResource = 0.5
        }
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("https://api.test/feed"))
        }
        // The wait pauses the idle clock: it is the resource timeout that ends it.
        #expect(error?.code == .timedOut)
        #expect(error?.message.contains("resource timeout") == true)
        #expect(stubs.receivedRequests.isEmpty)
        await session.finishTasksAndInvalidate()
    }

    @Test func withoutTheOptionNoNetworkFailsAtOnce() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/feed", response: .failure(.notConnectedToInternet))
        let session = stubbedSession(stubs) { $0.reachability = ManualReachability(.unreachable) }
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("https://api.test/feed"))
        }
        #expect(error?.code == .notConnectedToInternet)
        #expect(stubs.receivedRequests.count == 1)
        await session.finishTasksAndInvalidate()
    }

    @Test func loopbackHostsNeedOnlyLoopback() async throws {
        try await withServer(
            configure: {
                $0.waitsForConnectivity = true
                $0.reachability = ManualReachability(.reachable(via: .loopbackOnly))
            }, handler: { _ in .text("local") }
        ) { server, session in
            let response = try await session.data(for: Request(url: server.url("/")))
            #expect(response.text == "local")
        }
    }
}
