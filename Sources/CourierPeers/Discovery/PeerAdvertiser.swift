import CourierDiscovery

/// Advertises a session through DNS-SD alone (MultipeerConnectivity's `MCNearbyServiceAdvertiser`): the
/// instance name is the peer ID, the TXT record a ``PeerAdvertisement``.
public actor PeerAdvertiser {
    private let discovery: Discovery
    private let serviceType: String
    private let peerID: PeerID
    private let advertisement: PeerAdvertisement
    private let port: Int
    private var registration: Registration?

    /// Creates an advertiser; nothing is published until ``start()``.
    ///
    /// - Throws: ``PeersError`` `invalidArgument` for an invalid TXT record.
    public init(
        discovery: Discovery, serviceType: String, peerID: PeerID, advertisement: PeerAdvertisement, port: Int
    ) throws(PeersError) {
        _ = try advertisement.txtRecord()
        self.discovery = discovery
        self.serviceType = serviceType
        self.peerID = peerID
        self.advertisement = advertisement
        self.port = port
    }

    /// Whether it is advertising.
    public var isAdvertising: Bool { registration != nil }

    /// Publishes the service (probing, then announcing); does nothing when already advertising.
    ///
    /// - Throws: ``PeersError`` `transport` when discovery refuses to publish.
    public func start() async throws(PeersError) {
        guard registration == nil else { return }
        do {
            let identity = try ServiceIdentity(name: peerID.description, type: serviceType)
            registration = try await discovery.publish(identity, port: port, txt: advertisement.txtRecord())
        } catch let error as PeersError {
            throw error
        } catch {
            throw PeersError(.transport, "cannot advertise: \(error)")
        }
    }

    /// Sends goodbyes and stops advertising; connections are not touched.
    public func stop() async {
        await registration?.stop()
        registration = nil
    }
}
