import CourierLinks
import Testing

@Suite struct LinkURLTests {
    @Test func parsesTheBooksURLs() throws {
        let url = try LinkURL("acme-directory://Employee/5?tab=notes&x=a+b%2Bc&flag#top")
        #expect(url.scheme.name == "acme-directory")
        #expect(url.host == "employee")
        #expect(url.pathSegments == ["5"])
        #expect(url.queryItems.count == 3)
        #expect(url.queryValue("tab") == "notes")
        #expect(url.queryValue("x") == "a b+c")
        #expect(url.queryItems[2] == LinkURL.QueryItem(name: "flag", value: nil))
        #expect(url.fragment == "top")
    }

    @Test func decodesEscapedSlashesInsideOneSegment() throws {
        let url = try LinkURL("acme-records://addimage/1/employee%2F5%2F")
        #expect(url.pathSegments == ["1", "employee/5/"])
    }

    @Test func ignoresOneTrailingSlashAndKeepsEmptyInnerSegments() throws {
        #expect(try LinkURL("acme-directory://employee/5/").pathSegments == ["5"])
        #expect(try LinkURL("acme-directory://employee//5").pathSegments == ["", "5"])
        #expect(try LinkURL("acme-directory://").host == "")
        #expect(try LinkURL("acme-directory:").host == nil)
    }

    @Test func readsUserAndPort() throws {
        let url = try LinkURL("x-app://alice@host:8080/a")
        #expect(url.user == "alice")
        #expect(url.host == "host")
        #expect(url.port == 8080)
    }

    @Test(arguments: [
        "",
        "no-scheme-here",
        "1abc://x",
        "://x",
        "acme-directory://employee/5 6",
        "acme-directory://employee/\"5\"",
        "acme-directory://employee/<5>",
        "acme-directory://employee/{5}",
        "acme-directory://employee/5|6",
        "acme-directory://employee/5\\6",
        "acme-directory://employee/ü",
        "acme-directory://employee/5\n",
        "acme-directory://employee/%",
        "acme-directory://employee/%zz",
        "acme-directory://employee/%FF",
        "acme-directory://employee/5#a#b",
        "acme-directory://host:99999/",
        "acme-directory://host:12a/",
        "acme-directory://employee/[5]",
    ])
    func refusesMalformedURLs(text: String) {
        #expect { try LinkURL(text) } throws: { ($0 as? LinkError)?.code == .malformedURL }
    }

    @Test func refusesTextOverTheLengthLimitBeforeParsing() throws {
        let text = "acme-directory://employee/" + String(repeating: "1", count: 100)
        #expect { try LinkURL(text, maximumLength: 50) } throws: { ($0 as? LinkError)?.code == .malformedURL }
        #expect(try LinkURL(text, maximumLength: text.utf8.count).pathSegments.count == 1)
    }
}
