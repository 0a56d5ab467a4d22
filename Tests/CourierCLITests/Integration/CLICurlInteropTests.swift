import CourierTestSupport
import Foundation
import Testing

@testable import CourierCLI

/// The same requests made by `courier` and by the `curl` command that `courier --curl` prints, against a
/// real httpbin (started by `.ci/interop/run.sh`, which exports `COURIER_HTTPBIN_URL`): httpbin must echo
/// the same method, headers (all but User-Agent), query, form fields, files and body. Skipped unless
/// `COURIER_INTEROP=1`.
@Suite(
    "courier and curl against httpbin", .timeLimit(.minutes(2)),
    .enabled(
        if: ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1",
        "set COURIER_INTEROP=1 (see .ci/interop/run.sh)"))
struct CLICurlInteropTests {
    var baseURL: String { ProcessInfo.processInfo.environment["COURIER_HTTPBIN_URL"] ?? "http://127.0.0.1:1" }

    static let directory: URL = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-cli-interop-\(UUID())")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? Data("line one\nline two\n".utf8).write(to: directory.appendingPathComponent("note.txt"))
        try? Data(#"{"from":"file"}"#.utf8).write(to: directory.appendingPathComponent("body.json"))
        return directory
    }()

    static var note: String { directory.appendingPathComponent("note.txt").path }
    static var bodyFile: String { directory.appendingPathComponent("body.json").path }

    static let cases: [[String]] = [
        ["GET", "URL/anything/get", "q==fish & chips", "page==2", "X-Trace:on"],
        ["URL/anything/json", "name=pen", "price:=1.5", "tags:=[\"a\",\"b\"]", "nested:={\"k\":null}"],
        ["--form", "URL/anything/form", "user=ann", "note=a&b=c", "utf8=día"],
        ["URL/anything/multipart", "status=shipped", "doc@\(note);type=text/plain", "X-Upload:1"],
        ["PUT", "URL/anything/raw", "@\(bodyFile)"],
        ["DELETE", "URL/anything/items/1", "Accept:application/json"],
        ["--follow", "--max-redirects", "3", "--timeout", "10", "--retry", "1", "URL/redirect/1", "X-Hop:1"],
    ]

    /// Runs the CLI in-process with stdout piped.
    func courier(_ arguments: [String]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(terminal: false))
        return (status, capture.standardOutput, capture.standardError)
    }

    func shell(_ command: String) throws -> String {
        try TestProcess.run("/bin/sh", ["-c", command]).output
    }

    /// The parts of httpbin's echo that must agree. Multipart boundaries are chosen by each client, so
    /// Content-Type keeps only its media type and Content-Length is left out for multipart bodies.
    func comparable(_ echo: String) throws -> NSDictionary {
        let object = try JSONSerialization.jsonObject(with: Data(echo.utf8)) as? [String: Any] ?? [:]
        var headers = object["headers"] as? [String: String] ?? [:]
        headers["User-Agent"] = nil
        if let type = headers["Content-Type"], type.hasPrefix("multipart/form-data") {
            headers["Content-Type"] = "multipart/form-data"
            headers["Content-Length"] = nil
        }
        var result: [String: Any] = ["headers": headers]
        for key in ["method", "args", "form", "files", "json", "url"] { result[key] = object[key] ?? NSNull() }
        if headers["Content-Type"] != "multipart/form-data" { result["data"] = object["data"] ?? NSNull() }
        return result as NSDictionary
    }

    @Test(arguments: cases)
    func curlAndCourierSendTheSameRequest(arguments: [String]) async throws {
        let resolved = arguments.map { $0.replacingOccurrences(of: "URL/", with: baseURL + "/") }
        let (status, echo, error) = await courier(["--proxy", "none"] + resolved)
        #expect(status == 0, "\(error)")
        let (curlStatus, command, curlError) = await courier(["--curl"] + resolved)
        #expect(curlStatus == 0, "\(curlError)")
        #expect(command.hasPrefix("curl "))
        let curlEcho = try shell("env -u http_proxy -u HTTP_PROXY -u all_proxy -u ALL_PROXY \(command) -s")
        let fromCourier = try comparable(echo)
        let fromCurl = try comparable(curlEcho)
        #expect(fromCourier == fromCurl, "courier: \(fromCourier)\ncurl (\(command)): \(fromCurl)")
        #expect((fromCourier["headers"] as? [String: String])?.isEmpty == false)
    }
}
