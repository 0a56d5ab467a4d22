import CourierLinks
import Testing

@Suite struct ExecLineTests {
    @Test(arguments: [
        (["/usr/bin/courier", "links", "open", "%u"], "/usr/bin/courier links open %u"),
        (["/opt/My App/run", "%u"], "\"/opt/My App/run\" %u"),
        (
            ["/bin/tool", "a$b", "q\"t", "back\\slash", "tick`"],
            "/bin/tool \"a\\$b\" \"q\\\"t\" \"back\\\\slash\" \"tick\\`\""
        ),
        (["/bin/tool", ""], "/bin/tool \"\""),
    ])
    func quotesArgumentsAndParsesThemBack(arguments: [String], text: String) throws {
        let line = ExecLine(arguments: arguments)
        #expect(line.text == text)
        #expect(try ExecLine(parsing: text).arguments == arguments)
    }

    @Test func expandsFieldCodes() throws {
        let url = "acme-directory://employee/1"
        #expect(
            try ExecLine(parsing: "/bin/app --name=%c %i %u %%x %k").expanded(
                url: url, name: "Acme", icon: "acme", desktopFilePath: "/a.desktop")
                == ["/bin/app", "--name=Acme", "--icon", "acme", url, "%x", "/a.desktop"])
        #expect(try ExecLine(parsing: "/bin/app %U %d").expanded(url: url) == ["/bin/app", url])
        #expect(try ExecLine(parsing: "/bin/app %i").expanded(url: url) == ["/bin/app", url])
    }

    @Test func appendsTheURLWhenNoFieldCodeTakesIt() throws {
        #expect(try ExecLine(parsing: "/bin/app --open").expanded(url: "x:y") == ["/bin/app", "--open", "x:y"])
    }

    @Test(arguments: ["", "   ", "/bin/app \"open", "/bin/app a\"b\"", "/bin/app \"\\n\""])
    func refusesBadLines(text: String) {
        #expect { try ExecLine(parsing: text) } throws: { ($0 as? LinkError)?.code == .invalidDesktopEntry }
    }

    @Test(arguments: ["/bin/app %z", "/bin/app 100%"])
    func refusesUnknownFieldCodes(text: String) throws {
        let line = try ExecLine(parsing: text)
        #expect { try line.expanded(url: "x:y") } throws: { ($0 as? LinkError)?.code == .invalidDesktopEntry }
    }
}
