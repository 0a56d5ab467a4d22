import ArgumentParser
import Foundation
import HTTPTypes

/// A `--session`: what persists between runs. This version keeps request headers (httpie's rule:
/// not `Content-*`, `If-*` or empty ones); cookies, cache and credentials join as those features land.
struct CLISessionStore {
    let file: URL
    private(set) var headers: HTTPFields

    private struct Stored: Codable {
        var headers: [[String]]
    }

    /// Opens the session named `argument` (a name under `$XDG_CONFIG_HOME/courier/sessions/`) or the
    /// directory path it names (when it contains `/`).
    init(argument: String, environment: [String: String]) throws {
        let directory: URL
        if argument.contains("/") {
            directory = URL(fileURLWithPath: argument, isDirectory: true)
        } else {
            guard argument.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }), !argument.hasPrefix(".")
            else {
                throw ValidationError("session names may use letters, digits, - _ and . (or give a path with /)")
            }
            let base =
                environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config", isDirectory: true)
            directory = base.appendingPathComponent("courier/sessions/\(argument)", isDirectory: true)
        }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        file = directory.appendingPathComponent("session.json")
        headers = [:]
        if let data = FileManager.default.contents(atPath: file.path) {
            guard let stored = try? JSONDecoder().decode(Stored.self, from: data) else {
                throw CLIValidation("the session file \(file.path) is damaged; delete it to start a new session")
            }
            for pair in stored.headers where pair.count == 2 {
                if let name = HTTPField.Name(pair[0]), HTTPField.isValidValue(pair[1]) {
                    headers.append(HTTPField(name: name, value: pair[1]))
                }
            }
        }
    }

    /// Saves the session with the headers of this run added (crash-safe: temporary file, then rename).
    mutating func save(adding fields: HTTPFields) throws {
        for field in fields {
            let name = field.name.canonicalName
            if name.hasPrefix("content-") || name.hasPrefix("if-") || field.value.isEmpty { continue }
            headers[field.name] = field.value
        }
        let stored = Stored(headers: headers.map { [$0.name.rawName, $0.value] })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(stored).write(to: file, options: .atomic)
    }
}

struct CLIValidation: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
