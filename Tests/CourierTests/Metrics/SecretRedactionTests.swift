import Courier
import CourierTesting
import Foundation
import HTTPTypes
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Secrets in HAR files and curl commands")
struct SecretRedactionTests {
    func recordedHAR(
        _ request: Request, configure: (inout SessionConfiguration) -> Void = { _ in }
    ) async throws -> (HARDocument, HARRecorder) {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(200))
        let recorder = HARRecorder()
        let session = stubbedSession(stubs) { configuration in
            configuration.eventMonitors = [recorder]
            configure(&configuration)
        }
        _ = try await session.data(for: request)
        await session.finishTasksAndInvalidate()
        return (recorder.document, recorder)
    }

    @Test func secretHeadersIncludingTheSessionsOwnAreRedactedInHAR() async throws {
        var request = try Request("https://api.test/items")
        for name in ["Authorization", "Cookie", "X-API-Key", "X-Auth-Token", "X-Api-Token", "X-Tenant-Secret"] {
            try request.setValue("s3cret", forHTTPHeaderField: name)
        }
        try request.setValue("visible", forHTTPHeaderField: "X-Trace")
        let (document, _) = try await recordedHAR(request) { $0.secretHeaderNames.insert("x-tenant-secret") }
        let headers = try #require(document.log.entries.first).request.headers
        for name in ["Authorization", "Cookie", "X-API-Key", "X-Auth-Token", "X-Api-Token", "X-Tenant-Secret"] {
            let header = headers.first { $0.name.lowercased() == name.lowercased() }
            #expect(header?.value == "<redacted>", "\(name) was recorded")
        }
        #expect(headers.contains { $0.name == "X-Trace" && $0.value == "visible" })
    }

    @Test(arguments: [
        (
            "application/x-www-form-urlencoded", "user=ann&password=hunter2&api_key=k1&note=a%26b",
            "user=ann&password=<redacted>&api_key=<redacted>&note=a%26b"
        ),
        (
            "application/json", #"{"user":"ann","auth":{"accessToken":"t1","clientSecret":"s1"},"n":1}"#,
            #"{"auth":{"accessToken":"<redacted>","clientSecret":"<redacted>"},"n":1,"user":"ann"}"#
        ),
        ("text/plain", "password=hunter2", "password=hunter2"),
    ])
    func secretBodyFieldsAreRedactedInHAR(contentType: String, body: String, recorded: String) async throws {
        var request = try Request("https://api.test/login", method: .post)
        request.body = .data(Data(body.utf8), contentType: contentType)
        let (document, _) = try await recordedHAR(request)
        let postData = try #require(document.log.entries.first?.request.postData)
        #expect(postData.text == recorded)
    }

    @Test func aHARFileIsOwnerOnly() async throws {
        let (_, recorder) = try await recordedHAR(try Request("https://api.test/a"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-\(UUID()).har")
        defer { try? FileManager.default.removeItem(at: file) }
        try recorder.write(to: file)
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test func curlDescriptionRedactsTheSecretHeaderSet() throws {
        var request = try Request("https://ann:pw@api.test/items")
        try request.setValue("t", forHTTPHeaderField: "X-Api-Token")
        try request.setValue("v", forHTTPHeaderField: "X-Custom-Secret")
        let plain = request.curlDescription()
        #expect(plain.contains("X-Api-Token: <redacted>"))
        #expect(plain.contains("X-Custom-Secret: v"))
        #expect(!plain.contains(":pw@"))
        var names = SessionConfiguration.defaultSecretHeaderNames
        names.insert("x-custom-secret")
        #expect(request.curlDescription(secretHeaderNames: names).contains("X-Custom-Secret: <redacted>"))
    }
}
