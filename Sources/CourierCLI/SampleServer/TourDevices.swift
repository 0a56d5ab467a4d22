import Courier
import CourierDiscovery
import CourierLinks
import CourierSecurity
import Foundation
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// The tour's sections for the device-to-device and inter-app chapters: Bonjour (chapter 13) and custom URL
/// schemes with single sign-on (chapter 11). Both run in-process and touch nothing outside: discovery on the
/// loopback interface with a private mDNS port, links in a temporary directory.
extension TourSection {
    static func discovery(_ tour: TourContext) async throws -> String {
        let instances = try await loopbackDiscoveries(hosts: ["courier-associate", "courier-consumer"])
        let associate = instances[0]
        let consumer = instances[1]
        defer {
            Task {
                await associate.shutdown()
                await consumer.shutdown()
            }
        }
        try await associate.start()
        try await consumer.start()
        let identity = try ServiceIdentity(name: "Associate Help (Tour)", type: "_associateHelp._tcp")
        tour.log("→ publish \"\(identity.name)\" _associateHelp._tcp on the loopback interface")
        let registration = try await associate.publish(identity, port: 8080, txt: ["version": "1.0"])
        guard
            case .didPublish(let published)? = try await Self.first(
                of: registration.events, within: .seconds(10),
                where: {
                    if case .didPublish = $0 { true } else if case .didNotPublish = $0 { true } else { false }
                })
        else { throw TourFailure("the service was not published") }
        let browser = try await consumer.browse(type: "_associateHelp._tcp")
        guard
            case .found(let found, _)? = try await Self.first(
                of: browser.events, within: .seconds(10),
                where: {
                    if case .found = $0 { true } else { false }
                })
        else { throw TourFailure("the consumer did not find the service") }
        tour.log("← found \"\(found.name)\"")
        let resolved = try await consumer.resolveOnce(found)
        try tourCheck(resolved.port == 8080 && resolved.txt["version"] == "1.0", "resolved \(resolved.port), TXT wrong")
        tour.log("← resolved \(resolved.host) port \(resolved.port), version \(resolved.txt["version"] ?? "?")")
        await registration.stop()
        guard
            case .removed? = try await Self.first(
                of: browser.events, within: .seconds(10),
                where: {
                    if case .removed = $0 { true } else { false }
                })
        else { throw TourFailure("the goodbye was not seen") }
        await browser.stop()
        return "published \"\(published.name)\", browsed, resolved (port 8080, TXT), and saw its goodbye"
    }

    /// Skips the discovery section, with the reason, when the multicast probe found a problem.
    static func skipUnlessMulticast(_ problem: String?) throws(TourSkip) {
        if let problem {
            throw TourSkip("multicast on the loopback interface is unavailable here: \(problem)")
        }
    }

    /// One not-yet-started `Discovery` per host name, all on the loopback interface (IPv4) and on one free UDP
    /// port standing in for 5353, so a running avahi-daemon is neither needed nor disturbed. Skips the section,
    /// saying why, where multicast on the loopback interface does not work.
    static func loopbackDiscoveries(hosts: [String], logger: Logger? = nil) async throws -> [Discovery] {
        try skipUnlessMulticast(await MulticastLoopbackProbe.problem())
        let probe = try await DatagramBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .bind(host: "127.0.0.1", port: 0).get()
        let port = probe.localAddress?.port ?? 0
        try await probe.close()
        return hosts.map { host in
            var configuration = DiscoveryConfiguration()
            configuration.interfaces = .loopbackOnly
            configuration.ipVersions = .v4
            configuration.port = port
            configuration.hostName = host
            if let logger { configuration.logger = logger }
            return Discovery(configuration: configuration)
        }
    }

