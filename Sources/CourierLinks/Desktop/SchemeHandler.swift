import Foundation

/// A program to register as the handler of a URL scheme: what goes into its `.desktop` file.
///
/// ```swift
/// let handler = try SchemeHandler(
///     scheme: URLScheme("acme-directory"),
///     name: "Acme Directory",
///     executable: "/usr/local/bin/courier",
///     arguments: ["links", "open"]
/// )
/// handler.desktopFileID   // "courier-acme-directory.desktop"
/// ```
public struct SchemeHandler: Sendable, Hashable {
    /// The scheme handled.
    public var scheme: URLScheme
    /// The `Name` of the desktop entry.
    public var name: String
    /// The absolute path of the program.
    public var executable: String
    /// Arguments before the URL (the URL is passed last, through `%u`).
    public var arguments: [String]
    /// The file name of the desktop entry, which is also its ID in `mimeapps.list`.
    public var desktopFileID: String

    /// Creates a handler description.
    ///
    /// - Parameters:
    ///   - scheme: The scheme.
    ///   - name: The entry's display name; the scheme's name by default.
    ///   - executable: The absolute path of the program.
    ///   - arguments: Arguments placed before the URL.
    ///   - desktopFileID: The file name; `courier-<scheme>.desktop` by default.
    /// - Throws: ``LinkError/Code/invalidDesktopEntry`` when the executable is not an absolute path or
    ///   the desktop file ID is not a plain file name ending in `.desktop`.
    public init(
        scheme: URLScheme,
        name: String? = nil,
        executable: String,
        arguments: [String] = [],
        desktopFileID: String? = nil
    ) throws(LinkError) {
        guard executable.hasPrefix("/") else {
            throw LinkError(
                .invalidDesktopEntry, "the handler's executable must be an absolute path, got \(executable)")
        }
        let fileID = desktopFileID ?? "courier-\(scheme.name).desktop"
        guard fileID.hasSuffix(".desktop"), fileID.count > ".desktop".count, !fileID.contains("/"),
            !fileID.hasPrefix("."), !fileID.contains(where: { $0.isNewline || $0 == "=" || $0 == ";" })
        else {
            throw LinkError(
                .invalidDesktopEntry, "the desktop file ID \"\(fileID)\" must be a file name ending in .desktop")
        }
        self.scheme = scheme
        self.name = name ?? scheme.name
        self.executable = executable
        self.arguments = arguments
        self.desktopFileID = fileID
    }

    /// The `.desktop` file for this handler: `Exec=<executable> <arguments> %u`.
    public var desktopEntry: DesktopEntry {
        // A literal percent sign in the path or the fixed arguments must not read as a field code.
        let literal = ([executable] + arguments).map { $0.replacingOccurrences(of: "%", with: "%%") }
        return DesktopEntry(
            name: name,
            exec: ExecLine(arguments: literal + ["%u"]),
            schemes: [scheme],
            noDisplay: true,
            comment: "Opens \(scheme.name): URLs"
        )
    }
}
