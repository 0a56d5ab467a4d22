import CourierPeers
import NIOCore

enum PeerFixtures {
    static func session(
        _ name: String, id: String = "test1.0", encryption: EncryptionPreference = .required, maximumPeers: Int? = nil,
        sendTimeout: Duration? = .seconds(30)
    ) async throws -> PeerSession {
        var configuration = PeerSessionConfiguration()
        configuration.bindHost = "127.0.0.1"
        configuration.encryptionPreference = encryption
        configuration.maximumPeers = maximumPeers
        configuration.sendTimeout = sendTimeout
        let session = try PeerSession(sessionID: id, displayName: name, configuration: configuration)
        try await session.start()
        return session
    }

    static func address(of session: PeerSession) async throws -> SocketAddress {
        try SocketAddress(ipAddress: "127.0.0.1", port: await session.port)
    }
}
