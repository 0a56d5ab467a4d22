import Foundation

/// Where the built `courier` executable is.
enum CourierBinary {
    /// `courier` in the build directory of the running tests, or `COURIER_BINARY`.
    static let url: URL? = {
        if let path = ProcessInfo.processInfo.environment["COURIER_BINARY"] {
            return URL(fileURLWithPath: path)
        }
        let candidates = [CommandLine.arguments.first, Bundle.main.executablePath].compactMap { $0 }
        for path in candidates {
            var directory = URL(fileURLWithPath: path).deletingLastPathComponent()
            // On Linux the tests are one executable in the build directory; on macOS, inside a bundle.
            for _ in 0..<3 {
                let binary = directory.appendingPathComponent("courier")
                if FileManager.default.isExecutableFile(atPath: binary.path) { return binary }
                directory.deleteLastPathComponent()
            }
        }
        return nil
    }()
}
