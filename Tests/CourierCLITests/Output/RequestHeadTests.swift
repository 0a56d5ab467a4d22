import Foundation
import Testing

@testable import CourierCLI

@Suite("courier -v and --offline show what is sent")
struct RequestHeadTests {
    func offline(_ arguments: [String]) async -> String {
        let capture = CLIIO.Capture()
        _ = await CourierCLI.run(arguments: ["--offline"] + arguments, io: capture.io())
        return capture.standardOutput
    }

    @Test func anInMemoryBodyShowsItsContentLength() async {
        #expect(await offline(["POST", "example.com/x", "a=1"]).contains("\nContent-Length: 10\n\n{\"a\": \"1\"}"))
        #expect(await offline(["--form", "example.com/x", "a=1", "b=2"]).contains("\nContent-Length: 7\n"))
        #expect(!(await offline(["example.com/x"]).contains("Content-Length")))
        // Gzipped on the way out: the length is only known then.
        #expect(!(await offline(["--compress", "example.com/x", "a=1"]).contains("Content-Length")))
    }
}
