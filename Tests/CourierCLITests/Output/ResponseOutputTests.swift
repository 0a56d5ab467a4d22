import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import CourierCLI

/// An IO that lets a test await output: the command writes, the test waits until a given text has appeared.
/// A command that buffered its body would never show the first chunk before the server sent the last, so
/// these tests hang (and fail on their time limit) instead of passing.
final class OutputWatcher: Sendable {
    private let output = Mutex(Data())
    private let errors = Mutex("")
    private let writes: AsyncStream<Void>
    private let wrote: AsyncStream<Void>.Continuation

    init() {
        (writes, wrote) = AsyncStream<Void>.makeStream()
    }

    var standardOutput: String { String(decoding: output.withLock { $0 }, as: UTF8.self) }
    var standardError: String { errors.withLock { $0 } }

    func io(terminal: Bool) -> CLIIO {
        CLIIO(
            writeOut: { self.append(Data($0.utf8)) },
            writeOutData: { self.append($0) },
            writeError: { text in self.errors.withLock { $0 += text } },
            readStandardInput: { Data() },
            isOutputTerminal: terminal,
            isErrorTerminal: terminal,
            environment: [:])
    }

    private func append(_ data: Data) {
        output.withLock { $0.append(data) }
        wrote.yield()
    }

    /// Returns once the output contains `text`.
    func waitFor(_ text: String) async {
        if standardOutput.contains(text) { return }
        for await _ in writes where standardOutput.contains(text) { return }
    }
}

