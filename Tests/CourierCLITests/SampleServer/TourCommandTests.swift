import Courier
import Foundation
import Testing

@testable import CourierCLI

@Suite("courier tour and courier serve")
struct TourCommandTests {
    @Test("tour sections run against the embedded server and the table reports them")
    func selectedSections() async throws {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(
            arguments: ["tour", "--only", "json", "--only", "queue", "--only", "redirects"], io: capture.io())
        #expect(status == 0, "\(capture.standardOutput)\n\(capture.standardError)")
        #expect(capture.standardOutput.contains("3 of 3 sections passed"))
        #expect(capture.standardOutput.contains("→ GET /redirect/3"))
        // Not a terminal: no ANSI escapes.
        #expect(!capture.standardOutput.contains("\u{1B}["))
    }

    @Test("the peers section: two sessions find each other and exchange a reliable and an unreliable message")
    func peersSection() async throws {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: ["tour", "--only", "peers"], io: capture.io())
        #expect(status == 0, "\(capture.standardOutput)\n\(capture.standardError)")
        #expect(capture.standardOutput.contains("1 of 1 sections passed"))
        #expect(capture.standardOutput.contains("← Bob got \"Hello, Bob\" (reliable)"))
        #expect(capture.standardOutput.contains("← Bob got \"ping\" (unreliable)"))
    }

    @Test("tour --list names every section; an unknown --only is a usage error (exit 2)")
    func listAndUnknown() async throws {
        let list = CLIIO.Capture()
        #expect(await CourierCLI.run(arguments: ["tour", "--list"], io: list.io()) == 0)
        #expect(list.standardOutput.contains("banking"))
        let unknown = CLIIO.Capture()
        #expect(await CourierCLI.run(arguments: ["tour", "--only", "teleportation"], io: unknown.io()) == 2)
        #expect(unknown.standardError.contains("courier tour --list"))
    }

    @Test("a skipped section is named with its reason and does not fail the tour; a failed one does")
    func skippedSectionsDoNotFail() throws {
        let capture = CLIIO.Capture()
        let results = [
            TourResult(title: "GET and POST JSON", outcome: .passed, duration: .milliseconds(12), note: "ok"),
            TourResult(
                title: "Bonjour: publish, browse, resolve, goodbye", outcome: .skipped, duration: .seconds(2),
                note: "multicast on the loopback interface is unavailable here: no interface has the address 127.0.0.1"),
        ]
        try TourCommand.report(results, total: .seconds(3), style: TourStyle(colors: false), io: capture.io())
        let output = capture.standardOutput
        #expect(output.contains("1 of 2 sections passed (1 skipped) in 3.0 s."))
        #expect(output.contains("Bonjour: publish, browse, resolve, goodbye  skipped"))
        #expect(output.contains("Skipped \"Bonjour: publish, browse, resolve, goodbye\": multicast on the loopback"))
        #expect(capture.standardError.isEmpty)

        let failing = CLIIO.Capture()
        let failed = TourResult(title: "Redirects", outcome: .failed, duration: .seconds(1), note: "lost the way")
        #expect(throws: CLIExit.self) {
            try TourCommand.report(
                results + [failed], total: .seconds(4), style: TourStyle(colors: false), io: failing.io())
        }
        #expect(failing.standardError == "courier: tour section \"Redirects\" failed: lost the way\n")
    }

    @Test("the discovery section is skipped, not failed, when the multicast probe found a problem")
    func discoveryWithoutMulticastIsSkipped() async throws {
        #expect(throws: TourSkip.self) { try TourSection.skipUnlessMulticast("lo is down") }
        try TourSection.skipUnlessMulticast(nil)
        // Here multicast on lo works (the discovery tests rely on it), so the probe finds nothing wrong.
        #expect(await MulticastLoopbackProbe.problem(timeout: .seconds(30)) == nil)
    }

    @Test("colors on a terminal")
    func colorsOnTerminal() async throws {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: ["tour", "--only", "json"], io: capture.io(terminal: true))
        #expect(status == 0)
        #expect(capture.standardOutput.contains("\u{1B}[32m"))
    }

    @Test("serve prints its URL, answers through Courier, and stops when cancelled")
    func serve() async throws {
        let capture = StreamingCapture()
        let run = Task {
            await CourierCLI.run(
                arguments: ["serve", "--port", "0", "--warehouse-port", "0", "--quiet"], io: capture.io())
        }
        // serve prints its addresses, ending with this line, once it listens.
        try await capture.waitForOutput(containing: "Press Ctrl-C to stop.")
        let line = capture.standardOutput.split(separator: "\n").first { $0.contains("http://") }
        let url = line.flatMap { line in
            line.range(of: "http://").flatMap {
                URL(string: String(line[$0.lowerBound...]).trimmingCharacters(in: .whitespaces))
            }
        }
        let base = try #require(url, "serve printed: \(capture.standardOutput) \(capture.standardError)")
        let session = Session(configuration: .ephemeral)
        let response = try await session.data(for: Request(url: base.appendingPathComponent("headers")))
        #expect(response.status == .ok)
        await session.invalidateAndCancel()
        run.cancel()
        #expect(await run.value == 0)
    }

    @Test("serve --ftp-port also serves FTP, which courier lists and reads")
    func serveWithFTP() async throws {
        let capture = StreamingCapture()
        let run = Task {
            await CourierCLI.run(
                arguments: ["serve", "--port", "0", "--warehouse-port", "0", "--ftp-port", "0", "--quiet"],
                io: capture.io())
        }
        // serve prints its addresses, ending with this line, once both servers listen.
        try await capture.waitForOutput(containing: "Press Ctrl-C to stop.")
        let line = capture.standardOutput.split(separator: "\n").first { $0.contains("ftp://") }
        let ftp = line.flatMap { line in
            line.range(of: "ftp://").flatMap { start in
                line[start.lowerBound...].firstIndex(of: " ").map { String(line[start.lowerBound..<$0]) }
            }
        }
        let base = try #require(ftp, "serve printed: \(capture.standardOutput) \(capture.standardError)")
        let listing = CLIIO.Capture()
        #expect(await CourierCLI.run(arguments: ["--pretty", "format", base], io: listing.io()) == 0)
        #expect(listing.standardOutput.contains("1 048 576  -  pub/sample.bin"), "\(listing.standardOutput)")
        let readme = CLIIO.Capture()
        #expect(await CourierCLI.run(arguments: ["-a", "courier:courier", base + "README"], io: readme.io()) == 0)
        #expect(readme.standardOutput.hasPrefix("Courier's sample FTP server."))
        run.cancel()
        #expect(await run.value == 0)
    }

    @Test("serve refuses a port out of range with a usage error")
    func servePortValidation() async throws {
        let capture = CLIIO.Capture()
        #expect(await CourierCLI.run(arguments: ["serve", "--port", "70000"], io: capture.io()) == 2)
        #expect(capture.standardError.contains("--port"))
    }
}

