import ArgumentParser
import CourierDiscovery
import CourierPeers
import Logging

/// Options every `courier peers` command shares: where discovery runs and whether to encrypt.
struct PeersNetworkOptions: ParsableArguments {
    @Flag(name: .customLong("loopback"), help: "Discover on the loopback interface only (works without a network).")
    var loopbackOnly = false

    @Option(name: .customLong("encryption"), help: "required (default), optional or none.")
    var encryption = "required"

    func preference() throws -> EncryptionPreference {
        switch encryption {
        case "required": return .required
        case "optional": return .optional
        case "none": return .none
        default: throw ValidationError("--encryption must be required, optional or none")
        }
    }

    /// Starts discovery and a session on it.
    func startSession(sessionID: String, name: String?, discoveryInfo: [String: String] = [:]) async throws
        -> (Discovery, PeerSession)
    {
        var discoveryConfiguration = DiscoveryConfiguration()
        discoveryConfiguration.interfaces = loopbackOnly ? .loopbackOnly : .automatic
        if loopbackOnly { discoveryConfiguration.ipVersions = .v4 }
        discoveryConfiguration.logger = Logger(label: "courier.discovery", factory: { _ in SwiftLogNoOpLogHandler() })
        let discovery = Discovery(configuration: discoveryConfiguration)
        try await discovery.start()
        var configuration = PeerSessionConfiguration()
        configuration.discovery = discovery
        configuration.encryptionPreference = try preference()
        configuration.discoveryInfo = discoveryInfo
        configuration.logger = Logger(label: "courier.peers", factory: { _ in SwiftLogNoOpLogHandler() })
        if loopbackOnly { configuration.bindHost = "127.0.0.1" }
        let session = try PeerSession(sessionID: sessionID, displayName: name, configuration: configuration)
        try await session.start()
        return (discovery, session)
    }
}
