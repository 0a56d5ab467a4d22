import Testing

@testable import CourierCLI

@Suite("courier --help")
struct RootHelpTests {
    @Test(arguments: ["--help", "-h"])
    func theRootHelpListsTheRequestFlags(flag: String) async {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: [flag], io: capture.io())
        let help = capture.standardOutput
        #expect(status == 0)
        #expect(help.contains("SUBCOMMANDS:"))
        #expect(help.contains("REQUEST OPTIONS (courier [METHOD] URL [ITEM ...]"))
        for option in ["--follow", "--stream", "--print", "--auth", "--verify", "--timeout", "--check-status"] {
            #expect(help.contains(option), "\(option)")
        }
    }
}
