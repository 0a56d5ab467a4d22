/// The `Exec` key of a `.desktop` file as the Desktop Entry Specification defines it: a program and
/// its arguments, quoted with double quotes where needed, with field codes such as `%u` that the
/// launcher replaces by the URL.
///
/// ```swift
/// let exec = ExecLine(arguments: ["/usr/bin/courier", "links", "open", "%u"])
/// exec.text                                          // "/usr/bin/courier links open %u"
/// try exec.expanded(url: "acme-directory://employee/1")
/// // ["/usr/bin/courier", "links", "open", "acme-directory://employee/1"]
/// ```
public struct ExecLine: Sendable, Hashable, CustomStringConvertible {
    /// The program and its arguments, with field codes (`%u`) as separate arguments and literal
    /// percent signs written `%%`.
    public var arguments: [String]

    /// Creates an `Exec` line from arguments.
    public init(arguments: [String]) {
        self.arguments = arguments
    }

    /// Parses the value of an `Exec` key (after the general `\s`, `\n`, `\t`, `\r`, `\\` escapes
    /// of desktop-file values have been removed).
    ///
    /// - Throws: ``LinkError/Code/invalidDesktopEntry`` for an unterminated quote, a quote in the
    ///   middle of an argument, a bad escape inside quotes, or an empty line.
    public init(parsing text: String) throws(LinkError) {
        var arguments: [String] = []
        var current = ""
        var hasCurrent = false
        var iterator = Array(text).makeIterator()
        while let character = iterator.next() {
            switch character {
            case " ", "\t":
                if hasCurrent {
                    arguments.append(current)
                    current = ""
                    hasCurrent = false
                }
            case "\"":
                guard !hasCurrent else {
                    throw LinkError(.invalidDesktopEntry, "the Exec line \"\(text)\" has a quote inside an argument")
                }
                hasCurrent = true
                var closed = false
                while let inner = iterator.next() {
                    if inner == "\"" {
                        closed = true
                        break
                    }
                    if inner == "\\" {
                        guard let escaped = iterator.next(), Self.quotedEscapes.contains(escaped) else {
                            throw LinkError(
                                .invalidDesktopEntry, "the Exec line \"\(text)\" has a bad backslash escape in quotes")
                        }
                        current.append(escaped)
                    } else {
                        current.append(inner)
                    }
                }
                guard closed else {
                    throw LinkError(.invalidDesktopEntry, "the Exec line \"\(text)\" has an unterminated quote")
                }
            default:
                current.append(character)
                hasCurrent = true
            }
        }
        if hasCurrent {
            arguments.append(current)
        }
        guard !arguments.isEmpty else {
            throw LinkError(.invalidDesktopEntry, "the Exec line is empty")
        }
        self.arguments = arguments
    }

    /// The line as it goes in the file (before the general value escapes): arguments with reserved
    /// characters in double quotes, with `"`, `` ` ``, `$` and `\` escaped inside.
    public var text: String {
        arguments.map { argument in
            guard argument.isEmpty || argument.contains(where: Self.reserved.contains) else {
                return argument
            }
            var quoted = "\""
            for character in argument {
                if Self.quotedEscapes.contains(character) {
                    quoted.append("\\")
                }
                quoted.append(character)
            }
            return quoted + "\""
        }.joined(separator: " ")
    }

    /// The same as ``text``.
    public var description: String {
        text
    }

    /// The command to run for a URL: `%u`, `%U`, `%f` and `%F` become the URL; `%c` the name; `%k`
    /// the desktop file's path; `%i` `--icon` and the icon (or nothing); `%%` a percent sign; the
    /// deprecated codes disappear. When no code takes the URL, it is appended, as `xdg-open` does.
    ///
    /// - Throws: ``LinkError/Code/invalidDesktopEntry`` for an unknown field code or a `%` at the end
    ///   of an argument.
    public func expanded(
        url: String, name: String? = nil, icon: String? = nil, desktopFilePath: String? = nil
    ) throws(LinkError) -> [String] {
        var result: [String] = []
        var usedURL = false
        for argument in arguments {
            switch argument {
            case "%u", "%U", "%f", "%F":
                result.append(url)
                usedURL = true
                continue
            case "%i":
                if let icon {
                    result += ["--icon", icon]
                }
                continue
            case "%d", "%D", "%n", "%N", "%v", "%m":
                continue
            default:
                break
            }
            var expanded = ""
            var characters = argument.makeIterator()
            while let character = characters.next() {
                guard character == "%" else {
                    expanded.append(character)
                    continue
                }
                switch characters.next() {
                case "%": expanded.append("%")
                case "c": expanded += name ?? ""
                case "k": expanded += desktopFilePath ?? ""
                case "u", "U", "f", "F":
                    expanded += url
                    usedURL = true
                case .some(let code):
                    throw LinkError(.invalidDesktopEntry, "the Exec line has an unknown field code %\(code)")
                case .none:
                    throw LinkError(.invalidDesktopEntry, "the Exec line has a '%' at the end of an argument")
                }
            }
            result.append(expanded)
        }
        if !usedURL {
            result.append(url)
        }
        return result
    }

    /// Characters that force an argument into quotes (Desktop Entry Specification, "The Exec key").
    private static let reserved: Set<Character> = [
        " ", "\t", "\n", "\"", "'", "\\", ">", "<", "~", "|", "&", ";", "$", "*", "?", "#", "(", ")", "`",
    ]

    /// Characters written with a backslash inside quotes.
    private static let quotedEscapes: Set<Character> = ["\"", "`", "$", "\\"]
}
