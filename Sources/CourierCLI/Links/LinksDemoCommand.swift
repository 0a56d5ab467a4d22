import ArgumentParser
import CourierLinks
import CourierSecurity
import Foundation

/// `courier links demo`: the book's Acme Directory, Records and Image Adder end to end, inside a
/// temporary `XDG_DATA_HOME` and `XDG_CONFIG_HOME` so the user's desktop is left alone.
struct LinksDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run the Acme suite end to end: register, sense companions, pass an image, single sign-on.",
        discussion: """
            Needs xdg-utils (Debian: apt-get install xdg-utils). Everything happens in a new temporary \
            directory, removed at the end unless --keep is given. No desktop session is needed: handlers are \
            started by running their registered Exec line, as xdg-open would.
            """
    )

    @Flag(name: .long, help: "Keep the temporary XDG directories and print where they are.")
    var keep = false

    func run() async throws {
        let root = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "courier-links-demo-\(UUID().uuidString.prefix(8))")
        defer {
            if !keep {
                try? FileManager.default.removeItem(atPath: root)
            }
        }
        var environment = CLIIO.current.environment
        for (key, name) in [
            ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config"), ("XDG_STATE_HOME", "state"),
            ("XDG_DATA_DIRS", "system-data"), ("XDG_CONFIG_DIRS", "system-config"),
        ] {
            let path = root + "/" + name
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            environment[key] = path
        }
        // Handlers are started directly, so the demo behaves the same with or without a display.
        environment["DISPLAY"] = nil
        environment["WAYLAND_DISPLAY"] = nil
        let desktop = DesktopIntegration(environment: environment)
        let suite = AcmeSuite(environment: environment)
        let out = CLIIO.current.writeOut
        out("Acme suite demo in \(root)\n")

        out("\n1. Install Employee Directory and Employee Records (register their schemes)\n")
        let executable = try LinksCommand.currentExecutable()
        let schemes = try AcmeSuite.schemes()
        for (scheme, name) in [
            (schemes.directory, "Employee Directory"), (schemes.records, "Employee Records"),
        ] {
            let handler = try SchemeHandler(
                scheme: scheme, name: name, executable: executable, arguments: ["links", "open"])
            try await desktop.register(handler)
            let current = try await desktop.defaultHandler(for: scheme) ?? "(none)"
            out("   xdg-mime query default \(scheme.mimeType): \(current)\n")
        }

        out("\n2. Directory senses its companions (canOpen for each scheme)\n")
        let companions = try AcmeSuite.companions()
        let installed = try await desktop.installedCompanions(companions)
        for (name, scheme) in companions.sorted(by: { $0.key < $1.key }) {
            out("   \(name) (\(scheme):): \(installed[name] == nil ? "not installed" : "installed")\n")
        }

        out("\n3. Directory opens an employee in Records; Records launches for the URL\n")
        try await launch("acme-records://employee/2", desktop: desktop)

        out("\n4. Image Adder sends an image to Records as base64url\n")
        let image = Self.sampleImage()
        let plain = Base64.encode(image)
        let segment = try LinkPayload().encode(data: image)
        let url = "acme-records://addimage/1/\(segment)"
        out("   image: \(image.count) bytes (portable graymap)\n")
        out("   plain base64 has '+': \(plain.contains("+")), '/': \(plain.contains("/")); base64url has neither\n")
        out("   URL: acme-records://addimage/1/\(segment.prefix(32))… (\(url.utf8.count) characters)\n")
        try await launch(url, desktop: desktop)
        let stored = FileManager.default.contents(atPath: suite.imagePath(for: 1))
        out("   Records stored the image intact: \(stored == image ? "yes" : "NO")\n")
        guard stored == image else {
            throw LinkError(.io, "the image Records stored differs from the one sent")
        }

        out("\n5. Bad input is refused with a clear error\n")
        let router = try suite.router()
        let plainURL = "acme-records://addimage/1/" + PercentEncoding.encode(plain)
        for bad in [
            plainURL, "acme-records://addimage/99/" + segment.prefix(8), "acme-records://fire/1",
            "acme-directory://employee/one",
        ] {
            do {
                _ = try await router.dispatch(bad)
                out("   accepted?! \(bad.prefix(60))\n")
            } catch let error as LinkError {
                out("   \(bad.prefix(48))…\n     \(error.code): \(error.message)\n")
            }
        }

        out("\n6. Single sign-on over the shared access group com.acme.sso\n")
        try await singleSignOn(directory: URL(fileURLWithPath: root + "/data/courier/secure-store"), out: out)

        out("\n7. Previous-install detection (the Birthday example)\n")
        try birthday(environment: environment, root: root, out: out)

        out("\n8. Uninstall both apps (unregister their schemes)\n")
        for scheme in [schemes.directory, schemes.records] {
            try await desktop.unregister(scheme: scheme)
            out("   \(scheme): canOpen = \(try await desktop.canOpen(scheme: scheme))\n")
        }
        if keep {
            out("\nkept \(root)\n")
        }
    }

    /// Starts the registered handler for a URL (a new process) and relays what it printed.
    private func launch(_ url: String, desktop: DesktopIntegration) async throws {
        let result = try await desktop.launchHandler(for: url)
        for line in (result.standardOutput + result.standardError).split(whereSeparator: \.isNewline) {
            CLIIO.current.writeOut("   handler: \(line)\n")
        }
        guard result.succeeded else {
            throw LinkError(.commandFailed, "the handler of \(url.prefix(40))… failed with status \(result.exitStatus)")
        }
    }

    private func singleSignOn(directory: URL, out: @Sendable (String) -> Void) async throws {
        // Stands in for the enterprise sign-on service: one known user, a fresh random token valid for an hour.
        let provider: SingleSignOn.Provider = { username, password in
            guard username == "alice", password == "wonderland" else {
                throw LinkError(.authenticationFailed, "unknown user or wrong password")
            }
            return SSOToken(
                value: Hex.encode(SecureRandom.bytes(count: 16)), expiresAt: Date().addingTimeInterval(3600))
        }
        let directoryApp = try SingleSignOn(group: SingleSignOn.defaultGroup, directory: directory)
        let recordsApp = try SingleSignOn(group: SingleSignOn.defaultGroup, directory: directory)
        let otherVendor = try SingleSignOn(group: "com.other.sso", directory: directory)
        do {
            try await directoryApp.authenticate(username: "alice", password: "guess", using: provider)
        } catch {
            out("   Directory: wrong password refused: \(error.message)\n")
        }
        try await directoryApp.authenticate(username: "alice", password: "wonderland", using: provider)
        out("   Directory: signed in as alice\n")
        out(
            "   Records: credentials valid = \(try await recordsApp.credentialsAreValid()), user = \(try recordsApp.currentUser() ?? "none")\n"
        )
        out(
            "   another vendor's app (com.other.sso): credentials valid = \(try await otherVendor.credentialsAreValid())\n"
        )
        try recordsApp.logout()
        out(
            "   Records: logged out; Directory credentials valid = \(try await directoryApp.credentialsAreValid()), user name kept = \(try directoryApp.currentUser() ?? "none")\n"
        )
    }

    private func birthday(environment: [String: String], root: String, out: @Sendable (String) -> Void) throws {
        let store = try SecureStore(
            accessGroup: "com.acme.birthday", directory: URL(fileURLWithPath: root + "/data/courier/secure-store"))
        let marker = try InstallationMarker(identifier: "com.acme.birthday", store: store, environment: environment)
        let first = try marker.recordLaunch()
        out("   first launch: fresh install = \(first.isFreshInstall); saving birthday 1990-04-01\n")
        try marker.setValue("1990-04-01", forKey: "birthday")
        out("   second launch: first launch = \(try marker.recordLaunch().isFirstLaunch)\n")
        try marker.removeInstallation()
        out("   uninstalled (per-install state removed, secure store kept) and reinstalled\n")
        let again = try marker.recordLaunch()
        let saved = try marker.value(forKey: "birthday")
        out(
            "   first launch again: reinstall = \(again.isReinstall), previously saved birthday = \(saved ?? "none") (kept)\n"
        )
    }

    /// A 24×16 grey image whose bytes give '+' and '/' in plain base64.
    static func sampleImage() -> Data {
        var image = Data("P5\n24 16\n255\n".utf8)
        for y in 0..<16 {
            for x in 0..<24 {
                image.append(UInt8((x * 37 + y * 101) & 0xFF) | (x % 3 == 0 ? 0xF8 : 0))
            }
        }
        return image
    }
}
