import Foundation
import HTTPTypes

extension Request {
    /// Whether a header field's value is a secret: its name is one of `secretHeaderNames` (compared
    /// case-insensitively), or it is `Set-Cookie`, which carries the same secrets as `Cookie`.
    static func isSecretField(_ name: HTTPField.Name, secretHeaderNames: Set<String>) -> Bool {
        let canonical = name.canonicalName
        if canonical == "set-cookie" { return true }
        return secretHeaderNames.contains(canonical)
            || secretHeaderNames.contains { $0.lowercased() == canonical }
    }

    /// The request as a `curl` command line, for bug reports. The values of secret header fields
    /// (`secretHeaderNames`: `Authorization`, `Proxy-Authorization`, `Cookie`, `X-API-Key`, `X-Auth-Token`,
    /// `X-Api-Token` by default; pass a session's ``SessionConfiguration/secretHeaderNames`` to use its set) and
    /// URL passwords are shown as `<redacted>` unless `redactingSecrets` is false.
    ///
    /// ```swift
    /// print(request.curlDescription())
    /// // curl -X POST 'https://api.example.com/items' -H 'Content-Type: application/json' --data-binary '{"a":1}'
    /// ```
    public func curlDescription(
        redactingSecrets: Bool = true,
        secretHeaderNames: Set<String> = SessionConfiguration.defaultSecretHeaderNames
    ) -> String {
        var parts = ["curl"]
        if method == .head {
            parts.append("--head")
        } else if !((method == .get && body.isEmpty) || (method == .post && !body.isEmpty)) {
            parts.append("-X \(method.rawValue)")
        }
        var urlString = url.absoluteString
        if redactingSecrets, url.password != nil,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        {
            components.password = "redacted"
            urlString = components.url?.absoluteString ?? url.redactingCredentials.absoluteString
        }
        parts.append(Self.shellQuote(urlString))
        for field in headerFields {
            if field.name == .acceptEncoding, field.value == ContentEncodingInterceptor.defaultAcceptEncoding {
                parts.append("--compressed")  // curl then decodes the body as Courier does
                continue
            }
            let value =
                redactingSecrets && Self.isSecretField(field.name, secretHeaderNames: secretHeaderNames)
                ? "<redacted>" : field.value
            if value.isEmpty {
                parts.append("-H " + Self.shellQuote("\(field.name.rawName);"))
            } else {
                parts.append("-H " + Self.shellQuote("\(field.name.rawName): \(value)"))
            }
        }
        if headerFields.joinedValue(for: .contentType) == nil, !body.isEmpty, let contentType = body.contentType {
            parts.append("-H " + Self.shellQuote("Content-Type: \(contentType)"))
        }
        switch body.storage {
        case .empty:
            break
        case .data(let data):
            if data.isEmpty { break }
            if let text = String(data: data, encoding: .utf8), !text.contains("\0") {
                parts.append("--data-binary " + Self.shellQuote(text))
            } else {
                parts.append("--data-binary @- # \(data.count) bytes of binary data")
            }
        case .file(let file):
            parts.append("--data-binary " + Self.shellQuote("@" + file.path))
        case .stream(let length, _):
            parts.append("--data-binary @- # streamed body\(length.map { " of \($0) bytes" } ?? "")")
        case .json(let value):
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            if let data = try? encoder.encode(value), let text = String(data: data, encoding: .utf8) {
                parts.append("--data-binary " + Self.shellQuote(text))
            }
        }
        return parts.joined(separator: " ")
    }

    /// Quotes a string for POSIX shells with single quotes.
    static func shellQuote(_ string: String) -> String {
        "'" + string.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
