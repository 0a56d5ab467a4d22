import ArgumentParser
import Courier
import CourierSecurity
import Foundation
import HTTPTypes

/// A `--session`: what persists between runs: request headers (httpie's rule: not `Content-*`, `If-*`
/// or empty ones), the `--auth` credentials (type and value, as httpie keeps them), and — in files beside
/// it — cookies and the HTTP cache. Every file is mode 0600 from its first byte, in 0700 directories, and
/// written crash-safely (``AtomicFile``).
///
/// A session is bound to the host it was made for, as in httpie:
/// - a session NAME lives under `$XDG_CONFIG_HOME/courier/sessions/HOST_PORT/NAME/`, so `--session s1` with
///   another host is another session;
/// - a session PATH (`--session ./s.json`) names the session file itself (a directory path, or one ending in
///   `/`, holds `session.json`); it records its host, and its credentials — `--auth` and secret header fields
///   such as `Authorization`, `Cookie` or `X-API-Key` — are never sent to another host. Cookies follow their
///   domain rules.
struct CLISessionStore {
    /// The session file.
    let file: URL
    /// Where the session's cookies are kept.
    let cookieFile: URL
    /// Where the session's HTTP cache lives.
    let cacheDirectory: URL
    /// `host:port` of this run's request.
    let host: String
    /// The host the session belongs to (the first it was used with).
    private(set) var boundHost: String
    private(set) var headers: HTTPFields
    /// The credentials of an earlier `--auth`, used when this run gives none.
    private(set) var auth: StoredAuth?

    /// `--auth` as given (after a password prompt): `USER:PASS`, or the token for bearer.
    struct StoredAuth: Codable, Equatable {
        var type: String
        var value: String
    }

    private struct Stored: Codable {
        var host: String?
        var headers: [[String]]
        var auth: StoredAuth?
    }

    /// Whether this run talks to the session's own host (so its credentials may be sent).
    var isOwnHost: Bool { boundHost == host }

    /// The stored headers this run may send: all of them on the session's host, none of the secret ones
    /// elsewhere.
    var headersForThisHost: HTTPFields {
        guard !isOwnHost else { return headers }
        let secrets = SessionConfiguration.defaultSecretHeaderNames
        return HTTPFields(headers.filter { !secrets.contains($0.name.canonicalName) })
    }

    /// The stored credentials this run may use: none on another host.
    var authForThisHost: StoredAuth? { isOwnHost ? auth : nil }

    /// `host:port` of a URL, lowercased, with the scheme's default port.
    static func hostKey(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? "http"
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(url.host?.lowercased() ?? ""):\(port)"
    }

    /// Opens the session named `argument` for a request to `url`: a NAME under
    /// `$XDG_CONFIG_HOME/courier/sessions/HOST_PORT/`, or the file PATH it names (when it contains `/`).
    init(argument: String, url: URL, environment: [String: String]) throws {
        host = Self.hostKey(of: url)
        var isDirectory: ObjCBool = false
        let directory: URL
        if argument.contains("/") {
            let exists = FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
            if argument.hasSuffix("/") || (exists && isDirectory.boolValue) {
                directory = URL(fileURLWithPath: argument, isDirectory: true)
                file = directory.appendingPathComponent("session.json")
                cookieFile = directory.appendingPathComponent("cookies.json")
                cacheDirectory = directory.appendingPathComponent("cache", isDirectory: true)
            } else {
                file = URL(fileURLWithPath: argument)
                directory = file.deletingLastPathComponent()
                let stem = file.deletingPathExtension().lastPathComponent
                cookieFile = directory.appendingPathComponent("\(stem).cookies.json")
                cacheDirectory = directory.appendingPathComponent("\(stem).cache", isDirectory: true)
            }
        } else {
            guard argument.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }), !argument.hasPrefix(".")
            else {
                throw ValidationError("session names may use letters, digits, - _ and . (or give a path with /)")
            }
            let base =
                environment["XDG_CONFIG_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".config", isDirectory: true)
            let hostFolder = String(host.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" })
            directory = base.appendingPathComponent("courier/sessions/\(hostFolder)/\(argument)", isDirectory: true)
            file = directory.appendingPathComponent("session.json")
            cookieFile = directory.appendingPathComponent("cookies.json")
            cacheDirectory = directory.appendingPathComponent("cache", isDirectory: true)
        }
        do {
            // A directory of our own is tightened to 0700; one given by path that we did not create is left as is.
            try AtomicFile.makePrivateDirectory(directory.path, tighten: !argument.contains("/"))
        } catch let error as AtomicFileError {
            throw CLIValidation("the session directory cannot be used: \(error)")
        }
        AtomicFile.removeStaleTemporaries(inDirectory: directory.path)
        headers = [:]
        auth = nil
        boundHost = host
        if let data = FileManager.default.contents(atPath: file.path) {
            guard let stored = try? JSONDecoder().decode(Stored.self, from: data) else {
                throw CLIValidation("the session file \(file.path) is damaged; delete it to start a new session")
            }
            // A file from before sessions were bound to a host belongs to no host: its credentials stay unused.
            boundHost = stored.host ?? ""
            auth = stored.auth
            for pair in stored.headers where pair.count == 2 {
                if let name = HTTPField.Name(pair[0]), HTTPField.isValidValue(pair[1]) {
                    headers.append(HTTPField(name: name, value: pair[1]))
                }
            }
        }
    }

    /// Saves the session with the headers of this run added and, when given, this run's credentials
    /// (crash-safe, owner-only from the first byte). On another host than the session's, nothing is saved:
    /// the session stays its host's.
    mutating func save(adding fields: HTTPFields, auth newAuth: StoredAuth? = nil) throws {
        guard isOwnHost else { return }
        if let newAuth { auth = newAuth }
        for field in fields {
            let name = field.name.canonicalName
            if name.hasPrefix("content-") || name.hasPrefix("if-") || field.value.isEmpty { continue }
            headers[field.name] = field.value
        }
        let stored = Stored(host: boundHost, headers: headers.map { [$0.name.rawName, $0.value] }, auth: auth)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do {
            try AtomicFile.write(try encoder.encode(stored), to: file)
        } catch let error as AtomicFileError {
            throw CLIValidation("the session was not saved: \(error)")
        }
    }
}

struct CLIValidation: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
