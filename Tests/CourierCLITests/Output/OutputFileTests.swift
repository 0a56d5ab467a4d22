import Foundation
import Testing

@testable import CourierCLI

@Suite("courier -o FILE and -q")
struct OutputFileTests {
    @Test func outputWritesTheBodyToTheFileAndQuietPrintsNothing() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-o-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let url = #"data:application/json,{"k":1}"#
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: ["-o", file.path, url], io: capture.io(terminal: true))
        #expect(status == 0)
        #expect(capture.standardOutput.isEmpty)
        #expect(try String(contentsOf: file, encoding: .utf8) == #"{"k":1}"#)

        let quiet = CLIIO.Capture()
        let quietStatus = await CourierCLI.run(arguments: ["-q", url], io: quiet.io(terminal: true))
        #expect(quietStatus == 0)
        #expect(quiet.standardOutput.isEmpty)

        let failing = CLIIO.Capture()
        let missing = await CourierCLI.run(arguments: ["-o", "/nonexistent/dir/x", url], io: failing.io())
        let error = failing.standardError
        #expect(missing == 2)
        #expect(error.contains("-o /nonexistent/dir/x"))
    }
}
