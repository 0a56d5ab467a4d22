import CourierPeers
import NIOCore
import NIOPosix

enum PeerFixtures {
    static func session(
        _ name: String, id: String = "test1.0", mode: PeerSessionMode = .peer,
        encryption: EncryptionPreference = .required, maximumPeers: Int? = nil,
        sendTimeout: Duration? = .seconds(30), chunkExpiry: Duration = .seconds(2),
        clock: (any Clock<Duration>)? = nil, eventLoopGroup: (any EventLoopGroup)? = nil
    ) async throws -> PeerSession {
        var configuration = PeerSessionConfiguration()
        configuration.bindHost = "127.0.0.1"
        configuration.encryptionPreference = encryption
        configuration.maximumPeers = maximumPeers
        configuration.sendTimeout = sendTimeout
        configuration.chunkExpiry = chunkExpiry
        if let clock { configuration.clock = clock }
        let session = try PeerSession(
            sessionID: id, displayName: name, mode: mode, configuration: configuration,
            eventLoopGroup: eventLoopGroup ?? MultiThreadedEventLoopGroup.singleton)
        try await session.start()
        return session
    }

    static func address(of session: PeerSession) async throws -> SocketAddress {
        try SocketAddress(ipAddress: "127.0.0.1", port: await session.port)
    }

    /// Whether `event` is `stateChanged(_, state)` (for `peer`, when given).
    static func isState(_ event: PeerEvent, _ state: PeerState, of peer: PeerID? = nil) -> Bool {
        guard case .stateChanged(let info, let changed) = event, changed == state else { return false }
        return peer == nil || info.id == peer
    }
}