@Suite("courier: streamed response bodies", .timeLimit(.minutes(1)))
struct ResponseOutputTests {
    func run(_ arguments: [String], terminal: Bool = false) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(terminal: terminal))
        return (status, capture.standardOutput, capture.standardError)
    }

    /// A server whose one response streams what the test feeds it.
    func feedingServer(headers: HTTPFields) async throws -> (TestServer, AsyncStream<Data>.Continuation) {
        let (body, feed) = AsyncStream<Data>.makeStream()
        let server = try await TestServer.start { _ in .stream(body, headers: headers) }
        return (server, feed)
    }

    @Test(arguments: [["--print=b"], ["--stream"], ["-S", "--print=hb"]])
    func eachChunkIsWrittenAsItArrives(flags: [String]) async throws {
        let (server, feed) = try await feedingServer(headers: [.contentType: "text/plain"])
        let watcher = OutputWatcher()
        // Piped for --print=b (no formatting); on a terminal with --stream.
        let terminal = flags != ["--print=b"]
        let command = Task {
            await CourierCLI.run(
                arguments: flags + [server.url("/drip").absoluteString], io: watcher.io(terminal: terminal))
        }
        for piece in ["one ", "two ", "three ", "four"] {
            feed.yield(Data(piece.utf8))
            await watcher.waitFor(piece)
        }
        feed.finish()
        #expect(await command.value == 0)
        #expect(watcher.standardOutput.hasSuffix(terminal ? "one two three four\n" : "one two three four"))
        try await server.shutdown()
    }

    @Test(arguments: [false, true])
    func aBodyCutShortPrintsWhatArrivedThenOneErrorLineAndExitsOne(terminal: Bool) async throws {
        let arrived = String(repeating: "x", count: 500)
        let server = try await TestServer.start { _ in
            .truncatedBody(declaredLength: 1000, sending: Data(arrived.utf8), headers: [.contentType: "text/plain"])
        }
        let (status, out, error) = await run(["--print=b", server.url("/cut").absoluteString], terminal: terminal)
        try await server.shutdown()
        #expect(status == 1)
        #expect(out.hasPrefix(arrived))
        #expect(out.count <= arrived.count + 1)
        #expect(error.hasPrefix("courier: error: "))
        #expect(error.split(separator: "\n").count == 1)
    }

    @Test func aTerminalFormatsJSONUpToTheLimitAndShowsABiggerBodyRawWithANote() async throws {
        let item = #"{"name":"pen","count":2}"#
        let big =
            "["
            + Array(repeating: item, count: ResponseOutput.formatLimit / item.utf8.count + 10).joined(
                separator: ",") + "]"
        let server = try await TestServer.start { request in
            .json(Data((request.path == "/big" ? big : item).utf8))
        }
        let (_, small, _) = await run(["--pretty=format", server.url("/small").absoluteString], terminal: true)
        #expect(small.contains("{\n    \"name\": \"pen\",\n    \"count\": 2\n}\n"))
        let (status, out, _) = await run(["--pretty=format", server.url("/big").absoluteString], terminal: true)
        try await server.shutdown()
        #expect(status == 0)
        #expect(out.contains("HTTP/1.1 200 OK\n"))
        #expect(out.contains("\n\n# the body is over 4 MiB: shown as it arrives, not formatted\n["))
        #expect(out.hasSuffix(big + "\n"))
    }

    @Test func streamFormatsJSONLinesLineByLineAsTheyArrive() async throws {
        let (server, feed) = try await feedingServer(headers: [.contentType: "application/x-ndjson"])
        let watcher = OutputWatcher()
        let command = Task {
            await CourierCLI.run(
                arguments: ["--stream", "--pretty=format", "--print=b", server.url("/lines").absoluteString],
                io: watcher.io(terminal: true))
        }
        feed.yield(Data((#"{"a":1}"# + "\n" + #"{"b""#).utf8))
        await watcher.waitFor("{\n    \"a\": 1\n}\n")
        #expect(!watcher.standardOutput.contains("b"))
        feed.yield(Data(":[true]}\n".utf8))
        feed.finish()
        #expect(await command.value == 0)
        #expect(watcher.standardOutput == "{\n    \"a\": 1\n}\n{\n    \"b\": [\n        true\n    ]\n}\n")
        try await server.shutdown()
    }

    @Test func streamFormatsTheJSONOfEventStreamData() async throws {
        let server = try await TestServer.start { _ in
            .chunks(
                [Data("event: tick\ndata: {\"n\"".utf8), Data(":1}\n\n: keep-alive\n".utf8)],
                headers: [.contentType: "text/event-stream"])
        }
        let (status, out, _) = await run(
            ["-S", "--pretty=format", "--print=b", server.url("/events").absoluteString], terminal: true)
        try await server.shutdown()
        #expect(status == 0)
        #expect(out == "event: tick\ndata: {\n    \"n\": 1\n}\n\n: keep-alive\n")
    }

    @Test func aStreamedBinaryBodyIsCountedNotShownOnATerminal() async throws {
        let bytes = Data((0..<70_000).map { UInt8($0 % 251) })
        let server = try await TestServer.start { _ in
            .chunks(
                [bytes.prefix(30_000), bytes.dropFirst(30_000)], headers: [.contentType: "application/octet-stream"])
        }
        let (status, out, _) = await run(
            ["--stream", "--print=hb", server.url("/blob").absoluteString], terminal: true)
        try await server.shutdown()
        #expect(status == 0)
        let note = "+ binary data not shown in terminal (70000 bytes, application/octet-stream)"
        #expect(out.contains("\n\n\u{1B}[2m" + note))
        #expect(!out.contains("\u{0}"))
    }

    @Test func verboseStreamedOutputKeepsTheRequestTheRedirectsAndTheCacheNote() async throws {
        let server = try await TestServer.start { request in
            request.path == "/old" ? .text("", status: 302, headers: [.location: "/new"]) : .text("moved here")
        }
        let (status, out, _) = await run(["-v", "--follow", server.url("/old").absoluteString])
        try await server.shutdown()
        #expect(status == 0)
        #expect(out.hasPrefix("GET /old HTTP/1.1\n"))
        #expect(out.contains("# redirected: 302 → GET \(server.url("/new").absoluteString)\n"))
        #expect(out.contains("HTTP/1.1 200 OK\n"))
        #expect(out.contains("moved here"))
        #expect(out.hasSuffix("# cache: miss\n"))
    }
}
