import CourierDiscovery
import Crypto
import Foundation
import Logging

/// How a ``PeerSession`` behaves.
public struct PeerSessionConfiguration: Sendable {
    /// Encryption: `.required` by default, as in MultipeerConnectivity.
    public var encryptionPreference: EncryptionPreference = .required
    /// A secret every member of the session knows. Each connection proves it both ways (an HMAC over the hello
    /// transcript, which holds both key shares), so a peer without it is refused with `authenticationFailed` and
    /// a man in the middle cannot relay the key exchange. Encryption alone stops eavesdroppers only. Needs
    /// encryption (not `.none`); a peer that negotiates plaintext is refused.
    public var sharedSecret: [UInt8]?
    /// This peer's signing identity (MultipeerConnectivity's `securityIdentity`): its public key and a signature
    /// over the connection's hello transcript go to every peer, whose ``verifyPeer`` judges them.
    public var identity: P256.Signing.PrivateKey?
    /// Decides whether a peer may connect, given the identity it proved (MultipeerConnectivity's certificate
    /// handler). When set, a peer that presents no identity is refused, and so is one this returns `false` for;
    /// the refused side sees `authenticationFailed`. Needs encryption (not `.none`).
    public var verifyPeer: (@Sendable (PeerCredentials) async -> Bool)?
    /// Peers including self (peer mode; default 8) or clients (server mode; default 16).
    public var maximumPeers: Int?
    /// Unread bytes a peer may have before `send` suspends (1 MiB); also the bytes of unreliable messages handed to
    /// the UDP socket and not yet sent before an unreliable `send` suspends.
    public var sendBufferLimit = 1 << 20
    /// How long a connection may stay blocked by back-pressure (the peer reads nothing) before the reliable send
    /// waiting on it fails with `sendTimedOut` and the peer is disconnected; `nil` waits as long as the connection
    /// lives. Measured in real time on the connection's event loop, whatever ``clock`` is.
    public var sendTimeout: Duration? = .seconds(30)
    /// The address to listen on (TCP and UDP); loopback in tests.
    public var bindHost = "0.0.0.0"
    /// A started ``Discovery`` to advertise and browse through; `nil` for `connect(to:)` only.
    public var discovery: Discovery?
    /// Extra TXT pairs (MultipeerConnectivity's discoveryInfo): keys without `=`, each pair ≤ 255 bytes.
    public var discoveryInfo: [String: String] = [:]
    /// An explicit DNS-SD service name (MultipeerConnectivity's rules) instead of the hashed one.
    public var serviceType: String?
    /// The UDP socket's receive buffer in bytes (`SO_RCVBUF`, 4 MiB), where unreliable messages wait while the
    /// session is busy; a burst beyond it is dropped by the kernel. Linux caps it at `net.core.rmem_max`; `nil`
    /// keeps the system's default (often 208 KiB, a few hundred datagrams).
    public var datagramReceiveBufferSize: Int? = 4 << 20
    /// Whether the UDP socket uses the kernel's offloads (`true`; Linux 4.18 and later, ignored elsewhere):
    /// datagrams sent in a burst go to the kernel in runs of one size (generic segmentation offload), and such runs
    /// arriving are read whole (generic receive offload), so each side pays for one trip through the network stack
    /// per run instead of one per datagram. The datagrams on the wire are the same either way.
    public var datagramOffload = true
    /// How long a partial unreliable message waits for its missing chunks.
    public var chunkExpiry: Duration = .seconds(2)
    /// How often each connected peer gets a heartbeat frame (2 s), so that silence means a lost peer.
    public var heartbeatInterval: Duration = .seconds(2)
    /// How long a connected peer may send nothing, heartbeats included, before it is disconnected
    /// (GKSession's `disconnectTimeout`, 10 s): a cut link or a peer that froze, whose TCP connection never closes.
    /// `nil` keeps silent peers.
    public var disconnectTimeout: Duration? = .seconds(10)
    /// Where resources from peers are stored while they arrive (owner-only files); the system's temporary
    /// directory when `nil`. A finished resource stays there until the application moves or removes it.
    public var resourceDirectory: URL?
    /// The largest resource a peer may send here (4 GiB); a larger one is refused before any byte is stored.
    public var maximumResourceSize: Int64 = 4 << 30
    /// The clock heartbeats and ``disconnectTimeout`` run on. Tests pass a clock they advance by hand.
    public var clock: any Clock<Duration> = ContinuousClock()
    /// Where the session logs.
    public var logger = Logger(label: "courier.peers")

    /// The default configuration.
    public init() {}
}
