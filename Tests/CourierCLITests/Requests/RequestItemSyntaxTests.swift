import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import CourierCLI

@Suite("courier: httpie's item syntax, nested JSON, empty headers and piped input")
struct RequestItemSyntaxTests {
    func run(_ arguments: [String], input: Data = Data()) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(input: input))
        return (status, capture.standardOutput, capture.standardError)
    }

    @Test func itemsParseTheEmptyHeaderAndKeepEscapesForNestedJSON() throws {
        #expect(try RequestItem.parse("X-Empty;") == .emptyHeader(name: "X-Empty"))
        #expect(try RequestItem.parse("a;b=c") == .dataField(name: "a;b", value: "c"))
        #expect(try RequestItem.parse(#"a\[b\]=c"#) == .dataField(name: #"a\[b\]"#, value: "c"))
        #expect(try RequestItem.parse(#"a\:b=c"#) == .dataField(name: "a:b", value: "c"))
        #expect(try RequestItem.parse("[]:=1") == .jsonField(name: "[]", json: "1"))
    }

    @Test func nestedItemsBuildTheJSONBody() async {
        let (status, out, _) = await run([
            "--offline", "--print=B", ":8080/x", "user[name]=ann", "user[roles][]=admin", "user[age]:=41", "id==7",
        ])
        #expect(status == 0)
        #expect(out == #"{"user": {"name": "ann", "roles": ["admin"], "age": 41}}"# + "\n")
        let (_, array, _) = await run(["--offline", "--print=B", ":8080/x", "[]:=1", "[]:=2"])
        #expect(array == "[1, 2]\n")
    }

    @Test func conflictingPathsAreUsageErrorsNamingTheItem() async {
        let (status, out, error) = await run(["--offline", ":8080/x", "a=1", "a[b]=2"])
        #expect(status == 2)
        #expect(out.isEmpty)
        #expect(
            error
                == "courier: error: 'a[b]': cannot perform 'key' based access on 'a' which has a type of 'string' but this operation requires a type of 'object'\n"
        )
        let (syntax, _, syntaxError) = await run(["--offline", ":8080/x", "a[b=2"])
        #expect(syntax == 2)
        #expect(syntaxError.contains("'a[b': expecting ']'"))
    }

    @Test func formFieldsKeepTheirBracketsLiterally() async {
        let (status, out, _) = await run(["--offline", "--print=B", "--form", ":8080/x", "a[b]=c"])
        #expect(status == 0)
        #expect(out == "a%5Bb%5D=c\n")
    }

    @Test func anEmptyHeaderItemSendsTheHeaderWithNoValue() async throws {
        let server = try await TestServer.start { _ in .text("ok") }
        let (status, _, _) = await run([server.url("/h").absoluteString, "X-Empty;", "X-Full:1"])
        let received = try #require(server.recordedRequests.first)
        try await server.shutdown()
        #expect(status == 0)
        #expect(received.headers[HTTPField.Name("X-Empty")!] == "")
        #expect(received.headers[HTTPField.Name("X-Full")!] == "1")
    }

    @Test(arguments: ["=@", ":=@"])
    func fileFieldErrorsNameTheField(separator: String) async {
        let item = "bio\(separator)/nonexistent/courier-bio.txt"
        let (status, _, error) = await run(["--offline", ":8080/x", item])
        #expect(status == 2)
        #expect(error.contains("'\(item)'"))
        #expect(error.contains("does not exist"))
    }

    @Test func pipedInputIsTheBodyWhenNoOtherBodyIsGiven() async {
        let (status, out, _) = await run(["--offline", "--print=HB", ":8080/x"], input: Data("from a pipe".utf8))
        #expect(status == 0)
        #expect(out.hasPrefix("POST /x HTTP/1.1\n"))
        #expect(out.hasSuffix("\nfrom a pipe\n"))
    }

    @Test func emptyInputAddsNoBodyAndKeepsGet() async {
        let (status, out, _) = await run(["--offline", "--print=HB", ":8080/x"], input: Data())
        #expect(status == 0)
        #expect(out.hasPrefix("GET /x HTTP/1.1\n"))
        #expect(!out.contains("Content-Length"))
        let (_, dash, _) = await run(["--offline", "--print=HB", ":8080/x", "-"], input: Data())
        #expect(dash.hasPrefix("GET /x HTTP/1.1\n"))
    }

    @Test func ignoreStdinAndOtherBodiesLeaveTheInputUnread() async {
        let input = Data("unwanted".utf8)
        let (_, ignored, _) = await run(["--offline", "--print=HB", "--ignore-stdin", ":8080/x"], input: input)
        #expect(ignored.hasPrefix("GET /x HTTP/1.1\n"))
        #expect(!ignored.contains("unwanted"))
        let (_, withData, _) = await run(["--offline", "--print=B", ":8080/x", "a=1"], input: input)
        #expect(withData == #"{"a": "1"}"# + "\n")
    }
}

@Suite("courier: URLs as httpie and curl read them")
struct URLCompletionTests {
    @Test(arguments: [
        ("127.0.0.1:8080/anything?x=http://a", "http://127.0.0.1:8080/anything?x=http://a"),
        ("localhost:8080/r?next=https://b/c", "http://localhost:8080/r?next=https://b/c"),
        ("example.com/a b?q=c d", "http://example.com/a%20b?q=c%20d"),
        (":8080/x", "http://localhost:8080/x"),
        ("https://example.com/", "https://example.com/"),
        ("data:text/plain,hi", "data:text/plain,hi"),
    ])
    func urlsAreCompletedAsHttpieDoes(written: String, completed: String) {
        #expect(RequestCommand.completeURLText(written, https: false) == completed)
    }

    @Test func aURLWithASchemeInItsQueryIsSentAsWritten() async {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(
            arguments: ["--offline", "--print=H", "127.0.0.1:8080/anything?x=http://a", "X-A:1"], io: capture.io())
        #expect(status == 0, "\(capture.standardError)")
        #expect(capture.standardOutput.hasPrefix("GET /anything?x=http://a HTTP/1.1\nHost: 127.0.0.1:8080\n"))
        let spaced = CLIIO.Capture()
        _ = await CourierCLI.run(arguments: ["--offline", "--print=H", "example.com/a b"], io: spaced.io())
        #expect(spaced.standardOutput.hasPrefix("GET /a%20b HTTP/1.1\n"))
    }
}