    static func links(_ tour: TourContext) async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("courier-tour-links-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        struct Image: Codable, Equatable {
            var name: String
            var bytes: Data
        }
        // Acme Records' router: a typed employee id and an image passed as base64url in the URL.
        let added = Mutex<[Int: Image]>([:])
        var router = URLRouter<String>()
        try router.register("acme-records://addimage/{employeeId:int}/{image:data}") { request in
            // A `data` placeholder arrives decoded from base64url: the JSON the sender encoded.
            let image = try JSONDecoder().decode(Image.self, from: try request.parameters.data("image"))
            let employee = try request.parameters.int("employeeId")
            added.withLock { $0[employee] = image }
            return image.name
        }
        let image = Image(name: "badge.png", bytes: Data((0..<600).map { UInt8(truncatingIfNeeded: $0 * 7) }))
        let encoded = try LinkPayload().encode(image)
        let url = "acme-records://addimage/42/\(encoded)"
        tour.log("→ open \(url.prefix(60))… (\(url.utf8.count) bytes, base64url)")
        _ = try await router.dispatch(url, launch: .launched, sourceApplication: "acme-directory")
        try tourCheck(added.withLock { $0[42] } == image, "the image did not arrive intact")
        do {
            _ = try await router.dispatch("acme-records://addimage/42/SGk+Pz8=")
            throw TourFailure("plain base64 in a URL was accepted")
        } catch let error as LinkError {
            tour.log("← plain base64 refused: \(error.code)")
        }
        // Single sign-on over a shared secure-store group: the first program logs in at the sample back end's
        // POST /auth/login, and the second one sees that login.
        let provider: SingleSignOn.Provider = { user, password in
            tour.log("→ POST /auth/login as \(user)")
            let response = try await tour.session.data(
                for: Request(
                    url: tour.url("/auth/login"), method: .post,
                    body: .json(["username": user, "password": password])))
            try tourCheck(response.status.code == 200, "the login answered \(response.status.code)")
            let answer = try response.decode(LoginAnswer.self)
            tour.log("← \(response.status.code): a bearer token, kept in the shared group com.acme.sso")
            return SSOToken(value: answer.token, expiresAt: Date().addingTimeInterval(3600))
        }
        let directoryApp = try SingleSignOn(group: "com.acme.sso", directory: directory)
        try await directoryApp.authenticate(username: "jdoe", password: "password", using: provider)
        let recordsApp = try SingleSignOn(group: "com.acme.sso", directory: directory)
        try tourCheck(try await recordsApp.credentialsAreValid(), "the second program did not see the login")
        try recordsApp.logout()
        try tourCheck(try recordsApp.currentUser() == "jdoe", "logout forgot the user name")
        try tourCheck(try await directoryApp.credentialsAreValid() == false, "logout did not end the shared login")
        let registered = try await registerAndDetect(tour, root: directory)
        return
            "routed an image passed as base64url, refused plain base64, shared a back-end login and logged out "
            + "keeping \"jdoe\"" + (registered ? "; registered, detected and unregistered a scheme handler" : "")
    }

    /// Registers `acme-records` with the desktop inside `root` (its own `XDG_DATA_HOME` and
    /// `XDG_CONFIG_HOME`, so the user's desktop is untouched), detects it the way the book's `canOpenURL:`
    /// does, and unregisters it. Returns false, saying why, where `xdg-utils` is not installed.
    static func registerAndDetect(_ tour: TourContext, root: URL) async throws -> Bool {
        var environment = ProcessInfo.processInfo.environment
        for (key, name) in [("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config")] {
            let path = root.appendingPathComponent(name).path
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            environment[key] = path
        }
        let desktop = DesktopIntegration(environment: environment)
        guard desktop.isAvailable else {
            tour.log("  xdg-mime is not installed (Debian: xdg-utils): scheme registration not shown")
            return false
        }
        let scheme = try URLScheme("acme-records")
        try tourCheck(try await desktop.canOpen(scheme: scheme) == false, "acme-records had a handler already")
        let handler = try SchemeHandler(
            scheme: scheme, name: "Employee Records", executable: try LinksCommand.currentExecutable(),
            arguments: ["links", "open"])
        tour.log("→ register \(handler.desktopFileID) for \(scheme.mimeType)")
        try await desktop.register(handler)
        let current = try await desktop.defaultHandler(for: scheme)
        tour.log("← xdg-mime query default \(scheme.mimeType): \(current ?? "(none)")")
        try tourCheck(current == handler.desktopFileID, "xdg-mime does not name the registered handler")
        try tourCheck(try await desktop.canOpen(scheme: scheme), "canOpen is false after registering")
        try await desktop.unregister(scheme: scheme)
        let after = try await desktop.canOpen(scheme: scheme)
        tour.log("← unregistered: canOpen(acme-records) = \(after)")
        try tourCheck(after == false, "canOpen is still true after unregistering")
        return true
    }

    /// The first event that `matches`, or `nil` when the stream ends or `timeout` passes first.
    ///
    /// - Throws: `CancellationError` when the task is cancelled.
    static func first<Event: Sendable>(
        of events: AsyncStream<Event>, within timeout: Duration, where matches: @escaping @Sendable (Event) -> Bool
    ) async throws -> Event? {
        let event = await FirstEvent.first(in: events, within: timeout) { matches($0) ? $0 : nil }
        try Task.checkCancellation()
        return event
    }
}

/// The sample back end's answer to `POST /auth/login`.
private struct LoginAnswer: Decodable {
    var token: String
}
