import CourierDiscovery
import NIOCore

/// Finds the peers of one session through DNS-SD alone (MultipeerConnectivity's `MCNearbyServiceBrowser`):
/// resolves each instance, checks its TXT (full session ID, version, mode visibility) and reports it.
public actor PeerBrowser {
    /// What the browser reports.
    public enum Event: Sendable {
        /// A peer was resolved and belongs to the session: invite it at `address`.
        case found(PeerInfo, address: SocketAddress, advertisement: PeerAdvertisement)
        /// A peer's advertisement went away.
        case lost(PeerID)
    }

    private let discovery: Discovery
    private let serviceType: String
    private let sessionID: String
    private let mode: PeerSessionMode
    private let localPeer: PeerID?
    private var browser: ServiceBrowser?
    private var task: Task<Void, Never>?
    /// Found, lost and found again: reported as they happen, buffered up to 1 024 events.
    public nonisolated let events: AsyncStream<Event>
    private let sink: AsyncStream<Event>.Continuation

    /// Creates a browser; nothing is sent until ``start()``. `localPeer` is skipped (a session sees itself).
    public init(
        discovery: Discovery, serviceType: String, sessionID: String, mode: PeerSessionMode, localPeer: PeerID?
    ) {
        self.discovery = discovery
        self.serviceType = serviceType
        self.sessionID = sessionID
        self.mode = mode
        self.localPeer = localPeer
        (events, sink) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1024))
    }

    /// Starts browsing.
    ///
    /// - Throws: ``PeersError`` `transport` when discovery refuses.
    public func start() async throws(PeersError) {
        guard browser == nil else { return }
        let found: ServiceBrowser
        do {
            found = try await discovery.browse(type: serviceType)
        } catch {
            throw PeersError(.transport, "cannot browse \(serviceType): \(error.message)")
        }
        browser = found
        let discovery = discovery
        let sink = sink
        let sessionID = sessionID
        let mode = mode
        let localPeer = localPeer
        task = Task {
            for await event in found.events {
                switch event {
                case .found(let identity, _):
                    guard let peer = PeerID(hex: identity.name), peer != localPeer else { continue }
                    Task {
                        // The resolve asks again after 1 s and 3 s, so a lost multicast costs a second, not the peer.
                        guard let service = try? await discovery.resolveOnce(identity, timeout: Self.resolveTimeout),
                            let advertisement = PeerAdvertisement(txt: service.txt),
                            advertisement.sessionID == sessionID, mode.sees(advertisement.mode),
                            let address = Self.preferred(service.addresses, port: service.port)
                        else { return }
                        let info = PeerInfo(id: peer, displayName: advertisement.displayName, mode: advertisement.mode)
                        sink.yield(.found(info, address: address, advertisement: advertisement))
                    }
                case .removed(let identity, _):
                    if let peer = PeerID(hex: identity.name), peer != localPeer { sink.yield(.lost(peer)) }
                default:
                    continue
                }
            }
        }
    }

    /// How long a found instance may take to resolve before it is skipped.
    static let resolveTimeout = Duration.seconds(6)

    /// Stops browsing and finishes ``events``.
    public func stop() async {
        task?.cancel()
        await browser?.stop()
        browser = nil
        sink.finish()
    }

    /// IPv4 first (loopback and bridges carry it everywhere here), with the service's port.
    private static func preferred(_ addresses: [SocketAddress], port: Int) -> SocketAddress? {
        let sorted = addresses.sorted { lhs, _ in
            if case .v4 = lhs { return true }
            return false
        }
        for address in sorted {
            if let ip = address.ipAddress, let withPort = try? SocketAddress(ipAddress: ip, port: port) {
                return withPort
            }
        }
        return nil
    }
}
