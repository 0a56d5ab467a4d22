import CourierDiscovery
import Logging

/// How a ``PeerSession`` behaves.
public struct PeerSessionConfiguration: Sendable {
    /// Encryption: `.required` by default, as in MultipeerConnectivity.
    public var encryptionPreference: EncryptionPreference = .required
    /// Peers including self (peer mode; default 8) or clients (server mode; default 16).
    public var maximumPeers: Int?
    /// Unread bytes a peer may have before `send` suspends (1 MiB).
    public var sendBufferLimit = 1 << 20
    /// How long a reliable send may stay suspended by back-pressure before it fails with `sendTimedOut` and the
    /// peer is disconnected; `nil` waits as long as the connection lives.
    public var sendTimeout: Duration? = .seconds(30)
    /// The address to listen on (TCP and UDP); loopback in tests.
    public var bindHost = "0.0.0.0"
    /// A started ``Discovery`` to advertise and browse through; `nil` for `connect(to:)` only.
    public var discovery: Discovery?
    /// Extra TXT pairs (MultipeerConnectivity's discoveryInfo): keys without `=`, each pair ≤ 255 bytes.
    public var discoveryInfo: [String: String] = [:]
    /// An explicit DNS-SD service name (MultipeerConnectivity's rules) instead of the hashed one.
    public var serviceType: String?
    /// How long a partial unreliable message waits for its missing chunks.
    public var chunkExpiry: Duration = .seconds(2)
    /// How often each connected peer gets a heartbeat frame (2 s), so that silence means a lost peer.
    public var heartbeatInterval: Duration = .seconds(2)
    /// How long a connected peer may send nothing, heartbeats included, before it is disconnected
    /// (GKSession's `disconnectTimeout`, 10 s): a cut link or a peer that froze, whose TCP connection never closes.
    /// `nil` keeps silent peers.
    public var disconnectTimeout: Duration? = .seconds(10)
    /// The clock heartbeats and ``disconnectTimeout`` run on. Tests pass a clock they advance by hand.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// Where the session logs.
    public var logger = Logger(label: "courier.peers")

    /// The default configuration.
    public init() {}
}
