import Courier
import CourierCLI
import Foundation
import Testing

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

    @Test("tour --list names every section; an unknown --only is a usage error (exit 2)")
    func listAndUnknown() async throws {
        let list = CLIIO.Capture()
        #expect(await CourierCLI.run(arguments: ["tour", "--list"], io: list.io()) == 0)
        #expect(list.standardOutput.contains("banking"))
        let unknown = CLIIO.Capture()
        #expect(await CourierCLI.run(arguments: ["tour", "--only", "teleportation"], io: unknown.io()) == 2)
        #expect(unknown.standardError.contains("courier tour --list"))
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
        let capture = CLIIO.Capture()
        let run = Task {
            await CourierCLI.run(
                arguments: ["serve", "--port", "0", "--warehouse-port", "0", "--quiet"], io: capture.io())
        }
        var url: URL?
        for _ in 0..<200 {
            if let line = capture.standardOutput.split(separator: "\n").first(where: { $0.contains("http://") }),
                let range = line.range(of: "http://")
            {
                url = URL(string: String(line[range.lowerBound...]).trimmingCharacters(in: .whitespaces))
                break
            }
            try await Task.sleep(for: .milliseconds(50))
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
        let capture = CLIIO.Capture()
        let run = Task {
            await CourierCLI.run(
                arguments: ["serve", "--port", "0", "--warehouse-port", "0", "--ftp-port", "0", "--quiet"],
                io: capture.io())
        }
        var ftp: String?
        for _ in 0..<200 {
            if let line = capture.standardOutput.split(separator: "\n").first(where: { $0.contains("ftp://") }),
                let start = line.range(of: "ftp://"), let end = line[start.lowerBound...].firstIndex(of: " ")
            {
                ftp = String(line[start.lowerBound..<end])
                break
            }
            try await Task.sleep(for: .milliseconds(50))
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
        #expect(capture.standardOutput.contains("19 of 19 sections passed"))
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
}
