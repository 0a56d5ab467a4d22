import CourierLinks
import Foundation

/// A private set of XDG directories for one test, and the environment that points at them: the
/// user's own desktop configuration is never read or changed, and no system handler is visible
/// (`XDG_DATA_DIRS` names an empty directory).
struct XDGTestEnvironment {
    let root = TemporaryDirectory("courier-xdg")
    let environment: [String: String]

    init(extra: [String: String] = [:]) {
        var environment = [
            "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin",
            "HOME": root.directory("home"),
            "XDG_DATA_HOME": root.directory("data"),
            "XDG_CONFIG_HOME": root.directory("config"),
            "XDG_STATE_HOME": root.directory("state"),
            "XDG_DATA_DIRS": root.directory("system-data"),
            "XDG_CONFIG_DIRS": root.directory("system-config"),
        ]
        environment.merge(extra) { _, new in new }
        self.environment = environment
    }

    var dataHome: String { environment["XDG_DATA_HOME"] ?? "" }
    var configHome: String { environment["XDG_CONFIG_HOME"] ?? "" }

    func desktop(runner: any CommandRunner = ProcessRunner(timeout: .seconds(120))) -> DesktopIntegration {
        DesktopIntegration(environment: environment, runner: runner)
    }

    /// Whether xdg-utils is on the PATH the tests pass to their children.
    static var hasXDGUtils: Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: $0 + "/xdg-mime")
        }
    }

    /// Tests against the real xdg-utils run where they are installed, and always under
    /// `COURIER_INTEROP=1` (where a missing xdg-utils is then a failure, not a skip).
    static var runsXDGTests: Bool {
        hasXDGUtils || ProcessInfo.processInfo.environment["COURIER_INTEROP"] == "1"
    }
}
