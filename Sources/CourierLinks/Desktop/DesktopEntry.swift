import Foundation

/// A `.desktop` file that makes a program the handler of URL schemes (Desktop Entry Specification
/// 1.5): `Type=Application`, a `Name`, an `Exec` line with `%u`, `MimeType=x-scheme-handler/<scheme>;`
/// and `NoDisplay=true`, so it handles URLs without appearing in menus.
///
/// ```swift
/// let entry = DesktopEntry(
///     name: "Acme Directory",
///     exec: ExecLine(arguments: ["/usr/local/bin/courier", "links", "open", "%u"]),
///     schemes: [try URLScheme("acme-directory")]
/// )
/// try entry.text   // the file's contents
/// ```
public struct DesktopEntry: Sendable, Hashable {
    /// The `Name` key.
    public var name: String
    /// The `Exec` key.
    public var exec: ExecLine
    /// The schemes listed in `MimeType` as `x-scheme-handler/<scheme>`.
    public var schemes: [URLScheme]
    /// The `NoDisplay` key.
    public var noDisplay: Bool
    /// The `Icon` key, if any.
    public var icon: String?
    /// The `Comment` key, if any.
    public var comment: String?

    /// Creates an entry.
    public init(
        name: String,
        exec: ExecLine,
        schemes: [URLScheme],
        noDisplay: Bool = true,
        icon: String? = nil,
        comment: String? = nil
    ) {
        self.name = name
        self.exec = exec
        self.schemes = schemes
        self.noDisplay = noDisplay
        self.icon = icon
        self.comment = comment
    }

    /// The contents of the file.
    public var text: String {
        var lines = [
            "[Desktop Entry]",
            "Type=Application",
            "Version=1.5",
            "Name=" + Self.escapeValue(name),
        ]
        if let comment {
            lines.append("Comment=" + Self.escapeValue(comment))
        }
        if let icon {
            lines.append("Icon=" + Self.escapeValue(icon))
        }
        lines.append("Exec=" + Self.escapeValue(exec.text))
        lines.append("Terminal=false")
        lines.append("NoDisplay=" + (noDisplay ? "true" : "false"))
        lines.append("MimeType=" + schemes.map { $0.mimeType + ";" }.joined())
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the `[Desktop Entry]` group of a `.desktop` file: `Name`, `Exec`, `MimeType` (its
    /// `x-scheme-handler/` entries), `NoDisplay`, `Icon` and `Comment`. Localized keys, other groups
    /// and other MIME types are ignored.
    ///
    /// - Throws: ``LinkError/Code/invalidDesktopEntry`` when the group, `Name` or `Exec` is missing or
    ///   the `Exec` line cannot be parsed.
    public init(parsing text: String) throws(LinkError) {
        var inMainGroup = false
        var values: [String: String] = [:]
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") {
                continue
            }
            if line.hasPrefix("[") {
                inMainGroup = line == "[Desktop Entry]"
                continue
            }
            guard inMainGroup, let equals = line.firstIndex(of: "=") else {
                continue
            }
            let key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if values[key] == nil {
                values[key] = value
            }
        }
        guard let name = values["Name"], let execValue = values["Exec"] else {
            throw LinkError(.invalidDesktopEntry, "the desktop entry has no [Desktop Entry] group with Name and Exec")
        }
        self.name = Self.unescapeValue(name)
        self.exec = try ExecLine(parsing: Self.unescapeValue(execValue))
        self.schemes = (values["MimeType"] ?? "").split(separator: ";").compactMap { type in
            guard type.hasPrefix("x-scheme-handler/") else {
                return nil
            }
            return try? URLScheme(String(type.dropFirst("x-scheme-handler/".count)))
        }
        self.noDisplay = values["NoDisplay"] == "true"
        self.icon = values["Icon"].map(Self.unescapeValue)
        self.comment = values["Comment"].map(Self.unescapeValue)
    }

    /// The general escapes of a desktop-file string value: `\\`, `\n`, `\t`, `\r`, and `\s` for a
    /// leading space.
    static func escapeValue(_ value: String) -> String {
        var escaped = ""
        for (offset, character) in value.enumerated() {
            switch character {
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\t": escaped += "\\t"
            case "\r": escaped += "\\r"
            case " " where offset == 0: escaped += "\\s"
            default: escaped.append(character)
            }
        }
        return escaped
    }

    /// Reverses ``escapeValue(_:)``; an unknown escape keeps its character.
    static func unescapeValue(_ value: String) -> String {
        var result = ""
        var characters = value.makeIterator()
        while let character = characters.next() {
            guard character == "\\", let next = characters.next() else {
                result.append(character)
                continue
            }
            switch next {
            case "s": result += " "
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            default: result.append(next)
            }
        }
        return result
    }
}
