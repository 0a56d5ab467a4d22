import CourierCLI
import Foundation
import Testing

@Suite("ChildProcess")
struct ChildProcessTests {
    @Test func statusAndOutputOfAProgram() throws {
        let result = try ChildProcess.run(
            "/bin/sh", ["-c", "echo hello; echo ignored >&2; exit 3"], captureOutput: true)
        #expect(result.status == 3)
        #expect(result.output == "hello\n")
        #expect(result.seconds > 0 && result.seconds < 30)
    }

    @Test func outputIsDroppedUnlessCaptured() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "echo hello"])
        #expect(result.status == 0)
        #expect(result.output.isEmpty)
    }

    @Test func aSignalIsReportedAs128PlusItsNumber() throws {
        let result = try ChildProcess.run("/bin/sh", ["-c", "kill -9 $$"])
        #expect(result.status == 128 + 9)
    }

    @Test func aMissingProgramIsAClearError() {
        #expect {
            _ = try ChildProcess.run("/nonexistent/program", [], captureOutput: true)
        } throws: { error in
            "\(error)".contains("could not start /nonexistent/program")
        }
    }
}
