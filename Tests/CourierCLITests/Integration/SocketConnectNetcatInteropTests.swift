import CourierSockets
import CourierTestSupport
import Foundation
import Testing

@testable import CourierCLI

/// `courier socket connect` against Debian's `nc -lk` (netcat-openbsd), the textbook's peer.
/// Runs with `COURIER_INTEROP=1`.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1", "set COURIER_INTEROP=1"))
struct SocketConnectNetcatInteropTests {
    @Test func connectChatsWithNetcat() async throws {
        let port = try portForChildProcess()
        let netcat = try InteractiveProcess(
            URL(fileURLWithPath: "/usr/bin/nc"), arguments: ["-lk", "127.0.0.1", String(port)])
        defer { netcat.kill() }
        // A probe connection tells when nc listens; with -k it goes back to listening when it ends.
        try await SocketChatCommandTests.connect(port: port).close()
        let cli = try InteractiveProcess(
            try #require(CourierBinary.url), arguments: ["socket", "connect", "127.0.0.1:\(port)"])
        defer { cli.kill() }
        var netcatPrinted = netcat.lines.makeAsyncIterator()
        var cliPrinted = cli.lines.makeAsyncIterator()
        cli.type("hello")
        #expect(await netcatPrinted.next() == "hello")
        netcat.type("hi")
        #expect(await cliPrinted.next() == "hi")
        try cli.endInput()
        #expect(await cli.exitStatus() == 0)
    }
}
