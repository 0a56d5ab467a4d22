import ArgumentParser
import Foundation
import HTTPTypes

/// A `--session`: what persists between runs: request headers (httpie's rule: not `Content-*`, `If-*`
/// or empty ones), the `--auth` credentials (type and value, as httpie keeps them; the file is made
/// readable by its owner only), and — in files beside it — cookies and the HTTP cache.
struct CLISessionStore {
    let file: URL
    private(set) var headers: HTTPFields
    /// The credentials of an earlier `--auth`, used when this run gives none.
    private(set) var auth: StoredAuth?

    /// `--auth` as given (after a password prompt): `USER:PASS`, or the token for bearer.
    struct StoredAuth: Codable, Equatable {
        var type: String
        var value: String
    }

    private struct Stored: Codable {
        var headers: [[String]]
        var auth: StoredAuth?
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
        auth = nil
        if let data = FileManager.default.contents(atPath: file.path) {
            guard let stored = try? JSONDecoder().decode(Stored.self, from: data) else {
                throw CLIValidation("the session file \(file.path) is damaged; delete it to start a new session")
            }
            auth = stored.auth
            for pair in stored.headers where pair.count == 2 {
                if let name = HTTPField.Name(pair[0]), HTTPField.isValidValue(pair[1]) {
                    headers.append(HTTPField(name: name, value: pair[1]))
                }
            }
        }
    }

    /// Saves the session with the headers of this run added and, when given, this run's credentials
    /// (crash-safe: temporary file, then rename; owner-only permissions).
    mutating func save(adding fields: HTTPFields, auth newAuth: StoredAuth? = nil) throws {
        if let newAuth { auth = newAuth }
        for field in fields {
            let name = field.name.canonicalName
            if name.hasPrefix("content-") || name.hasPrefix("if-") || field.value.isEmpty { continue }
            headers[field.name] = field.value
        }
        let stored = Stored(headers: headers.map { [$0.name.rawName, $0.value] }, auth: auth)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(stored).write(to: file, options: .atomic)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
    }
}

struct CLIValidation: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
