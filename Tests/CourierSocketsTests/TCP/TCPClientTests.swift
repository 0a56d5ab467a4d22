import CourierTestSupport
import NIOCore
import Testing

@testable import CourierSockets

@Suite struct TCPClientTests {
    @Test func echoesLinesAndReportsEventsInTheBooksOrder() async throws {
        try await withEchoServer { port in
            let connection = try await TCPClient.connect(
                host: "127.0.0.1",
                port: port,
                configuration: TCPConfiguration(framing: .lines())
            )
            let events = try await connection.run { reader, writer in
                try await writer.write("hello")
                try await writer.write("world")
                writer.finish()
                var names: [String] = []
                for await event in reader {
                    switch event {
                    case .openCompleted: names.append("open")
                    case .hasSpaceAvailable: if names.count < 3 { names.append("space") }
                    case .hasBytesAvailable(let line): names.append(String(buffer: line))
                    case .errorOccurred(let error): names.append("error \(error)")
                    case .endEncountered: names.append("end")
                    }
                }
                return names
            }
            #expect(events == ["open", "space", "hello", "world", "end"])
        }
    }

    @Test func connectsByNameOverIPv6() async throws {
        try await withEchoServer(host: "::1") { port in
            let connection = try await TCPClient.connect(
                host: "::1",
                port: port,
                configuration: TCPConfiguration(framing: .lines())
            )
            #expect(connection.remoteAddress?.protocol == .inet6)
            let echoed = try await connection.run { reader, writer in
                try await writer.write("six")
                var iterator = reader.frames.makeAsyncIterator()
                return try await iterator.next().map { String(buffer: $0) }
            }
            #expect(echoed == "six")
        }
    }

    @Test func connectsByHostName() async throws {
        try await withEchoServer { port in
            let connection = try await TCPClient.connect(
                host: "localhost", port: port, configuration: .init(framing: .lines()))
            let echoed = try await connection.run { reader, writer in
                try await writer.write("named")
                var iterator = reader.frames.makeAsyncIterator()
                return try await iterator.next().map { String(buffer: $0) }
            }
            #expect(echoed == "named")
        }
    }

