import Courier
import CourierTesting
import Foundation
import Testing

@testable import CourierCLI

/// `--curl` for every request flag: each one becomes a curl option or a `#` comment saying what curl cannot
/// do. A flag added to the command without a row here fails ``everyFlagOfTheCommandIsInTheTable()``.
@Suite("courier --curl, flag by flag")
struct CurlCommandTests {
    static let pin = "sha256/" + Data(repeating: 7, count: 32).base64EncodedString()

    /// Flags that choose how courier shows or builds its own output, or what courier does instead of sending,
    /// with no bearing on what curl would send.
    static let notAboutTheRequest: Set<String> = ["--help", "--pretty", "--offline", "--curl"]

    /// Every other flag, with what `--curl` must say for it. `{dir}` is a directory with certificate files;
    /// `item:` marks a request item, written after the URL.
    static let table: [(flag: String, arguments: [String], expected: String)] = [
        ("--print", ["--print=hbm"], " -i -w '%{time_total} s, %{size_download} B\\n'"),
        ("--verbose", ["-v"], " -v"),
        ("--stream", ["--stream"], " -N"),
        // -o sends what courier prints, the curl command included, to the file.
        ("--output", ["-o", "{dir}/curl.txt"], " -o '{dir}/curl.txt'"),
        ("--quiet", ["-q"], " -s -o /dev/null"),
        ("--download", ["--download"], " -L --max-redirs 30 -O -J"),
        ("--continue", ["--download", "--continue"], " -O -J -C -"),
        ("--overwrite", ["-d", "--overwrite"], "# --overwrite: curl's -o replaces an existing file"),
        ("--all", ["--all"], "# --all: curl -L -i prints the head of every hop"),
        ("--raw", ["--raw", "hello"], "--data-binary 'hello'"),
        ("--chunked", ["--chunked", "item:a=1"], " -H 'Transfer-Encoding: chunked'"),
        ("--path-as-is", ["--path-as-is"], " --path-as-is"),
        ("--follow", ["--follow", "--max-redirects", "5"], " -L --max-redirs 5"),
        ("--max-redirects", ["--max-redirects", "5"], "# --max-redirects applies with --follow only"),
        ("--timeout", ["--timeout", "7"], " --connect-timeout 7 --speed-limit 1 --speed-time 7"),
        ("--max-time", ["--max-time", "2.5"], " -m 2.5"),
        ("--proxy", ["--proxy", "http://u:secret@127.0.0.1:3128"], " -x 'http://u:<redacted>@127.0.0.1:3128'"),
        ("--yes", ["--yes"], "# --yes: curl asks no questions"),
        ("--no", ["--no"], "# --no: curl asks no questions"),
        ("--retry", ["--retry", "3"], " --retry 3"),
        ("--json", ["--json"], "-H 'Accept: application/json, */*;q=0.5'"),
        ("--form", ["--form", "item:a=1"], "--data-binary 'a=1'"),
        ("--ignore-stdin", ["--ignore-stdin"], "curl 'http://example.com/x'"),
        ("--https", ["--https"], "curl 'https://example.com/x'"),
        ("--har", ["--har", "/tmp/x.har"], "# --har /tmp/x.har: curl cannot write a HAR file"),
        ("--check-status", ["--check-status"], "# --check-status: curl's --fail exits 22"),
        ("--session", ["--session", "{dir}/s.json"], "# --session {dir}/s.json: curl keeps only cookies"),
        ("--cache", ["--cache", "reload"], "# --cache reload: curl has no HTTP cache"),
        ("--compress", ["--compress", "item:a=1"], "# --compress: curl cannot gzip a request body"),
        ("--auth", ["--auth", "ann:pw"], "-H 'Authorization: <redacted>'"),
        ("--auth-type", ["--auth", "ann:pw", "--auth-type", "digest"], " --digest -u 'ann:<redacted>'"),
        ("--verify", ["--verify", "no"], " -k"),
        ("--pin", ["--pin", pin], " -k --pinnedpubkey 'sha256//\(pin.dropFirst(7))'"),
        (
            "--cert", ["--cert", "{dir}/client.p12", "--cert-pass", "pw"],
            " --cert-type P12 --cert '{dir}/client.p12:<redacted>'"
        ),
        (
            "--cert-key", ["--cert", "{dir}/client.pem", "--cert-key", "{dir}/client.key"],
            " --cert '{dir}/client.pem' --key '{dir}/client.key'"
        ),
        ("--cert-pass", ["--cert", "{dir}/client.p12", "--cert-pass", "pw"], ":<redacted>'"),
    ]

    @Test func everyFlagOfTheCommandIsInTheTable() throws {
        let help = RequestCommand.helpMessage(columns: 10_000)
        let regex = try NSRegularExpression(pattern: "(?<![\\w-])--[a-z][a-z0-9-]*")
        let flags = Set(
            regex.matches(in: help, range: NSRange(help.startIndex..., in: help)).compactMap {
                Range($0.range, in: help).map { String(help[$0]) }
            })
        let covered = Set(Self.table.map(\.flag)).union(Self.notAboutTheRequest)
        #expect(flags.subtracting(covered).isEmpty, "flags without a --curl row: \(flags.subtracting(covered))")
        #expect(covered.subtracting(flags).isEmpty, "rows for flags the command lacks: \(covered.subtracting(flags))")
    }

    @Test func everyRequestFlagBecomesACurlOptionOrAComment() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-curl-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let authority = try TestCertificateAuthority()
        let client = try authority.makeClientCertificate()
        try client.pkcs12Data(passphrase: "pw").write(to: directory.appendingPathComponent("client.p12"))
        try Data(client.certificatePEM.utf8).write(to: directory.appendingPathComponent("client.pem"))
        try Data(client.privateKeyPEM.utf8).write(to: directory.appendingPathComponent("client.key"))

        for row in Self.table {
            let arguments = row.arguments.map { $0.replacingOccurrences(of: "{dir}", with: directory.path) }
            let expected = row.expected.replacingOccurrences(of: "{dir}", with: directory.path)
            let url = arguments.contains("--https") ? "example.com/x" : "http://example.com/x"
            let items = arguments.filter { $0.hasPrefix("item:") }.map { String($0.dropFirst("item:".count)) }
            let words = arguments.filter { !$0.hasPrefix("item:") } + [url] + items
            let capture = CLIIO.Capture()
            let status = await CourierCLI.run(arguments: ["--curl"] + words, io: capture.io())
            #expect(status == 0, "\(row.flag): \(capture.standardError)")
            let printed =
                row.flag == "--output"
                ? try String(contentsOf: directory.appendingPathComponent("curl.txt"), encoding: .utf8)
                : capture.standardOutput
            #expect(printed.contains(expected), "\(row.flag): \(printed)")
            #expect(!printed.contains("secret") && !printed.contains(":pw"))
        }
    }
}
