import CourierLinks
import Foundation
import Synchronization
import Testing

@testable import CourierCLI

/// The `courier links` commands run in-process with captured output and private XDG directories.
@Suite struct LinksCommandTests {
    struct Run {
        var status: Int32
        var out: String
        var error: String
    }

    final class Scratch: Sendable {
        let path = (NSTemporaryDirectory() as NSString).appendingPathComponent("courier-cli-links-\(UUID().uuidString)")
        var environment: [String: String] {
            [
                "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                "HOME": path + "/home",
                "XDG_DATA_HOME": path + "/data",
                "XDG_CONFIG_HOME": path + "/config",
                "XDG_STATE_HOME": path + "/state",
                "XDG_DATA_DIRS": path + "/system-data",
            ]
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    static var hasXDGUtils: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: $0 + "/xdg-mime")
        }
    }

    static func run(_ arguments: [String], environment: [String: String]) async -> Run {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io(environment: environment))
        return Run(status: status, out: capture.standardOutput, error: capture.standardError)
    }

    @Test func openDispatchesAcmeURLsAsALaunchedHandler() async {
        let scratch = Scratch()
        let run = await Self.run(
            ["links", "open", "acme-directory://employee/1", "--source-application", "com.acme.records"],
            environment: scratch.environment)
        #expect(run.status == 0)
        #expect(
            run.out
                == "Employee Directory: employee 1, Ada Lovelace (Engineering) [launched for this URL, from com.acme.records]\n"
        )
    }

    @Test func openStoresAnImageSentAsBase64URL() async throws {
        let scratch = Scratch()
        let image = LinksDemoCommand.sampleImage()
        let url = "acme-records://addimage/2/" + (try LinkPayload().encode(data: image))
        let run = await Self.run(["links", "open", url], environment: scratch.environment)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.out.hasPrefix("Employee Records: added a \(image.count)-byte image to employee 2"))
        let stored = FileManager.default.contents(atPath: scratch.path + "/data/courier/acme-records/employee-2.image")
        #expect(stored == image)
    }

    @Test(arguments: [
        ("acme-directory://employee/99", "was refused: there is no employee 99"),
        ("acme-records://fire/1", "no route handles \"fire\""),
        ("acme-records://addimage/1/a+b/", "plain base64"),
        ("acme-records://addimage/1/employee/5/", "no route matches"),
        ("acme-records://addimage/1/ab%2Bc", "plain base64"),
        ("acme-records://addimage/1/abcde", "not valid base64url"),
        ("acme directory://x", "is not a URL"),
    ])
    func badURLsAreOneErrorLineAndStatusOne(url: String, message: String) async {
        let scratch = Scratch()
        let run = await Self.run(["links", "open", url], environment: scratch.environment)
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        #expect(run.error.hasPrefix("courier: error: "))
        #expect(run.error.contains(message), "\(run.error)")
        #expect(run.error.filter { $0 == "\n" }.count == 1)
    }

    @Test func openPrintsTheDecodedPartsOfOtherSchemes() async {
        let run = await Self.run(
            ["links", "open", "x-thing://host/a%2Fb?q=1+2%2B3"], environment: Scratch().environment)
        #expect(run.status == 0)
        #expect(run.out.contains("  path[0]: a/b\n"))
        #expect(run.out.contains("  query: q = 1 2+3\n"))
    }

    @Test func anInvalidSchemeIsAUsageError() async {
        let run = await Self.run(["links", "register", "1bad"], environment: Scratch().environment)
        #expect(run.status == 2)
        #expect(run.error.contains("must start with a letter"))
    }

    @Test(.enabled(if: hasXDGUtils || ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1"))
    func registerThenUnregisterRoundTripsThroughXDGMime() async throws {
        try #require(Self.hasXDGUtils, "xdg-utils is not installed")
        let scratch = Scratch()
        let registered = await Self.run(["links", "register", "acme-directory"], environment: scratch.environment)
        #expect(registered.status == 0, "\(registered.error)")
        #expect(
            registered.out.contains(
                "xdg-mime query default x-scheme-handler/acme-directory: courier-acme-directory.desktop"))
        let desktop = DesktopIntegration(environment: scratch.environment)
        #expect(try await desktop.defaultHandler(for: URLScheme("acme-directory")) == "courier-acme-directory.desktop")
        let file = scratch.path + "/data/applications/courier-acme-directory.desktop"
        let entry = try DesktopEntry(parsing: String(contentsOfFile: file, encoding: .utf8))
        #expect(Array(entry.exec.arguments.suffix(3)) == ["links", "open", "%u"])

        let unregistered = await Self.run(["links", "unregister", "acme-directory"], environment: scratch.environment)
        #expect(unregistered.status == 0)
        #expect(unregistered.out.contains(": (none)"))
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try await desktop.canOpen(scheme: URLScheme("acme-directory")) == false)
    }

    /// The demo starts handlers as new processes of the real executable, so it runs the built
    /// `courier` (beside the test bundle) rather than in-process.
    @Test(.enabled(if: hasXDGUtils || ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1"))
    func theDemoRunsEndToEnd() async throws {
        try #require(Self.hasXDGUtils, "xdg-utils is not installed")
        let buildDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [buildDirectory, buildDirectory.deletingLastPathComponent()].map {
            $0.appendingPathComponent("courier").path
        }
        let executable = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
            "build courier first (swift build)")
        let scratch = Scratch()
        let result = try await ProcessRunner(timeout: .seconds(300)).run(
            executable, arguments: ["links", "demo"], environment: scratch.environment)
        #expect(result.exitStatus == 0, "\(result.standardError)")
        for expected in [
            "xdg-mime query default x-scheme-handler/acme-records: courier-acme-records.desktop",
            "Employee Records (acme-records:): installed",
            "Twitter (twitter:): not installed",
            "handler: Employee Records: employee 2, Grace Hopper",
            "Records stored the image intact: yes",
            "plainBase64Refused",
            "Records: credentials valid = true, user = alice",
            "user name kept = alice",
            "reinstall = true, previously saved birthday = 1990-04-01",
            "acme-records: canOpen = false",
        ] {
            #expect(result.standardOutput.contains(expected), "missing: \(expected)")
        }
    }
}
