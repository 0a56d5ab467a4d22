import CourierLinks
import Foundation
import Testing

/// Registration, presence detection, opening and unregistration with Debian's real xdg-utils, each
/// test inside its own XDG directories. They run where xdg-utils is installed and always under
/// `COURIER_INTEROP=1` (`.ci/run` installs xdg-utils first).
@Suite(
    .enabled(if: XDGTestEnvironment.runsXDGTests, "needs xdg-utils (apt-get install xdg-utils) or COURIER_INTEROP=1"))
struct DesktopIntegrationInteropTests {
    /// A handler that writes the URL it receives into `received` beside itself and prints it.
    static func recordingHandler(_ xdg: XDGTestEnvironment) throws -> (executable: String, received: String) {
        let received = xdg.root.path + "/received"
        let script = try xdg.root.script("handler", "printf '%s' \"$1\" > '\(received)'; printf 'handled %s' \"$1\"")
        return (script, received)
    }

    @Test func registerMakesXDGMimeNameTheHandlerAndUnregisterUndoesIt() async throws {
        try #require(XDGTestEnvironment.hasXDGUtils, "xdg-utils is not installed")
        let xdg = XDGTestEnvironment()
        let desktop = xdg.desktop()
        let scheme = try URLScheme("acme-directory")
        #expect(try await desktop.canOpen(scheme: scheme) == false)
        let (script, _) = try Self.recordingHandler(xdg)
        try await desktop.register(SchemeHandler(scheme: scheme, name: "Acme Directory", executable: script))
        #expect(try await desktop.defaultHandler(for: scheme) == "courier-acme-directory.desktop")
        let list = try String(contentsOfFile: xdg.configHome + "/mimeapps.list", encoding: .utf8)
        #expect(MimeAppsList.defaults(for: scheme.mimeType, in: list) == ["courier-acme-directory.desktop"])
        #expect(try await desktop.unregister(scheme: scheme))
        #expect(try await desktop.canOpen(scheme: scheme) == false)
        let cleaned = try String(contentsOfFile: xdg.configHome + "/mimeapps.list", encoding: .utf8)
        #expect(MimeAppsList.defaults(for: scheme.mimeType, in: cleaned).isEmpty)
    }

    @Test func theRegisteredExecLineReceivesDataIntact() async throws {
        try #require(XDGTestEnvironment.hasXDGUtils, "xdg-utils is not installed")
        let xdg = XDGTestEnvironment()
        let desktop = xdg.desktop()
        let (script, received) = try Self.recordingHandler(xdg)
        try await desktop.register(SchemeHandler(scheme: URLScheme("acme-records"), executable: script))
        let image = Data((0...255).map(UInt8.init))
        let url = "acme-records://addimage/1/" + (try LinkPayload().encode(data: image))
        let result = try await desktop.launchHandler(for: url)
        #expect(result.succeeded)
        #expect(result.standardOutput == "handled " + url)
        let receivedURL = try String(contentsOfFile: received, encoding: .utf8)
        var router = URLRouter<Data>()
        try router.register("acme-records://addimage/{employeeId:int}/{data:data}") { try $0.parameters.data("data") }
        #expect(try await router.dispatch(receivedURL, launch: .launched) == image)
    }

    @Test func xdgOpenStartsTheHandlerInADesktopSession() async throws {
        try #require(XDGTestEnvironment.hasXDGUtils, "xdg-utils is not installed")
        // xdg-open only looks at DISPLAY to decide that a session exists; no X server is contacted.
        let xdg = XDGTestEnvironment(extra: ["DISPLAY": ":courier-test"])
        let desktop = xdg.desktop()
        let (script, received) = try Self.recordingHandler(xdg)
        try await desktop.register(SchemeHandler(scheme: URLScheme("acme-directory"), executable: script))
        try await desktop.open("acme-directory://employee/2")
        #expect(try String(contentsOfFile: received, encoding: .utf8) == "acme-directory://employee/2")
    }

    @Test func companionsAppearAndDisappearWithRegistration() async throws {
        try #require(XDGTestEnvironment.hasXDGUtils, "xdg-utils is not installed")
        let xdg = XDGTestEnvironment()
        let desktop = xdg.desktop()
        let companions = [
            "Employee Directory": try URLScheme("acme-directory"), "Employee Records": try URLScheme("acme-records"),
        ]
        #expect(try await desktop.installedCompanions(companions).isEmpty)
        try await desktop.register(SchemeHandler(scheme: URLScheme("acme-records"), executable: "/bin/true"))
        #expect(
            try await desktop.installedCompanions(companions) == ["Employee Records": try URLScheme("acme-records")])
        try await desktop.unregister(scheme: URLScheme("acme-records"))
        #expect(try await desktop.installedCompanions(companions).isEmpty)
    }

    @Test func launchingWithoutAHandlerIsATypedError() async throws {
        try #require(XDGTestEnvironment.hasXDGUtils, "xdg-utils is not installed")
        let xdg = XDGTestEnvironment()
        await #expect {
            try await xdg.desktop().launchHandler(for: "acme-nothing://x")
        } throws: { ($0 as? LinkError)?.code == .noHandler }
    }
}
