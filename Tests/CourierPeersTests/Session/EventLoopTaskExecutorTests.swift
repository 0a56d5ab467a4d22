import CourierPeers
import NIOCore
import NIOPosix
import Testing

@Suite struct EventLoopTaskExecutorTests {
    struct TimedOut: Error {}

    /// Runs `operation`, failing after `limit` instead of hanging (a safety net: the exchanges take milliseconds).
    private func within<T: Sendable>(
        _ limit: Duration, _ operation: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        try await withThrowingTaskGroup(of: T?.self) { group in
            group.addTask { try await operation() }
            group.addTask {
                try await Task.sleep(for: limit)
                return nil
            }
            defer { group.cancelAll() }
            guard let first = try await group.next(), let value = first else { throw TimedOut() }
            return value
        }
    }

    @Test func aPreferringTaskRunsOnTheLoop() async throws {
        let loop = MultiThreadedEventLoopGroup.singleton.next()
        let executor = EventLoopTaskExecutor(loop)
        let onLoop = await withTaskExecutorPreference(executor) { () async -> [Bool] in
            var seen: [Bool] = []
            for _ in 0..<3 {
                await Task.yield()
                seen.append(loop.inEventLoop)
            }
            return seen
        }
        #expect(onLoop == [true, true, true])
        // A task without the preference does not run there.
        #expect(!loop.inEventLoop)
    }

    @Test func consumersOnTheSessionsLoopsAcceptSendAndEcho() async throws {
        let group = MultiThreadedEventLoopGroup.singleton
        let (annLoop, bobLoop) = (group.next(), group.next())
        let ann = try await PeerFixtures.session("Ann", eventLoopGroup: annLoop)
        let bob = try await PeerFixtures.session("Bob", eventLoopGroup: bobLoop)
        let bobAddress = try await PeerFixtures.address(of: bob)
        // Bob accepts and echoes every message, reading his events on his session's loop.
        let echo = Task {
            await withTaskExecutorPreference(EventLoopTaskExecutor(bobLoop)) { () async -> Bool in
                var everyEventOnLoop = true
                for await event in bob.events {
                    everyEventOnLoop = everyEventOnLoop && bobLoop.inEventLoop
                    switch event {
                    case .invitation(let peer, _): try? await bob.accept(peer.id)
                    case .data(let bytes, let peer, let mode): try? await bob.send(bytes, to: [peer.id], mode: mode)
                    default: break
                    }
                }
                return everyEventOnLoop
            }
        }
        let peer = try await ann.connect(to: bobAddress)
        let replies = try await within(.seconds(60)) {
            await withTaskExecutorPreference(EventLoopTaskExecutor(annLoop)) { () async -> [String] in
                var replies: [String] = []
                var events = ann.events.makeAsyncIterator()
                for index in 0..<200 {
                    guard annLoop.inEventLoop else { return replies }
                    try? await ann.send(Array("m\(index)".utf8), to: [peer.id])
                    while let event = await events.next() {
                        if case .data(let bytes, _, _) = event {
                            replies.append(String(decoding: bytes, as: UTF8.self))
                            break
                        }
                    }
                }
                return replies
            }
        }
        #expect(replies == (0..<200).map { "m\($0)" })
        await ann.disconnect()
        await bob.disconnect()
        #expect(await echo.value)
    }
}
