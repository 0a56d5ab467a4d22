import CourierLinks
import CourierSecurity
import Foundation
import Testing

@Suite struct InstallationMarkerTests {
    static func marker(_ directory: TemporaryDirectory) throws -> InstallationMarker {
        let store = try SecureStore(
            accessGroup: "com.acme.birthday", directory: directory.url.appendingPathComponent("store"))
        return try InstallationMarker(
            identifier: "com.acme.birthday", store: store,
            installDirectory: directory.url.appendingPathComponent("install"))
    }

    @Test func tellsFreshInstallsSubsequentLaunchesAndReinstallsApart() throws {
        let directory = TemporaryDirectory()
        let marker = try Self.marker(directory)

        let first = try marker.recordLaunch()
        #expect(first.isFirstLaunch && first.isFreshInstall && !first.isReinstall)

        let second = try marker.recordLaunch()
        #expect(!second.isFirstLaunch && !second.isReinstall && !second.isFreshInstall)

        try marker.removeInstallation()
        let reinstalled = try Self.marker(directory).recordLaunch()
        #expect(reinstalled.isFirstLaunch && reinstalled.isReinstall)
    }

    @Test func theBirthdaySurvivesAReinstallUntilDiscarded() throws {
        let directory = TemporaryDirectory()
        let marker = try Self.marker(directory)
        _ = try marker.recordLaunch()
        #expect(try marker.value(forKey: "birthday") == nil)
        try marker.setValue("1990-04-01", forKey: "birthday")

        try marker.removeInstallation()
        let launch = try marker.recordLaunch()
        #expect(launch.isReinstall)
        #expect(try marker.value(forKey: "birthday") == "1990-04-01")

        try marker.removeValue(forKey: "birthday")
        #expect(try marker.value(forKey: "birthday") == nil)
        try marker.removeValue(forKey: "birthday")
    }

    @Test func resetReturnsToTheNeverInstalledState() throws {
        let directory = TemporaryDirectory()
        let marker = try Self.marker(directory)
        _ = try marker.recordLaunch()
        try marker.setValue("x", forKey: "k")
        try marker.reset()
        #expect(try marker.value(forKey: "k") == nil)
        #expect(try marker.recordLaunch().isFreshInstall)
    }

    @Test func thePerInstallDirectoryFollowsXDGStateHome() throws {
        let directory = TemporaryDirectory()
        let store = try SecureStore(accessGroup: "g", directory: directory.url)
        let marker = try InstallationMarker(
            identifier: "com.acme.birthday", store: store, environment: ["XDG_STATE_HOME": "/state"])
        #expect(marker.installDirectory.path == "/state/courier/installations/com.acme.birthday")
        let fallback = try InstallationMarker(identifier: "a", store: store, environment: ["HOME": "/home/bob"])
        #expect(fallback.installDirectory.path == "/home/bob/.local/state/courier/installations/a")
    }

    @Test(arguments: ["", ".hidden", "a/b", "a b", "../x"])
    func refusesIdentifiersThatAreNotPlainNames(identifier: String) throws {
        let directory = TemporaryDirectory()
        let store = try SecureStore(accessGroup: "g", directory: directory.url)
        #expect(throws: LinkError.self) { try InstallationMarker(identifier: identifier, store: store) }
    }
}
