import NIOCore
import Testing

@testable import CourierSockets

@Suite struct TCPServerTests {
    @Test func acceptsConnectionsAsASequenceAndStopsWhenClosed() async throws {
        let server = try await TCPServer.bind(host: "127.0.0.1", port: 0, configuration: .init(framing: .lines()))
        #expect(server.port > 0)
        let greeted = try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                try await server.run { connections in
                    var count = 0
                    for try await connection in connections {
                        try await connection.run { _, writer in try await writer.write("welcome") }
                        count += 1
                        if count == 3 { break }
                    }
                    return count
                }
            }
            for _ in 0..<3 {
                let client = try await TCPClient.connect(
                    host: "127.0.0.1", port: server.port, configuration: .init(framing: .lines()))
                let line = try await client.run { reader, _ in
                    var iterator = reader.frames.makeAsyncIterator()
                    return try await iterator.next()
                }
                #expect(line == ByteBuffer(string: "welcome"))
            }
            return try await group.next() ?? 0
        }
        #expect(greeted == 3)
    }

    @Test func aHalfClosedClientStillGetsItsAnswer() async throws {
        let server = try await TCPServer.bind(host: "127.0.0.1", port: 0, configuration: .init(framing: .lines()))
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                try await server.serve { connection in
                    try await connection.run { reader, writer in
                        var lines = 0
                        for try await _ in reader.frames { lines += 1 }
                        // Input ended (the client's FIN), output still open.
                        try await writer.write("got \(lines)")
                    }
                }
            }
            let client = try await TCPClient.connect(
                host: "127.0.0.1", port: server.port, configuration: .init(framing: .lines()))
            let answer = try await client.run { reader, writer in
                try await writer.write("a")
                try await writer.write("b")
                writer.finish()
                var answer: [String] = []
                for try await line in reader.frames { answer.append(String(buffer: line)) }
                return answer
            }
            #expect(answer == ["got 2"])
            await server.close()
            try await group.waitForAll()
        }
    }

    @Test func aClientThatNeverReadsMakesTheServersWritesWait() async throws {
        // The client connects and never iterates its reader: its receive queue fills, the connection
        // stops reading, the kernel buffers fill, and the server's writer waits until its timeout.
        let server = try await TCPServer.bind(
            host: "127.0.0.1",
            port: 0,
            configuration: .init(writeTimeout: .milliseconds(500), receiveQueueLimit: 2, sendBufferLimit: 64 * 1024)
        )
        let outcome = try await withThrowingTaskGroup(of: SocketError?.self) { group in
            group.addTask {
                try await server.run { connections in
                    for try await connection in connections {
                        return try await connection.run { _, writer in
                            let chunk = ByteBuffer(repeating: 0x42, count: 64 * 1024)
                            var sent = 0
                            do {
                                while sent < 1 << 30 {
                                    try await writer.write(chunk)
                                    sent += chunk.readableBytes
                                }
                            } catch let error as SocketError {
                                return error
                            }
                            return nil
                        }
                    }
                    return nil
                }
            }
            let client = try await TCPClient.connect(
                host: "127.0.0.1",
                port: server.port,
                configuration: .init(receiveQueueLimit: 2)
            )
            let outcome = try await group.next() ?? nil
            await client.close()
            await server.close()
            return outcome
        }
        #expect(outcome?.code == .timedOut)
    }
}
