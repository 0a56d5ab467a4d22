import Foundation

/// A directory under the system's temporary directory, removed when the value goes away.
final class TemporaryDirectory: Sendable {
    let path: String

    init(_ label: String = "courier-links") {
        path = NSTemporaryDirectory() + "/\(label)-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    var url: URL {
        URL(fileURLWithPath: path, isDirectory: true)
    }

    /// Creates a subdirectory and returns its path.
    func directory(_ name: String) -> String {
        let child = path + "/" + name
        try? FileManager.default.createDirectory(atPath: child, withIntermediateDirectories: true)
        return child
    }

    /// Writes an executable script and returns its path.
    func script(_ name: String, _ body: String) throws -> String {
        let file = path + "/" + name
        try Data(("#!/bin/sh\n" + body + "\n").utf8).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file)
        return file
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
