import Foundation

/// Redacts the values of request body fields that name secrets (`password`, `token`, `secret`, API keys) in
/// urlencoded forms and JSON documents, for HAR files.
enum SecretBodyFields {
    /// The parts of a field name (lowercased) that mark its value as a secret.
    static let secretNameParts = ["password", "passwd", "token", "secret", "api_key", "apikey", "api-key"]

    static let redacted = "<redacted>"

    /// Whether a field with this name holds a secret.
    static func isSecret(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return secretNameParts.contains { lowered.contains($0) }
    }

    /// `text` with the values of secret fields replaced, when `mimeType` is a form or JSON; otherwise `text`.
    /// A body that does not parse as its type is returned unchanged.
    static func redacting(_ text: String, mimeType: String) -> String {
        let essence = MIMEType.essence(of: mimeType)
        if essence == "application/x-www-form-urlencoded" { return redactingForm(text) }
        if essence == "application/json" || essence.hasSuffix("+json") { return redactingJSON(text) ?? text }
        return text
    }

    static func redactingForm(_ text: String) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let rawName = pair[..<equals]
            let name =
                String(rawName).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(rawName)
            return isSecret(name) ? "\(rawName)=\(redacted)" : String(pair)
        }.joined(separator: "&")
    }

    static func redactingJSON(_ text: String) -> String? {
        guard let data = text.data(using: .utf8),
            let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            containsSecret(object)
        else { return nil }
        let cleaned = redactingValue(object)
        guard
            let output = try? JSONSerialization.data(
                withJSONObject: cleaned, options: [.sortedKeys, .fragmentsAllowed])
        else { return nil }
        return String(decoding: output, as: UTF8.self)
    }

    private static func containsSecret(_ value: Any) -> Bool {
        if let dictionary = value as? [String: Any] {
            return dictionary.contains { isSecret($0.key) || containsSecret($0.value) }
        }
        if let array = value as? [Any] { return array.contains(where: containsSecret) }
        return false
    }

    private static func redactingValue(_ value: Any) -> Any {
        if let dictionary = value as? [String: Any] {
            var result: [String: Any] = [:]
            for (key, inner) in dictionary { result[key] = isSecret(key) ? redacted : redactingValue(inner) }
            return result
        }
        if let array = value as? [Any] { return array.map(redactingValue) }
        return value
    }
}
