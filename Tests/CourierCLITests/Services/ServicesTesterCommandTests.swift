import CourierCLI
import CourierSampleServer
import CourierTesting
import Foundation
import Testing

/// `courier services tester` against the sample back end running in the test process, and against a test
/// server whose locator document points at wrong or missing contracts.
@Suite("courier services tester", .timeLimit(.minutes(2)))
struct ServicesTesterCommandTests {
    func run(_ arguments: [String]) async -> (status: Int32, out: String, error: String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io())
        return (status, capture.standardOutput, capture.standardError)
    }

    func withServer(_ body: (RunningSampleServer) async throws -> Void) async throws {
        let server = try await SampleServer.start(.ephemeral())
        do {
            try await body(server)
        } catch {
            await server.stop()
            try? FileManager.default.removeItem(at: server.configuration.dataDirectory)
            throw error
        }
        await server.stop()
        try? FileManager.default.removeItem(at: server.configuration.dataDirectory)
    }

    @Test("v1 and v2 of weather and quotes through the locator: one line each, exit 0")
    func allContracts() async throws {
        try await withServer { server in
            let result = await self.run([
                "services", "tester", "--locator", server.url("/locator/dev.json").absoluteString,
            ])
            #expect(result.status == 0, "\(result.out)\n\(result.error)")
            #expect(result.error.isEmpty)
            let lines = result.out.split(separator: "\n").map(String.init)
            #expect(lines.count == 4)
            #expect(lines[0] == "weather v1     Richmond, Virginia: 63°F (temperature as a string)")
            #expect(lines[1] == "weather v2     Richmond, Virginia: 63°F, Mostly Cloudy (a number)")
            #expect(lines[2] == "stockQuote v1  AAPL Apple Inc.: 530.12 (price as a string)")
            #expect(lines[3] == "stockQuote v2  AAPL Apple Inc.: 530.12, opened at 545.31, -2.92%")
        }
    }

    @Test("a locator that cannot be loaded, or parsed, is one error line each, exit 1")
    func locatorFailures() async throws {
        try await withServer { server in
            let missing = await self.run([
                "services", "tester", "--locator", server.url("/locator/staging.json").absoluteString,
            ])
            #expect(missing.status == 1)
            #expect(missing.out.isEmpty)
            #expect(missing.error.hasPrefix("courier: error: could not load the service locator "))
            #expect(missing.error.contains("404"))
            #expect(missing.error.split(separator: "\n").count == 1)

            let garbage = await self.run([
                "services", "tester", "--locator", server.url("/upstream/stock-csv?s=AAPL").absoluteString,
            ])
            #expect(garbage.status == 1)
            #expect(garbage.error.hasPrefix("courier: error: could not parse the service locator "))
        }
    }

    @Test("load errors and parse errors are reported apart; the rest still loads; exit 1")
    func mixedFailures() async throws {
        try await withServer { server in
            let base = server.baseURL.absoluteString
            // weather v1 points at the v2 contract (a number where v1 has a string): a parse error. The quote
            // v1 endpoint is missing (404): a load error. Quote v2 is not listed at all: a load error too.
            let document = """
                {"services":[
                  {"name":"weather","url":"\(base)/api/2.0/weather","version":1},
                  {"name":"weather","url":"\(base)/api/2.0/weather","version":2},
                  {"name":"stockQuote","url":"\(base)/api/9.0/stockquote","version":1}
                ]}
                """
            let locator = try await TestServer.start { _ in .json(Data(document.utf8)) }
            let result = await self.run([
                "services", "tester", "--locator", locator.url("/locator.json").absoluteString,
            ])
            try await locator.shutdown()
            #expect(result.status == 1)
            let errors = result.error.split(separator: "\n").map(String.init)
            #expect(errors.count == 3, "\(result.error)")
            #expect(
                errors.contains(
                    "courier: error: could not parse weather v1 (service://weather/1/23219): currentTemperature is not a string"
                ))
            #expect(
                errors.contains {
                    $0.hasPrefix("courier: error: could not load stockQuote v1 (service://stockQuote/1/AAPL): ")
                })
            #expect(
                errors.contains {
                    $0.hasPrefix("courier: error: could not load stockQuote v2")
                        && $0.contains("lists \"stockQuote\" only in version 1")
                })
            #expect(result.out.contains("weather v1     FAILED (parse error)"))
            #expect(result.out.contains("weather v2     Richmond, Virginia: 63°F"))
            #expect(result.out.contains("stockQuote v1  FAILED (load error)"))
        }
    }

    @Test("usage errors exit 2: no --locator, a locator that is not http(s), a bad timeout")
    func usage() async {
        let none = await self.run(["services", "tester"])
        #expect(none.status == 2)
        #expect(none.error.hasPrefix("courier: error: "))
        let ftp = await self.run(["services", "tester", "--locator", "ftp://example.com/locator.json"])
        #expect(ftp.status == 2)
        #expect(ftp.error.contains("--locator must be an http or https URL"))
        let timeout = await self.run(["services", "tester", "--locator", "http://127.0.0.1/x", "--timeout", "0"])
        #expect(timeout.status == 2)
    }

    @Test("the tour's locator section: the four contracts, an unknown version refused, client 1.3 answered in 1.0")
    func tourSection() async {
        let result = await self.run(["tour", "--only", "locator"])
        #expect(result.status == 0, "\(result.out)\n\(result.error)")
        #expect(result.out.contains("1 of 1 sections passed"))
        #expect(result.out.contains("service://weather/1/23219 → Richmond, Virginia: 63°F (temperature as a string)"))
        #expect(result.out.contains("service://weather/3/23219 → refused before sending"))
        #expect(result.out.contains("the server chose API 1.0"))
    }
}
