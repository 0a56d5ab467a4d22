import CourierLinks
import Testing

@Suite struct DesktopEntryTests {
    @Test func writesAHandlerEntryTheSpecificationDescribes() throws {
        let handler = try SchemeHandler(
            scheme: URLScheme("acme-directory"), name: "Acme Directory", executable: "/usr/local/bin/courier",
            arguments: ["links", "open"])
        #expect(handler.desktopFileID == "courier-acme-directory.desktop")
        let text = handler.desktopEntry.text
        #expect(text.hasPrefix("[Desktop Entry]\n"))
        #expect(text.contains("\nType=Application\n"))
        #expect(text.contains("\nName=Acme Directory\n"))
        #expect(text.contains("\nExec=/usr/local/bin/courier links open %u\n"))
        #expect(text.contains("\nNoDisplay=true\n"))
        #expect(text.contains("\nMimeType=x-scheme-handler/acme-directory;\n"))
    }

    @Test func roundTripsAwkwardPathsAndNames() throws {
        let handler = try SchemeHandler(
            scheme: URLScheme("x-app"), name: " Odd\tname\\", executable: "/opt/100% sure/bin\\app",
            arguments: ["--mode=a b"])
        let parsed = try DesktopEntry(parsing: handler.desktopEntry.text)
        #expect(parsed.name == " Odd\tname\\")
        #expect(parsed.schemes == [try URLScheme("x-app")])
        #expect(parsed.noDisplay)
        #expect(
            try parsed.exec.expanded(url: "x-app://a") == ["/opt/100% sure/bin\\app", "--mode=a b", "x-app://a"])
    }

    @Test func readsOnlyTheMainGroup() throws {
        let text = """
            # comment
            [Desktop Action New]
            Name=Wrong
            Exec=/bin/wrong
            [Desktop Entry]
            Name=Right
            Name[de]=Richtig
            Exec=/bin/right %u
            MimeType=text/plain;x-scheme-handler/acme-records;x-scheme-handler/1bad;
            """
        let entry = try DesktopEntry(parsing: text)
        #expect(entry.name == "Right")
        #expect(entry.exec.arguments == ["/bin/right", "%u"])
        #expect(entry.schemes == [try URLScheme("acme-records")])
        #expect(!entry.noDisplay)
    }

    @Test(arguments: [
        "", "[Desktop Entry]\nName=x\n", "[Other]\nName=x\nExec=/bin/x\n", "[Desktop Entry]\nExec=/bin/x\n",
    ])
    func refusesEntriesWithoutNameOrExec(text: String) {
        #expect { try DesktopEntry(parsing: text) } throws: { ($0 as? LinkError)?.code == .invalidDesktopEntry }
    }

    @Test func refusesRelativeExecutablesAndOddFileIDs() throws {
        let scheme = try URLScheme("acme")
        #expect(throws: LinkError.self) { try SchemeHandler(scheme: scheme, executable: "courier") }
        for id in ["x", "../x.desktop", ".desktop", "a/b.desktop", "a=b.desktop"] {
            #expect(throws: LinkError.self) {
                try SchemeHandler(scheme: scheme, executable: "/bin/x", desktopFileID: id)
            }
        }
    }
}
