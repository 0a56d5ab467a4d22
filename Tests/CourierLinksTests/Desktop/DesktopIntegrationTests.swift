import CourierLinks
import Foundation
import Testing

/// Command lines and file handling, with a recording runner: nothing is executed, so these always run.
@Suite struct DesktopIntegrationTests {
    /// An environment whose PATH holds stand-in `xdg-mime` and `xdg-open` files (never executed).
    static func environment(_ xdg: XDGTestEnvironment) throws -> [String: String] {
        let bin = xdg.root.directory("fake-bin")
        for tool in ["xdg-mime", "xdg-open"] {
            _ = try xdg.root.script("fake-bin/\(tool)", "exit 99")
        }
        var environment = xdg.environment
        environment["PATH"] = bin
        return environment
    }

    @Test func canOpenAsksXDGMimeForTheSchemeHandler() async throws {
        let xdg = XDGTestEnvironment()
        let runner = RecordingRunner { call in
            CommandResult(
                exitStatus: 0,
                standardOutput: call.arguments.last == "x-scheme-handler/acme-records" ? "records.desktop\n" : "\n")
        }
        let desktop = DesktopIntegration(environment: try Self.environment(xdg), runner: runner)
        #expect(try await desktop.canOpen(scheme: URLScheme("acme-records")))
        #expect(try await desktop.canOpen(scheme: URLScheme("twitter")) == false)
        #expect(try await desktop.canOpen("acme-records://employee/1"))
        #expect(runner.recorded.first?.arguments == ["query", "default", "x-scheme-handler/acme-records"])
        #expect(runner.recorded.first?.executable.hasSuffix("/fake-bin/xdg-mime") == true)
        let companions = try await desktop.installedCompanions([
            "Employee Records": URLScheme("acme-records"), "Twitter": URLScheme("twitter"),
        ])
        #expect(companions == ["Employee Records": try URLScheme("acme-records")])
    }

    @Test func registerWritesTheFileThenSetsTheDefault() async throws {
        let xdg = XDGTestEnvironment()
        let runner = RecordingRunner()
        let desktop = DesktopIntegration(environment: try Self.environment(xdg), runner: runner)
        let handler = try SchemeHandler(scheme: URLScheme("acme-directory"), executable: "/bin/true")
        let path = try await desktop.register(handler)
        #expect(path == xdg.dataHome + "/applications/courier-acme-directory.desktop")
        #expect(try DesktopEntry(parsing: String(contentsOfFile: path, encoding: .utf8)) == handler.desktopEntry)
        #expect(
            runner.recorded.map(\.arguments) == [
                ["default", "courier-acme-directory.desktop", "x-scheme-handler/acme-directory"]
            ])
    }

    @Test func aFailedRegistrationLeavesNoFile() async throws {
        let xdg = XDGTestEnvironment()
        let runner = RecordingRunner { _ in CommandResult(exitStatus: 4, standardError: "xdg-mime: cannot write\n") }
        let desktop = DesktopIntegration(environment: try Self.environment(xdg), runner: runner)
        let handler = try SchemeHandler(scheme: URLScheme("acme"), executable: "/bin/true")
        await #expect {
            try await desktop.register(handler)
        } throws: { error in
            let linkError = error as? LinkError
            return linkError?.code == .commandFailed && linkError?.message.contains("cannot write") == true
        }
        #expect(!FileManager.default.fileExists(atPath: xdg.dataHome + "/applications/courier-acme.desktop"))
    }

    @Test func unregisterRemovesTheFileAndTheDefaults() async throws {
        let xdg = XDGTestEnvironment()
        let desktop = DesktopIntegration(environment: try Self.environment(xdg), runner: RecordingRunner())
        let scheme = try URLScheme("acme")
        _ = try await desktop.register(SchemeHandler(scheme: scheme, executable: "/bin/true"))
        let list = xdg.configHome + "/mimeapps.list"
        try "[Default Applications]\nx-scheme-handler/acme=courier-acme.desktop\ntext/plain=gedit.desktop\n"
            .write(toFile: list, atomically: true, encoding: .utf8)
        #expect(try await desktop.unregister(scheme: scheme))
        #expect(!FileManager.default.fileExists(atPath: xdg.dataHome + "/applications/courier-acme.desktop"))
        #expect(
            try String(contentsOfFile: list, encoding: .utf8) == "[Default Applications]\ntext/plain=gedit.desktop\n")
        #expect(try await desktop.unregister(scheme: scheme) == false)
    }

    @Test func missingToolsAreNamedWithTheirPackage() async throws {
        let xdg = XDGTestEnvironment(extra: ["PATH": "/nonexistent"])
        let desktop = DesktopIntegration(environment: xdg.environment, runner: RecordingRunner())
        #expect(!desktop.isAvailable)
        await #expect {
            try await desktop.canOpen(scheme: URLScheme("acme"))
        } throws: { error in
            let linkError = error as? LinkError
            return linkError?.code == .toolNotFound && linkError?.message.contains("xdg-utils") == true
        }
    }

    @Test func openNeedsAHandlerAndADesktop() async throws {
        let xdg = XDGTestEnvironment()
        var environment = try Self.environment(xdg)
        let noHandler = DesktopIntegration(environment: environment, runner: RecordingRunner())
        await #expect { try await noHandler.open("acme://x") } throws: { ($0 as? LinkError)?.code == .noHandler }
        let handled = RecordingRunner { _ in CommandResult(exitStatus: 0, standardOutput: "courier-acme.desktop\n") }
        await #expect {
            try await DesktopIntegration(environment: environment, runner: handled).open("acme://x")
        } throws: { ($0 as? LinkError)?.code == .noDesktop }
        environment["WAYLAND_DISPLAY"] = "wayland-0"
        try await DesktopIntegration(environment: environment, runner: handled).open("acme://x")
        #expect(handled.recorded.last?.arguments == ["acme://x"])
        #expect(handled.recorded.last?.executable.hasSuffix("/xdg-open") == true)
        await #expect {
            try await DesktopIntegration(environment: environment, runner: handled).open("not a url")
        } throws: { ($0 as? LinkError)?.code == .malformedURL }
    }

    @Test func readsXDGBaseDirectoriesWithFallbacks() {
        let desktop = DesktopIntegration(environment: ["HOME": "/home/alice", "XDG_DATA_HOME": "relative"])
        #expect(desktop.dataHome == "/home/alice/.local/share")
        #expect(desktop.configHome == "/home/alice/.config")
        #expect(desktop.applicationsDirectory == "/home/alice/.local/share/applications")
        #expect(!desktop.hasDesktopSession)
    }
}
