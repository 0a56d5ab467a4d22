import Courier
import Foundation
import HTTPTypes

/// `--curl`: the request as an equivalent `curl` command. The library's `curlDescription()` writes every
/// body as `--data-binary`; a multipart form from `field@path` items is written as curl's own form options
/// instead (`--form-string` for fields, `-F name=@path;type=…` for files), so curl builds the same parts
/// and streams the files itself.
///
/// The options of the command line that shape the exchange rather than the request (`--follow`, `--verify`,
/// `--cert`, `--proxy`, timeouts, retries, the auth scheme) become curl options too; what curl cannot do
/// (a HAR file, an HTTP cache, gzip of the request body) is said in a `#` comment line after the command,
/// so nothing is dropped silently.
struct CurlCommand {
    /// Something the command line adds besides the request itself.
    enum Extra: Equatable {
        /// A curl option, shell-quoted as needed (`-L`, `--max-redirs 5`).
        case option(String)
        /// What curl cannot express, said on a comment line.
        case comment(String)
    }

    /// One part of a multipart form, as the command line gave it.
    enum FormPart: Equatable {
        case field(name: String, value: String)
        case file(name: String, path: String, contentType: String)
    }

    /// The command for a prepared request, with `formParts` when its body is a multipart form.
    static func describe(_ request: Request, formParts: [FormPart]?, extras: [Extra] = []) -> String {
        var command = describeRequest(request, formParts: formParts)
        for case .option(let option) in extras { command += " " + option }
        for case .comment(let comment) in extras { command += "\n# " + comment }
        return command
    }

    private static func describeRequest(_ request: Request, formParts: [FormPart]?) -> String {
        var head = request
        // Courier's Accept-Encoding goes out as it is, so curl sends the same field (with --compressed
        // alone, curl would offer every algorithm it knows, br and zstd included) and decodes the answer.
        let acceptEncoding = request.headerFields[.acceptEncoding]
        head.headerFields[.acceptEncoding] = nil
        if formParts != nil {
            head.body = .empty
            // curl chooses its own boundary, so it writes Content-Type and Content-Length itself.
            head.headerFields[.contentType] = nil
            head.headerFields[.contentLength] = nil
        }
        var command = head.curlDescription()
        if let acceptEncoding {
            var encoding = " -H " + shellQuote("Accept-Encoding: \(acceptEncoding)")
            let decodes = ["gzip", "deflate"].contains { acceptEncoding.lowercased().contains($0) }
            if decodes { encoding += " --compressed" }
            command = insertAfterURL(encoding, in: command, url: head)
        }
        guard let formParts else { return command }
        // -F implies POST; without a body the library spells the method out, which curl does not need.
        if request.method == .post, command.hasPrefix("curl -X POST ") {
            command = "curl " + command.dropFirst("curl -X POST ".count)
        }
        for part in formParts {
            switch part {
            case .field(let name, let value):
                command += " --form-string " + shellQuote("\(name)=\(value)")
            case .file(let name, let path, let contentType):
                command += " -F " + shellQuote("\(name)=@\(formQuote(path));type=\(contentType)")
            }
        }
        return command
    }

