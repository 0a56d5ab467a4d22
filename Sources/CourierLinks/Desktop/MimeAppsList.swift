import Foundation

/// Edits a `mimeapps.list` file (freedesktop MIME Applications Associations specification): removes
/// one desktop file from the associations of one MIME type and leaves every other line as it was.
///
/// `xdg-mime` can set a default but has no command to unset one, so unregistering a scheme edits the
/// file directly.
///
/// ```swift
/// let cleaned = MimeAppsList.removing("courier-acme.desktop", for: "x-scheme-handler/acme", in: text)
/// ```
public enum MimeAppsList {
    /// The groups whose entries name applications for a MIME type.
    static let associationGroups: Set<String> = ["[Default Applications]", "[Added Associations]"]

    /// The text with `desktopFileID` removed from the `mimeType` entries of `[Default Applications]`
    /// and `[Added Associations]`; an entry left with no application is removed.
    ///
    /// - Returns: The new text, and whether anything changed.
    public static func removing(
        _ desktopFileID: String, for mimeType: String, in text: String
    ) -> (text: String, changed: Bool) {
        var group = ""
        var changed = false
        var output: [String] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                group = trimmed
                output.append(String(line))
                continue
            }
            guard associationGroups.contains(group), let equals = trimmed.firstIndex(of: "="),
                trimmed[..<equals].trimmingCharacters(in: .whitespaces) == mimeType
            else {
                output.append(String(line))
                continue
            }
            let applications = trimmed[trimmed.index(after: equals)...].split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let kept = applications.filter { !$0.isEmpty && $0 != desktopFileID }
            guard kept.count != applications.filter({ !$0.isEmpty }).count else {
                output.append(String(line))
                continue
            }
            changed = true
            if !kept.isEmpty {
                output.append(mimeType + "=" + kept.joined(separator: ";") + ";")
            }
        }
        return (output.joined(separator: "\n"), changed)
    }

    /// The applications a `mimeapps.list` names as the default for a MIME type, in order.
    public static func defaults(for mimeType: String, in text: String) -> [String] {
        var group = ""
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("[") {
                group = trimmed
                continue
            }
            guard group == "[Default Applications]", let equals = trimmed.firstIndex(of: "="),
                trimmed[..<equals].trimmingCharacters(in: .whitespaces) == mimeType
            else {
                continue
            }
            return trimmed[trimmed.index(after: equals)...].split(separator: ";").map {
                $0.trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        }
        return []
    }
}
