import CourierDiscovery
import CourierPeers
import Logging
import NIOCore
import NIOPosix

/// The tour's section for chapter 12 (Game Kit peer sessions): two sessions in this process find each other through
/// DNS-SD on the loopback interface (a private mDNS port, as in the Bonjour section), connect with encryption, and
/// exchange one reliable and one unreliable message.
extension TourSection {
    static let peersSessionID = "courier-tour1.0"

    static func peers(_ tour: TourContext) async throws -> String {
        let discoveries = try await loopbackDiscoveries(
            hosts: ["courier-ann", "courier-bob"],
            logger: Logger(label: "courier.discovery", factory: { _ in SwiftLogNoOpLogHandler() }))
        var sessions: [PeerSession] = []
        var bobListener: Task<Void, Never>?
        do {
            for (name, discovery) in zip(["Ann", "Bob"], discoveries) {
                try await discovery.start()
                var configuration = PeerSessionConfiguration()
                configuration.discovery = discovery
                configuration.bindHost = "127.0.0.1"
                configuration.logger = Logger(label: "courier.peers", factory: { _ in SwiftLogNoOpLogHandler() })
                let session = try PeerSession(
                    sessionID: peersSessionID, displayName: name, configuration: configuration)
                try await session.start()
                sessions.append(session)
            }
            let (ann, bob) = (sessions[0], sessions[1])
            // Bob accepts every invitation and hands on what he receives.
            let (received, receive) = AsyncStream.makeStream(of: (text: String, mode: PeerSendMode).self)
            let bobEvents = bob.events
            bobListener = Task {
                for await event in bobEvents {
                    switch event {
                    case .invitation(let peer, let context):
                        tour.log(
                            "  Bob is invited by \(peer.displayName) (\"\(String(decoding: context, as: UTF8.self))\") and accepts"
                        )
                        try? await bob.accept(peer.id)
                    case .data(let bytes, _, let mode):
                        receive.yield((String(decoding: bytes, as: UTF8.self), mode))
                    default:
                        continue
                    }
                }
            }
            let serviceType = PeerServiceType.hashed(sessionID: peersSessionID)
            tour.log("→ Ann and Bob advertise session \"\(peersSessionID)\" as \(serviceType) and browse for it")
            let found = try await Self.first(
                of: ann.events, within: .seconds(10),
                where: { event in
                    if case .stateChanged(let peer, .available) = event { return peer.displayName == "Bob" }
                    return false
                })
            guard case .stateChanged(let bobSeen, _)? = found else { throw TourFailure("Ann did not find Bob") }
            tour.log("← Ann sees Bob available (peer ID \(bobSeen.id), its instance name)")
            let peer = try await ann.connect(
                peer: bobSeen.id, context: Array("bid with me?".utf8), timeout: .seconds(10))
            tour.log("← connected to \(peer.displayName): X25519 key agreement, AES-256-GCM both ways")
            try await ann.send(Array("Hello, Bob".utf8), to: [peer.id])
            tour.log("→ Ann sends \"Hello, Bob\" reliably (TCP, in order)")
            guard let reliable = try await Self.first(of: received, within: .seconds(10), where: { _ in true }),
                reliable.text == "Hello, Bob", reliable.mode == .reliable
            else { throw TourFailure("Bob did not receive the reliable message") }
            tour.log("← Bob got \"\(reliable.text)\" (reliable)")
            // A datagram may be lost, even here: unreliable means sent once. So Ann sends it again every 2 s, at most
            // five times, until Bob has it.
            tour.log("→ Ann sends \"ping\" unreliably (UDP, sealed, sent once)")
            let pings = Task {
                for _ in 0..<5 {
                    try? await ann.send(Array("ping".utf8), to: [peer.id], mode: .unreliable)
                    try? await Task.sleep(for: .seconds(2))
                }
            }
            let unreliable = try await Self.first(of: received, within: .seconds(12), where: { $0.mode == .unreliable })
            pings.cancel()
            guard let unreliable, unreliable.text == "ping" else { throw TourFailure("no unreliable message arrived") }
            tour.log("← Bob got \"\(unreliable.text)\" (unreliable)")
        } catch {
            await Self.close(sessions, discoveries, listener: bobListener)
            throw error
        }
        await Self.close(sessions, discoveries, listener: bobListener)
        return "Ann found Bob over DNS-SD, connected encrypted, and sent one reliable and one unreliable message"
    }

    private static func close(_ sessions: [PeerSession], _ discoveries: [Discovery], listener: Task<Void, Never>?) async
    {
        for session in sessions { await session.disconnect() }
        listener?.cancel()
        for discovery in discoveries { await discovery.shutdown() }
    }
}