    /// The curl options and comments for the options of `command` (with the auth in effect, a session's
    /// included).
    static func extras(for command: RequestCommand, auth: AuthOptions) -> [Extra] {
        var extras: [Extra] = []
        if command.verbose { extras.append(.option("-v")) }
        if let printSpec = command.printSpec {
            if printSpec.contains("h") { extras.append(.option("-i")) }
            if printSpec.contains("m") { extras.append(.option("-w '%{time_total} s, %{size_download} B\\n'")) }
        }
        if command.stream { extras.append(.option("-N")) }
        if command.quiet {
            extras.append(.option("-s -o /dev/null"))
        } else if let output = command.output {
            extras.append(.option("-o " + shellQuote(output)))
        }
        if command.download {
            // --download follows redirects; -O -J name the file from the URL or Content-Disposition.
            extras.append(.option("-L --max-redirs \(command.maxRedirects)"))
            if command.output == nil { extras.append(.option("-O -J")) }
            if command.continuePartial { extras.append(.option("-C -")) }
            if command.overwrite {
                extras.append(.comment("--overwrite: curl's -o replaces an existing file; -O -J refuses to"))
            }
        } else if command.follow {
            extras.append(.option("-L --max-redirs \(command.maxRedirects)"))
        } else if command.maxRedirects != 30 {
            extras.append(.comment("--max-redirects applies with --follow only (curl's -L --max-redirs)"))
        }
        if command.all {
            extras.append(.comment("--all: curl -L -i prints the head of every hop, not the bodies of redirects"))
        }
        if command.chunked { extras.append(.option("-H 'Transfer-Encoding: chunked'")) }
        if command.pathAsIs { extras.append(.option("--path-as-is")) }
        if command.timeout == 0 {
            // No idle timeout: curl has none by default, and `--connect-timeout 0` means no limit.
            extras.append(.option("--connect-timeout 0"))
        } else if let timeout = command.timeout {
            // curl has no idle timeout; aborting below 1 byte/s for that long is the same test.
            let seconds = RequestCommand.format(timeout)
            extras.append(.option("--connect-timeout \(seconds) --speed-limit 1 --speed-time \(seconds)"))
        }
        if let maxTime = command.maxTime { extras.append(.option("-m \(RequestCommand.format(maxTime))")) }
        if let proxy = command.proxy {
            if proxy.lowercased() == "none" {
                extras.append(.option("--noproxy '*'"))
            } else {
                extras.append(.option("-x " + shellQuote(redactingPassword(proxy))))
            }
        }
        if command.retryOptions.retries > 0 {
            extras.append(.option("--retry \(command.retryOptions.retries)"))
        }
        if let answer = command.answer {
            extras.append(.comment("--\(answer == .yes ? "yes" : "no"): curl asks no questions to answer"))
        }
        if let har = command.har {
            extras.append(
                .comment("--har \(har): curl cannot write a HAR file; --trace-ascii FILE records the exchange"))
        }
        if command.checkStatus {
            extras.append(
                .comment("--check-status: curl's --fail exits 22 for any 4xx or 5xx (not 3, 4 or 5 by class)"))
        }
        if let session = command.session {
            extras.append(
                .comment(
                    "--session \(session): curl keeps only cookies between runs (-b FILE -c FILE), not headers, credentials or a cache"
                ))
        }
        if let policy = command.cacheOptions.policyName {
            extras.append(.comment("--cache \(policy): curl has no HTTP cache; every curl request goes to the network"))
        }
        if command.cacheOptions.compress {
            extras.append(
                .comment(
                    "--compress: curl cannot gzip a request body; gzip it first and send it with --data-binary @FILE -H 'Content-Encoding: gzip'"
                ))
        }
        if let credentials = auth.auth {
            let user = String(credentials.prefix { $0 != ":" })
            switch auth.authType {
            case "digest": extras.append(.option("--digest -u " + shellQuote("\(user):<redacted>")))
            case "ntlm": extras.append(.option("--ntlm -u " + shellQuote("\(user):<redacted>")))
            default: break  // Basic and Bearer are the Authorization field already written.
            }
        }
        extras += tlsExtras(command.tlsOptions)
        return extras
    }

    private static func tlsExtras(_ tls: TLSOptions) -> [Extra] {
        var extras: [Extra] = []
        switch tls.verify?.lowercased() {
        case nil where !tls.pins.isEmpty:
            // Courier accepts a self-signed certificate whose key matches a pin; curl only with -k.
            extras.append(.option("-k"))
        case nil, "yes", "true":
            break
        case "no", "false":
            extras.append(.option("-k"))
        case .some:
            extras.append(.option("--cacert " + shellQuote(tls.verify ?? "")))
        }
        if !tls.pins.isEmpty {
            let pins = tls.pins.map { "sha256//" + $0.dropFirst("sha256/".count) }.joined(separator: ";")
            extras.append(.option("--pinnedpubkey " + shellQuote(pins)))
        }
        if let certificate = tls.certificate {
            let isPKCS12 = ["p12", "pfx"].contains(URL(fileURLWithPath: certificate).pathExtension.lowercased())
            if isPKCS12 {
                let file = tls.certificatePassphrase == nil ? certificate : certificate + ":<redacted>"
                extras.append(.option("--cert-type P12 --cert " + shellQuote(file)))
            } else {
                extras.append(.option("--cert " + shellQuote(certificate)))
                if tls.certificatePassphrase != nil { extras.append(.option("--pass '<redacted>'")) }
            }
        }
        if let key = tls.certificateKey { extras.append(.option("--key " + shellQuote(key))) }
        return extras
    }

    /// A proxy URL with its password, if any, written as `<redacted>`.
    static func redactingPassword(_ text: String) -> String {
        guard var components = URLComponents(string: text), components.password != nil else { return text }
        components.password = "redacted"
        return components.string?.replacingOccurrences(of: ":redacted@", with: ":<redacted>@") ?? text
    }

    /// `text` placed after the URL (before the headers, as the library writes them), or at the end.
    static func insertAfterURL(_ text: String, in command: String, url request: Request) -> String {
        let quotedURL = shellQuote(request.url.absoluteString)
        guard let range = command.range(of: quotedURL) else { return command + text }
        return String(command[..<range.upperBound]) + text + String(command[range.upperBound...])
    }

    /// A value in double quotes as curl's `-F` reads it (so `;`, `,` and `"` in a path stay part of it).
    static func formQuote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Single quotes for POSIX shells.
    static func shellQuote(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
