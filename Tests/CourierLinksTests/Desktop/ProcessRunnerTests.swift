import CourierLinks
import Testing

@Suite struct ProcessRunnerTests {
    @Test func runsWithExactlyTheGivenEnvironment() async throws {
        let result = try await ProcessRunner().run(
            "/bin/sh",
            arguments: ["-c", "printf '%s|%s' \"$COURIER_TEST\" \"${HOME-unset}\"; printf oops >&2; exit 3"],
            environment: ["COURIER_TEST": "value"])
        #expect(result.exitStatus == 3)
        #expect(!result.succeeded)
        #expect(result.standardOutput == "value|unset")
        #expect(result.standardError == "oops")
    }

    @Test func keepsOnlyTheStartOfLargeOutput() async throws {
        let result = try await ProcessRunner(outputLimit: 10).run(
            "/bin/sh", arguments: ["-c", "head -c 100000 /dev/zero | tr '\\0' x"], environment: [:])
        #expect(result.succeeded)
        #expect(result.standardOutput == String(repeating: "x", count: 10))
    }

    @Test func aMissingProgramIsATypedError() async {
        await #expect {
            try await ProcessRunner().run("/nonexistent/courier-tool", arguments: [], environment: [:])
        } throws: { ($0 as? LinkError)?.code == .commandFailed }
    }

    @Test func stopsAProgramThatRunsTooLong() async {
        // The child would run for an hour; the one-second limit is what ends it.
        await #expect {
            try await ProcessRunner(timeout: .seconds(1)).run("/bin/sleep", arguments: ["3600"], environment: [:])
        } throws: { error in
            let linkError = error as? LinkError
            return linkError?.code == .commandFailed && linkError?.message.contains("longer than") == true
        }
    }

    @Test func cancellingTheTaskStopsTheChild() async {
        // Whether the cancellation lands before or after the spawn, the child is killed and the run fails.
        let task = Task {
            try await ProcessRunner(timeout: .seconds(3600)).run("/bin/sleep", arguments: ["3600"], environment: [:])
        }
        task.cancel()
        await #expect {
            try await task.value
        } throws: { error in
            let linkError = error as? LinkError
            return linkError?.code == .commandFailed && linkError?.message.contains("cancelled") == true
        }
    }

    @Test func reportsDeathBySignalAs128PlusTheSignal() async throws {
        let result = try await ProcessRunner().run("/bin/sh", arguments: ["-c", "kill -TERM $$"], environment: [:])
        #expect(result.exitStatus == 128 + 15)
    }
}
