import CourierTestSupport
import CourierTesting
import Foundation
import Testing

/// `courier peers` as a user runs it: separate processes on the loopback interface, each test on an mDNS port and
/// session ID of its own (the hidden `--mdns-port`), so tests never see each other or a real responder.
@Suite struct PeersCommandTests {
    /// The `courier` executable beside the test bundle (`swift build --build-tests` builds both).
    static let courier = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("courier").path

    /// One test's private link.
    struct Link {
        let sessionID = "cli-\(UUID().uuidString.prefix(8).lowercased())1.0"
        let port: Int
        var options: [String] { ["--loopback", "--mdns-port", String(port)] }

        init() throws {
            port = try PrivateLinks.takeUDPPort()
        }
    }

    static func start(_ arguments: [String]) throws -> TestProcess {
        try TestProcess(courier, arguments, output: .capture, error: .capture)
    }

    static func text(_ data: Data) -> String { String(decoding: data, as: UTF8.self) }

    @Test func sendDeliversToTheListenerWhichExitsAfterCountMessages() async throws {
        let link = try Link()
        let listener = try Self.start(
            ["peers", "listen", "--session-id", link.sessionID, "--name", "Ann", "--count", "2", "--timeout", "300"]
                + link.options)
        defer { listener.signal() }
        for (name, message) in [("Bob", "hello Ann"), ("Carol", "hi again")] {
            let sender = try Self.start(
                [
                    "peers", "send", "--session-id", link.sessionID, "--name", name, "--message", message, "--timeout",
                    "120",
                ]
                    + link.options)
            let ended = await sender.exited()
            #expect(ended.succeeded, "\(name): \(ended), \(Self.text(sender.errorOutput))")
            #expect(Self.text(sender.output) == "delivered to 1 peer(s): Ann\n")
        }
        let ended = await listener.exited()
        #expect(ended.succeeded, "\(ended), \(Self.text(listener.errorOutput))")
        #expect(Self.text(listener.output) == "from Bob: hello Ann\nfrom Carol: hi again\n")
    }

    @Test func sendUnreliableSendsOnceAndTheListenerPrintsIt() async throws {
        let link = try Link()
        let listener = try Self.start(
            ["peers", "listen", "--session-id", link.sessionID, "--name", "Ann", "--count", "1", "--timeout", "300"]
                + link.options)
        defer { listener.signal() }
        let sender = try Self.start(
            [
                "peers", "send", "--session-id", link.sessionID, "--name", "Bob", "--message", "ping", "--unreliable",
                "--timeout", "120",
            ] + link.options)
        let sent = await sender.exited()
        #expect(sent.succeeded, "\(sent), \(Self.text(sender.errorOutput))")
        #expect(Self.text(sender.output) == "sent to 1 peer(s): Ann\n")
        let ended = await listener.exited()
        #expect(ended.succeeded, "\(ended), \(Self.text(listener.errorOutput))")
        #expect(Self.text(listener.output) == "from Bob: ping\n")
    }