@Suite("courier tour, all sections")
struct FullTourTests {
    @Test("every section of the tour passes against the embedded sample back end (exit 0)")
    func everySectionPasses() async throws {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: ["tour"], io: capture.io())
        #expect(status == 0, "\(capture.standardOutput)\n\(capture.standardError)")
        #expect(capture.standardOutput.contains("21 of 21 sections passed"))
        #expect(capture.standardError.isEmpty)
    }
}

@Suite("courier bench")
struct BenchCommandTests {
    @Test("bench compares Courier with async-http-client, URLSession, curl and XMLParser in one table")
    func smallBench() async throws {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(
            arguments: ["bench", "--requests", "20", "--rounds", "1", "--download-mib", "1", "--xml-mb", "1"],
            io: capture.io())
        #expect(status == 0, "\(capture.standardOutput)\n\(capture.standardError)")
        for row in [
            "GET req/s vs async-http-client", "GET req/s vs URLSession", "XML parse MB/s vs Foundation XMLParser",
        ] {
            #expect(capture.standardOutput.contains(row))
        }
        #expect(await CourierCLI.run(arguments: ["bench", "--rounds", "0"], io: CLIIO.Capture().io()) == 2)
    }

    @Test("a failing anchor's own error line is in the message, not only its exit status")
    func aFailingAnchorSaysWhy() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("anchors-\(UUID().uuidString)")
        try Data("#!/bin/sh\necho 'first line' >&2\necho 'URLSession failed: timed out' >&2\nexit 1\n".utf8)
            .write(to: script)
        defer { try? FileManager.default.removeItem(at: script) }
        try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: script.path)
        let anchors = BenchAnchors(executable: script.path)
        #expect {
            _ = try anchors.urlSession(URL(string: "http://127.0.0.1:1/")!, count: 1, rounds: 1)
        } throws: { error in
            String(describing: error).contains("failed with status 1: URLSession failed: timed out")
        }
    }
}
