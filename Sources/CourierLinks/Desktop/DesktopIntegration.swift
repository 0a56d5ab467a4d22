import Foundation

/// The desktop's side of URL schemes on Linux, through the freedesktop tools of `xdg-utils`:
/// presence checks (`canOpen(scheme:)`, the book's `canOpenURL:`) with `xdg-mime query default`,
/// registration of a handler as a `.desktop` file under `$XDG_DATA_HOME/applications` plus
/// `xdg-mime default`, unregistration, and opening a URL with `xdg-open`.
///
/// Every child process gets ``environment`` and nothing else, so tests point `XDG_DATA_HOME` and
/// `XDG_CONFIG_HOME` at temporary directories and leave the user's desktop alone.
///
/// ```swift
/// let desktop = DesktopIntegration()
/// if try await desktop.canOpen(scheme: URLScheme("acme-records")) {
///     // offer "Open in Employee Records"
/// }
/// let handler = try SchemeHandler(scheme: URLScheme("acme-directory"), executable: "/usr/local/bin/courier",
///                                 arguments: ["links", "open"])
/// try await desktop.register(handler)
/// ```
public struct DesktopIntegration: Sendable {
    /// The environment of every child process, and where the XDG directories are read from.
    public var environment: [String: String]
    /// Runs the child processes.
    public var runner: any CommandRunner