    @Test func sendWithNoPeerExitsOneAndSaysSo() async throws {
        let link = try Link()
        let sender = try Self.start(
            [
                "peers", "send", "--session-id", link.sessionID, "--name", "Bob", "--message", "anyone?", "--timeout",
                "1",
            ]
                + link.options)
        let ended = await sender.exited()
        #expect(ended.exitStatus == 1)
        #expect(Self.text(sender.output).isEmpty)
        #expect(
            Self.text(sender.errorOutput)
                == "courier: error: no peer of session \"\(link.sessionID)\" found within 1.0 s\n")
    }

    @Test func aSenderWithoutTheListenersSecretIsRefused() async throws {
        let link = try Link()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (right, wrong) = (directory.appendingPathComponent("right"), directory.appendingPathComponent("wrong"))
        try Data("open sesame\n".utf8).write(to: right)
        try Data("open barley\n".utf8).write(to: wrong)
        let listener = try Self.start(
            [
                "peers", "listen", "--session-id", link.sessionID, "--name", "Ann", "--count", "1", "--timeout", "300",
                "--secret-file", right.path,
            ] + link.options)
        defer { listener.signal() }
        let intruder = try Self.start(
            [
                "peers", "send", "--session-id", link.sessionID, "--name", "Mallory", "--message", "let me in",
                "--timeout", "120", "--secret-file", wrong.path,
            ] + link.options)
        let refused = await intruder.exited()
        #expect(refused.exitStatus == 1, "\(refused), \(Self.text(intruder.errorOutput))")
        #expect(Self.text(intruder.errorOutput).contains("no peer accepted the invitation"))
        let member = try Self.start(
            [
                "peers", "send", "--session-id", link.sessionID, "--name", "Bob", "--message", "hello Ann",
                "--timeout", "120", "--secret-file", right.path,
            ] + link.options)
        let sent = await member.exited()
        #expect(sent.succeeded, "\(sent), \(Self.text(member.errorOutput))")
        let ended = await listener.exited()
        #expect(ended.succeeded, "\(ended), \(Self.text(listener.errorOutput))")
        #expect(Self.text(listener.output) == "from Bob: hello Ann\n")
    }

    @Test func aFileGoesToTheListenersSaveDirectoryUnderItsName() async throws {
        let link = try Link()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("peers-\(UUID().uuidString)")
        let inbox = directory.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("notes.txt")
        let content = Data((0..<150_000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try content.write(to: file)
        // A file of that name is already there: it is kept, and the new one gets a suffix.
        try Data("older".utf8).write(to: inbox.appendingPathComponent("notes.txt"))
        let listener = try Self.start(
            [
                "peers", "listen", "--session-id", link.sessionID, "--name", "Ann", "--count", "1", "--timeout", "300",
                "--save-dir", inbox.path,
            ] + link.options)
        defer { listener.signal() }
        let sender = try Self.start(
            [
                "peers", "send", "--session-id", link.sessionID, "--name", "Bob", "--file", file.path, "--timeout",
                "120",
            ] + link.options)
        let sent = await sender.exited()
        #expect(sent.succeeded, "\(sent), \(Self.text(sender.errorOutput))")
        #expect(Self.text(sender.output) == "delivered to 1 peer(s): Ann\n")
        let ended = await listener.exited()
        #expect(ended.succeeded, "\(ended), \(Self.text(listener.errorOutput))")
        let saved = inbox.appendingPathComponent("notes.txt-1")
        #expect(Self.text(listener.output) == "from Bob: file notes.txt (150000 bytes) saved as \(saved.path)\n")
        #expect(try Data(contentsOf: saved) == content)
        #expect(try Data(contentsOf: inbox.appendingPathComponent("notes.txt")) == Data("older".utf8))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: inbox.path).sorted() == ["notes.txt", "notes.txt-1"])
    }

    @Test func listenExitsZeroAtItsTimeout() async throws {
        let link = try Link()
        let listener = try Self.start(
            ["peers", "listen", "--session-id", link.sessionID, "--name", "Ann", "--timeout", "1"] + link.options)
        let ended = await listener.exited()
        #expect(ended.succeeded, "\(ended), \(Self.text(listener.errorOutput))")
        #expect(Self.text(listener.output).isEmpty)
    }

    @Test(arguments: [
        ["peers", "listen", "--session-id", "s", "--name", "Ann", "--count", "0"],
        ["peers", "listen", "--session-id", "s", "--name", "Ann", "--timeout", "-1"],
        ["peers", "send", "--session-id", "s", "--name", "Bob", "--message", "m", "--timeout", "0"],
        ["peers", "send", "--session-id", "s", "--name", "Bob", "--message", "m", "--encryption", "some"],
        ["peers", "send", "--session-id", "s", "--name", "Bob", "--message", "m", "--mdns-port", "70000"],
        ["peers", "auction", "host", "--item", "Lamp", "--duration", "0"],
        ["peers", "send", "--session-id", "s", "--name", "Bob", "--message", "m", "--secret-file", "/nonexistent/x"],
        ["peers", "send", "--session-id", "s", "--name", "Bob"],
        ["peers", "send", "--session-id", "s", "--name", "Bob", "--message", "m", "--file", "/etc/hostname"],
        ["peers", "send", "--session-id", "s", "--name", "Bob", "--file", "/nonexistent/x"],
        ["peers", "listen", "--session-id", "s", "--name", "Ann", "--save-dir", "/nonexistent/dir"],
        ["peers", "send", "--session-id", "s", "--name", "Bob", "--message", "m", "--secret-file", "/dev/null"],
        [
            "peers", "listen", "--session-id", "s", "--name", "Ann", "--secret-file", "/etc/hostname", "--encryption",
            "none",
        ],
    ])
    func badOptionsAreUsageErrors(arguments: [String]) async throws {
        let process = try Self.start(arguments)
        let ended = await process.exited()
        #expect(ended.exitStatus == 2, "\(arguments): \(ended)")
        #expect(Self.text(process.errorOutput).isEmpty == false)
    }

    @Test func anAuctionRunsFromHostToWinner() async throws {
        let link = try Link()
        // A duration longer than any test: the host is ended by SIGTERM once the bid is in, as by Ctrl-C.
        let host = try Self.start(
            ["peers", "auction", "host", "--item", "Lamp", "--duration", "600", "--name", "Auctioneer"] + link.options)
        defer { host.signal() }
        let bidder = try InteractiveProcess(
            URL(fileURLWithPath: Self.courier),
            arguments: ["peers", "auction", "join", "--name", "Bidder", "--timeout", "120"] + link.options)
        defer { bidder.kill() }
        var printed = bidder.lines.makeAsyncIterator()
        #expect(await printed.next() == "joined Auctioneer's auction")
        #expect(await printed.next() == "auction of Lamp started; type a bid and press return")
        bidder.type("-5")
        #expect(await printed.next() == "Bid refused: a bid cannot be negative")
        bidder.type("ten")
        #expect(await printed.next() == "Bid refused: \"ten\" is not a number")
        bidder.type("12")
        #expect(await printed.next() == "High bid: $12 by Bidder")
        host.signal(SIGTERM)
        #expect(await printed.next() == "You won the auction with a bid of $12!")
        #expect(await bidder.exitStatus() == 0)
        let ended = await host.exited()
        #expect(ended.succeeded, "\(ended), \(Self.text(host.errorOutput))")
        #expect(
            Self.text(host.output)
                == "auction of Lamp open; waiting for bidders\nBidder joined\nHigh bid: $12 by Bidder\n"
                + "Bidder won the auction with a bid of $12!\n")
    }
}
