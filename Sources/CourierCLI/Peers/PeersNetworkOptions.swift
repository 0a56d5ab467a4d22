import ArgumentParser
import CourierDiscovery
import CourierPeers
import Foundation
import Logging

/// Options every `courier peers` command shares: where discovery runs and whether to encrypt.
struct PeersNetworkOptions: ParsableArguments {
    @Flag(name: .customLong("loopback"), help: "Discover on the loopback interface only (works without a network).")
    var loopbackOnly = false

    @Option(name: .customLong("encryption"), help: "required (default), optional or none.")
    var encryption = "required"

    @Option(
        name: .customLong("secret-file"),
        help: ArgumentHelp(
            "A file holding the session's shared secret (one trailing newline is ignored); peers that cannot prove "
                + "they know it are refused.", valueName: "PATH"))
    var secretFile: String?

    @OptionGroup var mdns: MDNSPortOption

    func validate() throws {
        if secretFile != nil, try preference() == .none {
            throw ValidationError("--secret-file needs encryption; it cannot go with --encryption none")
        }
        _ = try preference()
        _ = try secret()
    }

    /// The shared secret from `--secret-file`: the file's bytes without one trailing newline (`\n` or `\r\n`).
    ///
    /// - Throws: `ValidationError` for a file that cannot be read or holds no secret.
    func secret() throws -> [UInt8]? {
        guard let secretFile else { return nil }
        guard let data = FileManager.default.contents(atPath: secretFile) else {
            throw ValidationError("--secret-file \(secretFile) cannot be read")
        }
        var bytes = [UInt8](data)
        if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        guard bytes.isEmpty == false else { throw ValidationError("--secret-file \(secretFile) is empty") }
        return bytes
    }

    func preference() throws -> EncryptionPreference {
        switch encryption {
        case "required": return .required
        case "optional": return .optional
        case "none": return .none
        default: throw ValidationError("--encryption must be required, optional or none")
        }
    }

    /// Starts discovery and a session on it, with the session ID and display name of `options`.
    func startSession(_ options: PeersSessionOptions, resourceDirectory: URL? = nil) async throws -> (
        Discovery, PeerSession
    ) {
        try await startSession(sessionID: options.sessionID, name: options.name, resourceDirectory: resourceDirectory)
    }

    /// Starts discovery and a session on it.
    func startSession(
        sessionID: String, name: String?, discoveryInfo: [String: String] = [:], resourceDirectory: URL? = nil
    ) async throws -> (Discovery, PeerSession) {
        var discoveryConfiguration = DiscoveryConfiguration()
        discoveryConfiguration.interfaces = loopbackOnly ? .loopbackOnly : .automatic
        if loopbackOnly { discoveryConfiguration.ipVersions = .v4 }
        discoveryConfiguration.port = mdns.port
        discoveryConfiguration.logger = Logger(label: "courier.discovery", factory: { _ in SwiftLogNoOpLogHandler() })
        let discovery = Discovery(configuration: discoveryConfiguration)
        try await discovery.start()
        var configuration = PeerSessionConfiguration()
        configuration.discovery = discovery
        configuration.encryptionPreference = try preference()
        configuration.sharedSecret = try secret()
        configuration.resourceDirectory = resourceDirectory
        configuration.discoveryInfo = discoveryInfo
        configuration.logger = Logger(label: "courier.peers", factory: { _ in SwiftLogNoOpLogHandler() })
        if loopbackOnly { configuration.bindHost = "127.0.0.1" }
        let session = try PeerSession(sessionID: sessionID, displayName: name, configuration: configuration)
        try await session.start()
        return (discovery, session)
    }
}

/// The session to join and the name to show in it, for `courier peers listen` and `courier peers send`.
struct PeersSessionOptions: ParsableArguments {
    @Option(name: .customLong("session-id"), help: "The session ID (app protocol and version).")
    var sessionID: String

    @Option(name: .customLong("name"), help: "The display name.")
    var name: String
}
