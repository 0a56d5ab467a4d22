import NIOCore
import Synchronization

/// The textbook's socket chat (chapter 2 of the networking textbook, tested there with `nc -lk 12345`):
/// lines typed go to the peer, lines received are handed over as they arrive.
///
/// ```swift
/// let connection = try await TCPClient.connect(host: "localhost", port: 12345,
///                                              configuration: LineChat.configuration)
/// let ending = try await LineChat.run(connection: connection, input: typedLines) { print($0, terminator: "") }
/// ```
public enum LineChat {
    /// Why a chat ended.
    public enum Ending: Sendable, Hashable {
        /// The peer closed the connection.
        case peerClosed
        /// The input ended; what was typed was sent and the connection half-closed, then closed.
        case inputEnded
    }

    /// Lines of up to 64 KiB ending in LF (CRLF is accepted on input), no idle timeout.
    public static let configuration = TCPConfiguration(framing: .lines(maximumLength: 64 * 1024))

    /// Sends each line of `input` and passes each received line, with its `\n`, to `output` as soon as it
    /// arrives; returns when the peer closes or the input ends, whichever comes first.
    ///
    /// - Throws: ``SocketError`` when the connection fails (a reset, a line over the maximum).
    public static func run<Input: AsyncSequence & Sendable>(
        connection: TCPConnection,
        input: Input,
        output: @escaping @Sendable (String) -> Void
    ) async throws -> Ending where Input.Element == String, Input.Failure == Never {
        let inputEnd = InputEnd()
        return try await connection.run { reader, writer in
            try await withThrowingTaskGroup(of: Ending.self) { group in
                group.addTask {
                    for try await line in reader.frames {
                        output(String(buffer: line) + "\n")
                    }
                    // A peer that closes because our input ended (as `nc` does) may be seen before the
                    // input task's own result is: the input ended first all the same.
                    return inputEnd.hasEnded ? .inputEnded : .peerClosed
                }
                group.addTask {
                    for await line in input {
                        try await writer.write(line)
                    }
                    inputEnd.markEnded()
                    writer.finish()
                    return .inputEnded
                }
                let ending = try await group.next() ?? .peerClosed
                group.cancelAll()
                return ending
            }
        }
    }

    /// Serves a chat room on `server`: each line a client sends is passed to `output` (with its `\n`)
    /// and sent to every other client. Returns when the server is closed.
    ///
    /// - Throws: when accepting fails.
    public static func serve(
        server: TCPServer,
        room: ChatRoom,
        output: @escaping @Sendable (String) -> Void
    ) async throws {
        try await server.serve { connection in
            try await connection.run { reader, writer in
                let member = await room.join(writer)
                do {
                    for try await line in reader.frames {
                        let text = String(buffer: line)
                        output(text + "\n")
                        await room.broadcast(text, except: member)
                    }
                } catch {
                    await room.leave(member)
                    throw error
                }
                await room.leave(member)
            }
        }
    }

    /// Whether the input of a chat ended, set before the half-close is sent so that whatever the
    /// peer does in response is ordered after it.
    private final class InputEnd: Sendable {
        private let ended = Atomic<Bool>(false)

        var hasEnded: Bool { ended.load(ordering: .acquiring) }

        func markEnded() {
            ended.store(true, ordering: .releasing)
        }
    }
}