    /// Creates an integration.
    ///
    /// - Parameters:
    ///   - environment: The environment for `xdg-mime`, `xdg-open` and handlers; the process's own by
    ///     default. Tests pass one with temporary `XDG_DATA_HOME` and `XDG_CONFIG_HOME`.
    ///   - runner: What runs child processes.
    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        runner: any CommandRunner = ProcessRunner()
    ) {
        self.environment = environment
        self.runner = runner
    }

    /// `$XDG_DATA_HOME`, or `$HOME/.local/share` when it is unset or not absolute.
    public var dataHome: String {
        Self.baseDirectory(environment["XDG_DATA_HOME"], home: environment["HOME"], fallback: ".local/share")
    }

    /// `$XDG_CONFIG_HOME`, or `$HOME/.config` when it is unset or not absolute.
    public var configHome: String {
        Self.baseDirectory(environment["XDG_CONFIG_HOME"], home: environment["HOME"], fallback: ".config")
    }

    /// Where user `.desktop` files go: `<dataHome>/applications`.
    public var applicationsDirectory: String {
        dataHome + "/applications"
    }

    /// Whether a graphical session is present (`DISPLAY` or `WAYLAND_DISPLAY` is set), which
    /// `xdg-open` needs to hand a URL of a custom scheme to its handler.
    public var hasDesktopSession: Bool {
        !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }

    /// Whether `xdg-mime` is on the `PATH` of ``environment``.
    public var isAvailable: Bool {
        ExecutableLocator.find("xdg-mime", path: environment["PATH"]) != nil
    }

    // MARK: Presence

    /// The desktop file ID of the default handler of a scheme, or nil when there is none
    /// (`xdg-mime query default x-scheme-handler/<scheme>`).
    ///
    /// - Throws: ``LinkError/Code/toolNotFound`` without `xdg-mime`, ``LinkError/Code/commandFailed``
    ///   when it fails.
    public func defaultHandler(for scheme: URLScheme) async throws(LinkError) -> String? {
        let result = try await runTool("xdg-mime", ["query", "default", scheme.mimeType])
        guard result.succeeded else {
            throw Self.failure("xdg-mime query default \(scheme.mimeType)", result)
        }
        let first = result.standardOutput.split(whereSeparator: \.isNewline).first.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        return first.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether some program handles the scheme (the book's `canOpenURL:`).
    ///
    /// - Throws: As ``defaultHandler(for:)``.
    public func canOpen(scheme: URLScheme) async throws(LinkError) -> Bool {
        try await defaultHandler(for: scheme) != nil
    }

    /// Whether some program handles the scheme of a URL.
    ///
    /// - Throws: ``LinkError/Code/malformedURL`` for text that is not a URL, and as
    ///   ``defaultHandler(for:)``.
    public func canOpen(_ url: String) async throws(LinkError) -> Bool {
        try await canOpen(scheme: LinkURL(url).scheme)
    }

    /// The companions (by display name) whose scheme has a handler — the book's
    /// `dictionaryOfInstalledCompanionApps`.
    ///
    /// - Throws: As ``defaultHandler(for:)``.
    public func installedCompanions(_ companions: [String: URLScheme]) async throws(LinkError) -> [String: URLScheme] {
        var installed: [String: URLScheme] = [:]
        for (name, scheme) in companions.sorted(by: { $0.key < $1.key }) where try await canOpen(scheme: scheme) {
            installed[name] = scheme
        }
        return installed
    }

    // MARK: Registration

    /// Writes the handler's `.desktop` file into ``applicationsDirectory`` and makes it the default
    /// for its scheme with `xdg-mime default`.
    ///
    /// - Returns: The path of the `.desktop` file.
    /// - Throws: ``LinkError/Code/io`` when the file cannot be written, ``LinkError/Code/toolNotFound``
    ///   without `xdg-mime`, ``LinkError/Code/commandFailed`` when it fails (the file is removed again).
    @discardableResult
    public func register(_ handler: SchemeHandler) async throws(LinkError) -> String {
        let xdgMime = try tool("xdg-mime")
        let path = applicationsDirectory + "/" + handler.desktopFileID
        try DesktopFile.replace(path, with: handler.desktopEntry.text)
        let result = try await runner.run(
            xdgMime, arguments: ["default", handler.desktopFileID, handler.scheme.mimeType], environment: environment)
        guard result.succeeded else {
            unlink(path)
            throw Self.failure("xdg-mime default \(handler.desktopFileID) \(handler.scheme.mimeType)", result)
        }
        return path
    }

    /// Removes a handler: its `.desktop` file and its entries for the scheme in `mimeapps.list`
    /// (`$XDG_CONFIG_HOME/mimeapps.list` and the older `$XDG_DATA_HOME/applications/mimeapps.list`).
    ///
    /// - Parameters:
    ///   - scheme: The scheme.
    ///   - desktopFileID: The handler's file name; `courier-<scheme>.desktop` by default.
    /// - Returns: Whether anything was removed (false when the handler was not registered).
    /// - Throws: ``LinkError/Code/io`` when a file cannot be removed or rewritten.
    @discardableResult
    public func unregister(scheme: URLScheme, desktopFileID: String? = nil) async throws(LinkError) -> Bool {
        let fileID = desktopFileID ?? "courier-\(scheme.name).desktop"
        guard !fileID.contains("/"), fileID.hasSuffix(".desktop") else {
            throw LinkError(
                .invalidDesktopEntry, "the desktop file ID \"\(fileID)\" must be a file name ending in .desktop")
        }
        var removed = false
        let path = applicationsDirectory + "/" + fileID
        if FileManager.default.fileExists(atPath: path) {
            guard unlink(path) == 0 else {
                throw LinkError(.io, "\(path) could not be removed: \(String(cString: strerror(errno)))")
            }
            removed = true
        }
        for list in [configHome + "/mimeapps.list", applicationsDirectory + "/mimeapps.list"] {
            guard let text = try DesktopFile.read(list) else {
                continue
            }
            let edited = MimeAppsList.removing(fileID, for: scheme.mimeType, in: text)
            if edited.changed {
                try DesktopFile.replace(list, with: edited.text)
                removed = true
            }
        }
        return removed
    }

    // MARK: Opening

    /// Hands a URL to the desktop with `xdg-open`, which starts the scheme's handler.
    ///
    /// - Throws: ``LinkError/Code/malformedURL`` for bad URL text, ``LinkError/Code/noHandler`` when no
    ///   program handles the scheme, ``LinkError/Code/noDesktop`` without a graphical session (use
    ///   ``launchHandler(for:)`` there), ``LinkError/Code/toolNotFound`` without `xdg-utils`,
    ///   ``LinkError/Code/commandFailed`` when `xdg-open` fails.
    public func open(_ url: String) async throws(LinkError) {
        let parsed = try LinkURL(url)
        let xdgOpen = try tool("xdg-open")
        guard try await defaultHandler(for: parsed.scheme) != nil else {
            throw Self.noHandler(parsed.scheme)
        }
        guard hasDesktopSession else {
            throw LinkError(
                .noDesktop,
                "there is no desktop session (DISPLAY and WAYLAND_DISPLAY are unset), so xdg-open cannot start the handler of \(parsed.scheme): URLs"
            )
        }
        let result = try await runner.run(xdgOpen, arguments: [url], environment: environment)
        guard result.succeeded else {
            throw Self.failure("xdg-open", result)
        }
    }

    /// The default handler's `.desktop` file for a scheme, found as `xdg-open` finds it: in
    /// ``applicationsDirectory``, then in `applications` under each of `$XDG_DATA_DIRS`.
    ///
    /// - Returns: The file's path and its entry.
    /// - Throws: ``LinkError/Code/noHandler`` when no handler is registered or its file is missing,
    ///   ``LinkError/Code/invalidDesktopEntry`` when it cannot be parsed, and as ``defaultHandler(for:)``.
    public func handlerEntry(for scheme: URLScheme) async throws(LinkError) -> (path: String, entry: DesktopEntry) {
        guard let fileID = try await defaultHandler(for: scheme) else {
            throw Self.noHandler(scheme)
        }
        let systemDirectories =
            (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 }
            ?? "/usr/local/share:/usr/share").split(separator: ":").map(String.init)
        for directory in [dataHome] + systemDirectories where directory.hasPrefix("/") {
            let path = directory + "/applications/" + fileID
            if let text = try DesktopFile.read(path, limit: 256 * 1024) {
                return (path, try DesktopEntry(parsing: text))
            }
        }
        throw LinkError(.noHandler, "the handler \(fileID) of \(scheme): URLs is registered but its file is missing")
    }

    /// Runs the scheme's registered `Exec` line for a URL directly, as `xdg-open` would in a desktop
    /// session, and waits for it. This works without a display (servers, tests, CI).
    ///
    /// - Returns: The handler's exit status and output.
    /// - Throws: ``LinkError/Code/malformedURL``, the errors of ``handlerEntry(for:)``,
    ///   ``LinkError/Code/invalidDesktopEntry`` when its program cannot be found, and
    ///   ``LinkError/Code/commandFailed`` when it cannot be started or runs too long.
    public func launchHandler(for url: String) async throws(LinkError) -> CommandResult {
        let parsed = try LinkURL(url)
        let (path, entry) = try await handlerEntry(for: parsed.scheme)
        let command = try entry.exec.expanded(url: url, name: entry.name, icon: entry.icon, desktopFilePath: path)
        guard let program = command.first, let executable = ExecutableLocator.find(program, path: environment["PATH"])
        else {
            throw LinkError(
                .invalidDesktopEntry,
                "the program of \(path) (\(command.first ?? "")) is not installed or not executable")
        }
        return try await runner.run(executable, arguments: Array(command.dropFirst()), environment: environment)
    }

    // MARK: Helpers

    private func tool(_ name: String) throws(LinkError) -> String {
        guard let path = ExecutableLocator.find(name, path: environment["PATH"]) else {
            throw LinkError(
                .toolNotFound, "\(name) was not found on PATH; install xdg-utils (Debian: apt-get install xdg-utils)")
        }
        return path
    }

    private func runTool(_ name: String, _ arguments: [String]) async throws(LinkError) -> CommandResult {
        try await runner.run(try tool(name), arguments: arguments, environment: environment)
    }

    private static func noHandler(_ scheme: URLScheme) -> LinkError {
        LinkError(
            .noHandler,
            "no program is registered for \(scheme): URLs (xdg-mime query default \(scheme.mimeType) names none)")
    }

    private static func failure(_ command: String, _ result: CommandResult) -> LinkError {
        let detail = result.standardError.split(whereSeparator: \.isNewline).last.map { ": " + $0 } ?? ""
        return LinkError(.commandFailed, "\(command) failed with status \(result.exitStatus)\(detail)")
    }

    private static func baseDirectory(_ value: String?, home: String?, fallback: String) -> String {
        if let value, value.hasPrefix("/") {
            return value
        }
        let homeDirectory = home.flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return homeDirectory + "/" + fallback
    }
}
