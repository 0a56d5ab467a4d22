import Courier
import Foundation
import HTTPTypes

/// `--curl`: the request as an equivalent `curl` command. The library's `curlDescription()` writes every
/// body as `--data-binary`; a multipart form from `field@path` items is written as curl's own form options
/// instead (`--form-string` for fields, `-F name=@path;type=…` for files), so curl builds the same parts
/// and streams the files itself.
struct CurlCommand {
    /// One part of a multipart form, as the command line gave it.
    enum FormPart: Equatable {
        case field(name: String, value: String)
        case file(name: String, path: String, contentType: String)
    }

    /// The command for a prepared request, with `formParts` when its body is a multipart form.
    static func describe(_ request: Request, formParts: [FormPart]?) -> String {
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