    @Test func anUnresolvableNameIsCannotFindHost() async {
        await #expect {
            _ = try await TCPClient.connect(host: "courier-sockets.invalid", port: 80)
        } throws: { ($0 as? SocketError)?.code == .cannotFindHost }
    }

    @Test func aClosedPortIsCannotConnectToHost() async throws {
        let closed = try ReservedClosedPort()
        await #expect {
            _ = try await TCPClient.connect(host: "127.0.0.1", port: closed.port)
        } throws: { ($0 as? SocketError)?.code == .cannotConnectToHost }
        withExtendedLifetime(closed) {}
    }

    @Test func badPortsAndFramingsAreRefusedBeforeConnecting() async {
        await #expect {
            _ = try await TCPClient.connect(host: "127.0.0.1", port: 70000)
        } throws: { ($0 as? SocketError)?.code == .invalidConfiguration }
        await #expect {
            _ = try await TCPClient.connect(host: "127.0.0.1", port: 1, configuration: .init(framing: .fixedSize(0)))
        } throws: { ($0 as? SocketError)?.code == .invalidConfiguration }
    }

    @Test func aSilentPeerHitsTheIdleReadTimeout() async throws {
        let server = try await ScriptedServer.start(.silent)
        let connection = try await TCPClient.connect(
            host: "127.0.0.1",
            port: server.port,
            configuration: TCPConfiguration(framing: .lines(), idleReadTimeout: .milliseconds(200))
        )
        let last = try await connection.run { reader, _ in
            var last: SocketEvent? = nil
            for await event in reader { last = event }
            return last
        }
        guard case .errorOccurred(let error) = last else {
            Issue.record("expected an error event, got \(String(describing: last))")
            return
        }
        #expect(error.code == .timedOut)
        await server.stop()
    }

    /// The idle read timeout counts only while a read is asked for: an application that starts reading later
    /// than the timeout (or a process too busy to get to it) still gets what the peer sent and its end.
    @Test func aReaderThatStartsLaterThanTheIdleTimeoutGetsEverything() async throws {
        let server = try await ScriptedServer.start(.send(ScriptedServer.statusLine))
        let connection = try await TCPClient.connect(
            host: "127.0.0.1",
            port: server.port,
            configuration: TCPConfiguration(framing: .bytes, idleReadTimeout: .milliseconds(200))
        )
        // The application is busy for three times the timeout before it reads: what it models is the delay.
        try await Task.sleep(for: .milliseconds(600))
        let received = try await connection.run { reader, _ in
            var bytes: [UInt8] = []
            for try await chunk in reader.frames { bytes += chunk.readableBytesView }
            return bytes
        }
        #expect(received == ScriptedServer.statusLine)
        await server.stop()
    }

    @Test func aPeerThatNeverSendsANewlineFailsAtTheMaximum() async throws {
        let server = try await ScriptedServer.start(.send(Array(repeating: UInt8(ascii: "x"), count: 200_000)))
        let connection = try await TCPClient.connect(
            host: "127.0.0.1",
            port: server.port,
            configuration: TCPConfiguration(framing: .lines(maximumLength: 1024))
        )
        await #expect {
            try await connection.run { reader, _ in
                for try await _ in reader.frames {}
            }
        } throws: { ($0 as? SocketError)?.code == .dataLengthExceedsMaximum }
        await server.stop()
    }

    @Test func aResetIsNetworkConnectionLost() async throws {
        // The server resets only after it read from the client, so the connect surely completed.
        let server = try await ScriptedServer.start(.resetAfterFirstRead(Array("partial".utf8)))
        let connection = try await TCPClient.connect(
            host: "127.0.0.1",
            port: server.port,
            configuration: TCPConfiguration(framing: .lines())
        )
        await #expect {
            try await connection.run { reader, writer in
                try await writer.write("hello")
                for try await _ in reader.frames {}
            }
        } throws: { ($0 as? SocketError)?.code == .networkConnectionLost }
        await server.stop()
    }

    @Test func aPeerEndingInsideAFrameIsNetworkConnectionLost() async throws {
        let server = try await ScriptedServer.start(.send([0, 0, 0, 9, 1, 2]))
        let connection = try await TCPClient.connect(
            host: "127.0.0.1",
            port: server.port,
            configuration: TCPConfiguration(framing: .lengthPrefixed())
        )
        await #expect {
            try await connection.run { reader, _ in
                for try await _ in reader.frames {}
            }
        } throws: { ($0 as? SocketError)?.code == .networkConnectionLost }
        await server.stop()
    }

    @Test func aConnectionThatEndedBeforeRunStillDeliversWhatItReceived() async throws {
        // Two lines, then half of a third and the end: the framing error closes the channel before
        // `run`; `run` still hands over the two lines, then the error, and writes fail clearly.
        let server = try await ScriptedServer.start(.send(Array("one\ntwo\n".utf8) + [0, 0]))
        let connection = try await TCPClient.connect(
            host: "127.0.0.1",
            port: server.port,
            configuration: TCPConfiguration(framing: .delimiter([0x0A]))
        )
        try await connection.channel.closeFuture.get()
        let events = try await connection.run { reader, writer in
            await #expect {
                try await writer.write("late")
            } throws: { ($0 as? SocketError)?.code == .notConnected }
            var names: [String] = []
            for await event in reader {
                switch event {
                case .openCompleted: names.append("open")
                case .hasSpaceAvailable: names.append("space")
                case .hasBytesAvailable(let frame): names.append(String(buffer: frame))
                case .errorOccurred(let error): names.append("\(error.code)")
                case .endEncountered: names.append("end")
                }
            }
            return names
        }
        #expect(events == ["open", "one", "two", "networkConnectionLost"])
        await server.stop()
    }

    @Test func runTwiceIsRefused() async throws {
        try await withEchoServer { port in
            let connection = try await TCPClient.connect(host: "127.0.0.1", port: port)
            try await connection.run { _, _ in }
            await #expect {
                try await connection.run { _, _ in }
            } throws: { ($0 as? SocketError)?.code == .notConnected }
        }
    }

    @Test func aServerThatNeverReadsSuspendsWritesUntilTheWriteTimeout() async throws {
        let server = try await ScriptedServer.start(.neverRead)
        let connection = try await TCPClient.connect(
            host: "127.0.0.1",
            port: server.port,
            configuration: TCPConfiguration(writeTimeout: .milliseconds(500), sendBufferLimit: 64 * 1024)
        )
        let chunk = ByteBuffer(repeating: 0x41, count: 64 * 1024)
        // Without back-pressure all 1 GiB would be queued in memory; with it, writes stop once the
        // kernel's buffers and the 64 KiB send buffer are full, and the timeout ends the wait.
        let written = try await connection.run { _, writer in
            var written = 0
            do {
                while written < 1 << 30 {
                    try await writer.write(chunk)
                    written += chunk.readableBytes
                }
                Issue.record("1 GiB was accepted by a server that never reads")
            } catch let error as SocketError {
                #expect(error.code == .timedOut)
            }
            return written
        }
        // Loopback buffers autotune to tens of megabytes on some kernels; far from the gibibyte.
        #expect(written < 128 << 20)
        await server.stop()
    }

    @Test func anOversizedWriteIsRefusedBeforeSending() async throws {
        try await withEchoServer(configuration: .init(framing: .lines(maximumLength: 4))) { port in
            let connection = try await TCPClient.connect(
                host: "127.0.0.1",
                port: port,
                configuration: .init(framing: .lines(maximumLength: 4))
            )
            try await connection.run { reader, writer in
                await #expect {
                    try await writer.write("too long")
                } throws: { ($0 as? SocketError)?.code == .dataLengthExceedsMaximum }
                try await writer.write("ok")
                var iterator = reader.frames.makeAsyncIterator()
                #expect(try await iterator.next() == ByteBuffer(string: "ok"))
            }
        }
    }

    @Test(arguments: [
        Framing.bytes, .lines(terminator: .crlf), .delimiter([0xFF, 0x00]), .lengthPrefixed(width: .eight),
        .lengthPrefixed(width: .one, byteOrder: .little, maximumLength: 200), .fixedSize(5),
    ])
    func eachFramingRoundTripsThroughARealSocket(framing: Framing) async throws {
        try await withEchoServer(configuration: .init(framing: framing)) { port in
            let connection = try await TCPClient.connect(
                host: "127.0.0.1", port: port, configuration: .init(framing: framing))
            let received = try await connection.run { reader, writer in
                try await writer.write("abcde")
                try await writer.write("12345")
                writer.finish()
                var received: [UInt8] = []
                for try await frame in reader.frames { received += frame.readableBytesView }
                return String(decoding: received, as: UTF8.self)
            }
            #expect(received == "abcde12345")
        }
    }
}
