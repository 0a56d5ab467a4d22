import Testing

@testable import CourierCLI

@Suite("courier --pretty when piped")
struct PrettyWhenPipedTests {
    @Test func prettyColorsColorsTheJSONAsItCameAndPrettyAllFormatsItToo() async {
        let url = #"data:application/json,{"k":[1,true,"v"]}"#
        let colors = CLIIO.Capture()
        _ = await CourierCLI.run(arguments: ["--pretty=colors", url], io: colors.io())
        let key = "\u{1B}[34m\"k\"\u{1B}[0m"
        let values = "\u{1B}[36m1\u{1B}[0m,\u{1B}[35mtrue\u{1B}[0m,\u{1B}[33m\"v\"\u{1B}[0m"
        #expect(colors.standardOutput == "{" + key + ":[" + values + "]}")
        let all = CLIIO.Capture()
        _ = await CourierCLI.run(arguments: ["--pretty=all", "--print=hb", url], io: all.io())
        #expect(all.standardOutput.contains("\u{1B}[1;32m200"))
        #expect(all.standardOutput.contains("[\n        \u{1B}[36m1\u{1B}[0m,"))
    }
}
