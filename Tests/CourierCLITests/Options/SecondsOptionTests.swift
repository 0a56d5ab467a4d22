import Testing

@testable import CourierCLI

/// Seconds from the command line: out-of-range values are usage errors, never a trap converting them.
@Suite struct SecondsOptionTests {
    @Test(arguments: ["1e300", "inf", "nan", "0", "-1", "1000000001"])
    func valuesOutOfRangeAreUsageErrors(value: String) {
        #expect(throws: (any Error).self) {
            _ = try DiscoverCommand.parseAsRoot(["browse", "_http._tcp", "--timeout", value])
        }
        #expect(throws: (any Error).self) {
            _ = try DiscoverCommand.parseAsRoot(["publish", "x", "_http._tcp", "80", "--timeout", value])
        }
        #expect(throws: (any Error).self) {
            _ = try PeersCommand.parseAsRoot(["send", "--session-id", "s", "--message", "m", "--timeout", value])
        }
        #expect(throws: (any Error).self) { _ = try PeersCommand.parseAsRoot(["auction", "join", "--timeout", value]) }
        #expect(throws: (any Error).self) {
            _ = try PeersCommand.parseAsRoot(["auction", "host", "--item", "x", "--duration", value])
        }
    }

    @Test func theLargestValueIsADurationOfThatManySeconds() throws {
        try SecondsOption.check(SecondsOption.maximum, option: "--timeout")
        #expect(SecondsOption.duration(SecondsOption.maximum) == .seconds(1_000_000_000))
        #expect(SecondsOption.duration(0.25) == .milliseconds(250))
        #expect(SecondsOption.duration(.infinity) == .seconds(1_000_000_000))
        #expect(SecondsOption.duration(.nan) == .zero)
    }
}
