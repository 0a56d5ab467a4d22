import CourierTestSupport
import Foundation
import NIOCore
import Testing

@testable import CourierSockets

/// Interop with Debian's `nc -lk` (netcat-openbsd), the textbook's peer. Runs with `COURIER_INTEROP=1`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1", "set COURIER_INTEROP=1"))
struct NetcatInteropTests {
    @Test func chatsWithNetcatListening() async throws {
        let port = try portForChildProcess()
        let netcat = try InteractiveProcess(
            URL(fileURLWithPath: "/usr/bin/nc"), arguments: ["-lk", "127.0.0.1", String(port)])
        defer { netcat.kill() }
        let connection = try await Self.connect(port: port)
        let (input, typing) = AsyncStream.makeStream(of: String.self)
        let (printed, printing) = AsyncStream.makeStream(of: String.self)
        async let ending = LineChat.run(connection: connection, input: input) { printing.yield($0) }
        var received = netcat.lines.makeAsyncIterator()
        typing.yield("hello")
        #expect(await received.next() == "hello")
        netcat.type("hi")
        var lines = printed.makeAsyncIterator()
        #expect(await lines.next() == "hi\n")
        typing.finish()
        #expect(try await ending == .inputEnded)
    }

    /// Connects once nc listens. nc, another process, gives no event when it starts to listen, so a refused
    /// connect is tried again every 10 ms; the 60 s bound is a safety net against an nc that never listens.
    static func connect(port: Int) async throws -> TCPConnection {
        let deadline = ContinuousClock.now + .seconds(60)
        while true {
            do {
                return try await TCPClient.connect(host: "127.0.0.1", port: port, configuration: LineChat.configuration)
            } catch let error as SocketError where error.code == .cannotConnectToHost && ContinuousClock.now < deadline
            {
                try await Task.sleep(for: .milliseconds(10))
            }
        }
    }
}
