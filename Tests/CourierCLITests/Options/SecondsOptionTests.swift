import ArgumentParser
import Testing

@testable import CourierCLI

/// Seconds from the command line: out-of-range values are usage errors, never a trap converting them.
@Suite struct SecondsOptionTests {
    /// Every command with a seconds option, with `VALUE` where the value goes.
    static let commands: [(root: any ParsableCommand.Type, arguments: [String])] = [
        (DiscoverCommand.self, ["browse", "_http._tcp", "--timeout", "VALUE"]),
        (DiscoverCommand.self, ["publish", "x", "_http._tcp", "80", "--timeout", "VALUE"]),
        (DiscoverCommand.self, ["resolve", "x", "_http._tcp", "--timeout", "VALUE"]),
        (DiscoverCommand.self, ["types", "--timeout", "VALUE"]),
        (DiscoverCommand.self, ["associate", "--timeout", "VALUE"]),
        (DiscoverCommand.self, ["consumer", "--timeout", "VALUE"]),
        (PeersCommand.self, ["listen", "--session-id", "s", "--name", "n", "--timeout", "VALUE"]),
        (PeersCommand.self, ["send", "--session-id", "s", "--name", "n", "--message", "m", "--timeout", "VALUE"]),
        (PeersCommand.self, ["auction", "join", "--timeout", "VALUE"]),
        (PeersCommand.self, ["auction", "host", "--item", "x", "--duration", "VALUE"]),
    ]

    static func arguments(_ template: [String], value: String) -> [String] {
        template.map { $0 == "VALUE" ? value : $0 }
    }

    @Test(arguments: ["1e300", "inf", "nan", "0", "-1", "1000000001", "ten"])
    func valuesOutOfRangeAreUsageErrors(value: String) {
        for (root, template) in Self.commands {
            #expect(throws: (any Error).self, "\(template)") {
                _ = try root.parseAsRoot(Self.arguments(template, value: value))
            }
        }
    }

    @Test func theUsageErrorNamesTheOptionTheValueAndTheRange() throws {
        for (root, template) in Self.commands {
            let error = try #require(throws: (any Error).self) {
                _ = try root.parseAsRoot(Self.arguments(template, value: "inf"))
            }
            let option = template[template.count - 2]
            let message = root.message(for: error)
            #expect(message.contains("'inf'"), "\(message)")
            #expect(message.contains(option), "\(message)")
            #expect(message.contains("above 0 and at most 1000000000"), "\(message)")
            #expect(root.exitCode(for: error) == .validationFailure, "\(message)")
        }
    }

    @Test func valuesInRangeAreParsed() throws {
        for (root, template) in Self.commands {
            _ = try root.parseAsRoot(Self.arguments(template, value: "0.25"))
            _ = try root.parseAsRoot(Self.arguments(template, value: "1000000000"))
        }
    }

    @Test func theLargestValueIsADurationOfThatManySeconds() throws {
        #expect(try SecondsOption.parse("1000000000") == SecondsOption.maximum)
        #expect(SecondsOption.duration(SecondsOption.maximum) == .seconds(1_000_000_000))
        #expect(SecondsOption.duration(0.25) == .milliseconds(250))
        #expect(SecondsOption.duration(.infinity) == .seconds(1_000_000_000))
        #expect(SecondsOption.duration(.nan) == .zero)
    }
}
