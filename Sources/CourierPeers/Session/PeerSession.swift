import CourierDiscovery
import Crypto
import Foundation
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// A Game Kit-style peer session (GKSession): peers find each other through DNS-SD, invite, accept or deny, then
/// exchange reliable (TCP) and unreliable (UDP, chunked) messages, sealed with AES-256-GCM by default.
///
/// ```swift
/// let session = try PeerSession(sessionID: "auctioneer1.0", displayName: "Ann")
/// try await session.start()
/// for await event in session.events {
///     if case .invitation(let peer, _) = event { try await session.accept(peer.id) }
///     if case .data(let bytes, let peer, _) = event { print(peer.displayName, bytes.count) }
/// }
/// ```
public actor PeerSession {
    /// The app protocol and its version; sessions with different IDs never see each other.
    public nonisolated let sessionID: String
    /// The name shown to others (not unique).
    public nonisolated let displayName: String
    /// Who sees whom.
    public nonisolated let mode: PeerSessionMode
    /// This session's random ID.
    public nonisolated let peerID: PeerID
    /// The configuration.
    public nonisolated let configuration: PeerSessionConfiguration
    /// Every event, in order (also delivered to ``delegate``). Once this property has been read, events are
    /// buffered without limit until consumed, so consume them; before that (a caller that uses only the delegate),
    /// at most 256 events holding at most 1 MiB of messages are kept for it, and later ones are dropped.
    public nonisolated var events: AsyncStream<PeerEvent> {
        outlets.withLock { $0.events.claim() }
        return eventStream
    }
    private nonisolated let eventStream: AsyncStream<PeerEvent>
    private let delegateEvents: AsyncStream<PeerEvent>
    /// Both ways out for events, behind one lock: the actor emits, and so does the event loop for a connected
    /// peer's messages (``PeerDirectRoute``).
    private nonisolated let outlets: Mutex<Outlets>

    private struct Outlets {
        var events: PeerEventOutlet
        var delegate: PeerEventOutlet
        var droppedLogged = false
    }
    private var delegateTask: Task<Void, Never>?
    private weak var delegateObject: (any PeerSessionDelegate)?
    private let group: any EventLoopGroup
    private nonisolated let logger: Logger
    private let sessionTag: UInt32

    /// A peer connection: what each read burst delivered (``PeerInboundBatcher``), and frames to send.
    private typealias Connection = NIOAsyncChannel<[PeerInbound], PeerFrame>
    /// The UDP socket: datagrams to send (those received are taken on the event loop, ``PeerDatagramInbox``).
    private typealias DatagramChannel = NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>

    private enum LinkState {
        case handshaking
        case inviting(
            context: [UInt8], timeout: Duration,
            reply: CheckedContinuation<Result<PeerInfo, PeerConnectionFailure>, Never>)
        case awaitingInvite
        case invited(expiry: Task<Void, Never>)
        case connected
        /// A connection of our own to a connected peer, for a resource or stream: waiting for the hellos.
        case opening(
            PeerAttach, answer: PeerStreamAnswer,
            reply: CheckedContinuation<
                Result<(any Channel, NIOAsyncChannelOutboundWriter<PeerFrame>), PeersError>, Never
            >)
        /// Our resource or stream is attached; the peer's answer goes to `answer`.
        case sending(PeerStreamAnswer)
        /// A connected peer's resource or stream arrives here; the connection's read loop feeds `input`.
        case receiving(PeerInputStream, attach: PeerAttach)
        case closing

        /// Whether the link is still in use (not closing).
        var isOpen: Bool {
            if case .closing = self { false } else { true }
        }

        /// Whether the link holds an invitation waiting for this session's answer.
        var isInvited: Bool {
            if case .invited = self { true } else { false }
        }
    }

    private struct Link {
        var channel: any Channel
        var writer: NIOAsyncChannelOutboundWriter<PeerFrame>?
        var isInitiator: Bool
        var peer: PeerInfo?
        /// The peer an invitation was sent to, as discovery advertised it; its hello must name the same ID.
        var expected: PeerID?
        var udpAddress: SocketAddress?
        /// Where the peer listens (its address with the hello's TCP port), for resources and streams to it.
        var listenAddress: SocketAddress?
        /// The signing identity the peer proved on this connection, if any.
        var identity: P256.Signing.PublicKey?
        var cipher: PeerCipher?
        var state: LinkState {
            didSet {
                // Before the session says anything else about the peer, its messages stop going the direct way.
                if case .connected = state {} else { route.revoke() }
            }
        }
        /// The event loop's direct way for this connection's messages while it is connected.
        var route: PeerDirectRoute
        /// When the last frame arrived, on ``PeerSessionConfiguration/clock``.
        var lastHeard: Duration
    }

    /// An invitation withdrawn in favour of the other peer's (crossed invitations, where the other peer's ID is
    /// lower): it succeeds when that peer's invitation arrives, accepted on its behalf.
    private struct CrossedInvitation {
        var reply: CheckedContinuation<Result<PeerInfo, PeerConnectionFailure>, Never>
        var expiry: Task<Void, Never>
    }

    /// The sizes of a connection's reads: as NIO's default, but growing to 256 KiB.
    static let readSizes = AdaptiveRecvByteBufferAllocator(minimum: 64, initial: 2048, maximum: 256 * 1024)

    /// How many datagrams one read takes from the UDP socket (`recvmmsg`).
    static let datagramsPerRead = 16

    /// How long a goodbye waits for the peer to close before closing anyway.
    static let goodbyeGrace = Duration.seconds(5)

    private var links: [Int: Link] = [:]
    private var nextLinkID = 0
    private var server: (any Channel)?
    private var datagramChannel: (any Channel)?
    private var datagramWriter: NIOAsyncChannelOutboundWriter<AddressedEnvelope<ByteBuffer>>?
    private var tasks: [Task<Void, Never>] = []
    /// Unreliable messages in, on the datagram socket's event loop.
    private nonisolated let datagramInbox: PeerDatagramInbox
    /// The bound on datagrams handed to the UDP socket's writer and not yet taken by its event loop.
    private nonisolated let datagramCredit: PeerSendCredit
    private let clockStart = ContinuousClock.now
    private var known: [PeerID: (info: PeerInfo, address: SocketAddress, advertisement: PeerAdvertisement)] = [:]
    private var crossed: [PeerID: CrossedInvitation] = [:]
    private let clock: SessionClock
    /// When the last liveness tick ran, to tell this process's own stalls from a peer's silence.
    private var lastTick: Duration?
    private var advertiser: PeerAdvertiser?
    private var browser: PeerBrowser?
    private var started = false
    private var closed = false
    /// Unreliable messages dropped: incomplete after the chunk expiry, evicted, malformed, foreign, forged or
    /// replayed.
    public var droppedUnreliableMessages: Int { datagramInbox.dropped }
    /// The TCP port invitations reach, once started.
    public private(set) var port = 0
    /// The UDP port unreliable messages reach, once started.
    public private(set) var unreliablePort = 0

    /// Creates a session; nothing touches the network until ``start()``.
    ///
    /// - Throws: ``PeersError`` `invalidArgument` for a session ID outside 1…100 UTF-8 bytes, a display name
    ///   over 63 bytes, an invalid explicit service type or discovery info.
    public init(
        sessionID: String, displayName: String? = nil, mode: PeerSessionMode = .peer,
        configuration: PeerSessionConfiguration = PeerSessionConfiguration(),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) throws(PeersError) {
        guard (1...PeerLimits.maximumSessionIDBytes).contains(sessionID.utf8.count) else {
            throw PeersError(.invalidArgument, "session ID has \(sessionID.utf8.count) bytes; it must have 1…100")
        }
        let name = displayName ?? Self.hostDisplayName()
        guard name.utf8.count <= PeerLimits.maximumDisplayNameBytes else {
            throw PeersError(.invalidArgument, "display name has \(name.utf8.count) bytes; limit 63")
        }
        if let explicit = configuration.serviceType { _ = try PeerServiceType.explicit(explicit) }
        if let secret = configuration.sharedSecret, secret.isEmpty {
            throw PeersError(.invalidArgument, "the shared secret is empty")
        }
        if configuration.sharedSecret != nil || configuration.verifyPeer != nil,
            configuration.encryptionPreference == .none
        {
            throw PeersError(
                .invalidArgument,
                "peer authentication (a shared secret or verifyPeer) needs encryption; the preference is .none")
        }
        guard configuration.heartbeatInterval > .zero else {
            throw PeersError(.invalidArgument, "heartbeat interval \(configuration.heartbeatInterval) must be positive")
        }
        if let timeout = configuration.disconnectTimeout, timeout <= .zero {
            throw PeersError(.invalidArgument, "disconnect timeout \(timeout) must be positive")
        }
        _ = try PeerAdvertisement(
            sessionID: sessionID, displayName: name, mode: mode, udpPort: 0,
            discoveryInfo: configuration.discoveryInfo
        ).txtRecord()
        self.sessionID = sessionID
        self.displayName = name
        self.mode = mode
        self.peerID = PeerID.random()
        self.configuration = configuration
        self.group = eventLoopGroup
        self.logger = configuration.logger
        self.clock = SessionClock(configuration.clock)
        self.sessionTag = Self.tag(sessionID: sessionID)
        self.datagramInbox = PeerDatagramInbox(sessionTag: sessionTag, expiry: configuration.chunkExpiry)
        self.datagramCredit = PeerSendCredit(limit: configuration.sendBufferLimit)
        let (events, eventSink) = AsyncStream.makeStream(of: PeerEvent.self, bufferingPolicy: .unbounded)
        eventStream = events
        let (delegateEvents, delegateSink) = AsyncStream.makeStream(of: PeerEvent.self, bufferingPolicy: .unbounded)
        self.delegateEvents = delegateEvents
        outlets = Mutex(Outlets(events: PeerEventOutlet(eventSink), delegate: PeerEventOutlet(delegateSink)))
    }

    /// The first 4 bytes of SHA-256(session ID), which marks every datagram.
    public static func tag(sessionID: String) -> UInt32 {
        SHA256.hash(data: Array(sessionID.utf8)).prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    private static func hostDisplayName() -> String {
        let host = ProcessInfo.processInfo.hostName
        var name = ""
        for character in host where (name + String(character)).utf8.count <= PeerLimits.maximumDisplayNameBytes {
            name.append(character)
        }
        return name.isEmpty ? "peer" : name
    }

    /// The peer limit in effect: 8 including self in peer mode, 16 clients in server mode, or the configured one.
    public nonisolated var maximumPeers: Int {
        configuration.maximumPeers ?? (mode == .server ? PeerLimits.maximumClients : PeerLimits.maximumPeers)
    }

    /// The delegate named after GKSessionDelegate; events reach it in order. Held weakly.
    public var delegate: (any PeerSessionDelegate)? { delegateObject }

    /// Sets the delegate.
    public func setDelegate(_ delegate: (any PeerSessionDelegate)?) {
        delegateObject = delegate
        outlets.withLock { $0.delegate.claim() }
        guard delegateTask == nil else { return }
        let stream = delegateEvents
        delegateTask = Task { [weak self] in
            for await event in stream {
                guard let self, let delegate = await self.delegate else { continue }
                switch event {
                case .stateChanged(let peer, let state): await delegate.session(self, peer: peer, didChange: state)
                case .invitation(let peer, let context):
                    await delegate.session(self, didReceiveConnectionRequestFrom: peer, context: context)
                case .data(let bytes, let peer, let mode):
                    await delegate.session(self, didReceive: bytes, from: peer, mode: mode)
                case .connectionFailed(let peer, let failure):
                    await delegate.session(self, connectionWithPeerFailed: peer, error: failure)
                case .sessionFailed(let error): await delegate.session(self, didFailWithError: error)
                case .resourceStarted(let name, let peer, let length):
                    await delegate.session(self, didStartReceivingResourceWithName: name, from: peer, length: length)
                case .resourceFinished(let name, let peer, let result):
                    await delegate.session(self, didFinishReceivingResourceWithName: name, from: peer, result: result)
                case .stream(let stream): await delegate.session(self, didReceive: stream)
                }
            }
        }
    }

    private nonisolated func emit(_ event: PeerEvent) {
        let unread = outlets.withLock { outlets in Self.yield(event, to: &outlets) }
        if let unread { logDroppedEvents(unread) }
    }

    /// Yields to both outlets; returns which one dropped the event the first time one does.
    private static func yield(_ event: PeerEvent, to outlets: inout Outlets) -> String? {
        let kept = outlets.events.yield(event)
        let keptForDelegate = outlets.delegate.yield(event)
        guard !kept || !keptForDelegate, !outlets.droppedLogged else { return nil }
        outlets.droppedLogged = true
        return kept ? "the delegate" : "session.events"
    }

    private nonisolated func logDroppedEvents(_ unread: String) {
        logger.debug("events dropped: nobody reads \(unread) and its first 256 events are kept")
    }

    /// A connected peer's message, from the event loop: emitted while `route` is granted (checked under the outlets'
    /// lock, so a message emitted here precedes whatever the session says after revoking the route).
    ///
    /// - Returns: `false`, emitting nothing, when the route is no longer granted.
    private nonisolated func deliverDirectly(_ bytes: [UInt8], via route: PeerDirectRoute) -> Bool {
        let outcome: (delivered: Bool, unread: String?) = outlets.withLock { outlets in
            guard let peer = route.peer else { return (false, nil) }
            return (true, Self.yield(.data(bytes, from: peer, mode: .reliable), to: &outlets))
        }
        if let unread = outcome.unread { logDroppedEvents(unread) }
        return outcome.delivered
    }

    // MARK: Lifecycle

    /// Listens for invitations (TCP) and unreliable messages (UDP), and advertises and browses when a
    /// ``PeerSessionConfiguration/discovery`` is set.
    ///
    /// - Throws: ``PeersError`` `transport` when a socket cannot be bound or discovery refuses, `sessionClosed`
    ///   after ``disconnect()``.
    public func start() async throws(PeersError) {
        guard closed == false else { throw PeersError(.sessionClosed, "the session was disconnected") }
        guard started == false else { return }
        started = true
        do {
            // No SO_REUSEADDR: with it, Linux may give port 0 a port another such socket holds, and that socket
            // would then take this session's datagrams.
            let inbox = datagramInbox
            let clockStart = clockStart
            let credit = datagramCredit
            let receiveBuffer = configuration.datagramReceiveBufferSize
            let coalesces = configuration.datagramOffload && System.supportsUDPSegmentationOffload
            let readsRuns = configuration.datagramOffload && System.supportsUDPReceiveOffload
            let logger = logger
            let datagrams = try await DatagramBootstrap(group: group)
                .channelOption(.maxMessagesPerRead, value: 16)
                // Senders are paced by the datagram credit (`sendBufferLimit`). With NIO's 64 KiB default the socket
                // can go unwritable within one turn's run of datagrams (the coalescer holds them to the turn's end),
                // and that suspends the sending task.
                .channelOption(.writeBufferWaterMark, value: waterMark)
                // Up to 16 reads per `recvmmsg`, each into its slice of one buffer: 1 KiB for a datagram (a chunk is
                // at most 1 018 bytes; a longer datagram, truncated, fails decoding and is dropped), 64 KiB for a run
                // read whole with receive offload.
                .channelOption(.datagramVectorReadMessageCount, value: Self.datagramsPerRead)
                .channelOption(
                    .recvAllocator,
                    value: FixedSizeRecvByteBufferAllocator(
                        capacity: Self.datagramsPerRead * (readsRuns ? 65536 : 1024))
                )
                .channelInitializer { [weak self] channel in
                    channel.eventLoop.makeCompletedFuture {
                        if readsRuns {
                            try channel.syncOptions?.setOption(.datagramReceiveOffload, value: true)
                            try channel.syncOptions?.setOption(.datagramReceiveSegmentSize, value: true)
                        }
                        if let receiveBuffer {
                            // Clamped to what `setsockopt` takes: an out-of-range setting is not a trap.
                            let bytes = SocketOptionValue(clamping: max(0, receiveBuffer))
                            try channel.syncOptions?.setOption(.socketOption(.so_rcvbuf), value: bytes)
                        }
                        if coalesces {
                            try channel.pipeline.syncOperations.addHandler(PeerDatagramCoalescer(logger: logger))
                        }
                        try channel.pipeline.syncOperations.addHandler(
                            PeerDatagramHandler(inbox: inbox, clockStart: clockStart, credit: credit) {
                                [weak self] bytes, peer in
                                self?.emit(.data(bytes, from: peer, mode: .unreliable))
                            })
                    }
                }
                .bind(host: configuration.bindHost, port: 0)
                .flatMapThrowing { channel in
                    try DatagramChannel(wrappingChannelSynchronously: channel)
                }.get()
            datagramChannel = datagrams.channel
            unreliablePort = Self.boundPort(of: datagrams.channel, publishingTo: datagramPortHint)
            // The writer is in place before `start` returns: a link granted its route takes it then.
            let (writers, handOff) = AsyncStream.makeStream(
                of: NIOAsyncChannelOutboundWriter<AddressedEnvelope<ByteBuffer>>.self)
            tasks.append(
                Task {
                    try? await datagrams.executeThenClose { inbound, outbound in
                        handOff.yield(outbound)
                        handOff.finish()
                        // Nothing arrives here (the inbox takes every datagram on the event loop); this keeps the
                        // socket open until it closes.
                        for try await _ in inbound {}
                    }
                    handOff.finish()
                })
            for await writer in writers { datagramWriter = writer }
            let listener = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelOption(.writeBufferWaterMark, value: waterMark)
                .bind(host: configuration.bindHost, port: 0) { [self] channel in
                    channel.eventLoop.makeCompletedFuture { () throws -> Connection in
                        try self.configure(channel, isInitiator: false)
                    }
                }
            server = listener.channel
            port = Self.boundPort(of: listener.channel, publishingTo: listenPortHint)
            tasks.append(
                Task { [weak self] in
                    try? await listener.executeThenClose { inbound in
                        for try await connection in inbound {
                            await self?.adopt(connection, isInitiator: false, state: .handshaking)
                        }
                    }
                })
        } catch {
            throw PeersError(.transport, "cannot listen on \(configuration.bindHost): \(error)")
        }
        tasks.append(
            Task { [weak self] in
                let interval = Duration.milliseconds(500)
                while Task.isCancelled == false {
                    try? await Task.sleep(for: interval)
                    await self?.expireChunks()
                }
            })
        let clock = clock
        let heartbeatInterval = configuration.heartbeatInterval
        lastTick = clock.elapsed()
        tasks.append(
            Task { [weak self] in
                while Task.isCancelled == false {
                    do { try await clock.sleep(heartbeatInterval) } catch { return }
                    guard let self else { return }
                    await self.livenessTick()
                }
            })
        if let discovery = configuration.discovery {
            let serviceType =
                try configuration.serviceType.map(PeerServiceType.explicit)
                ?? PeerServiceType.hashed(sessionID: sessionID)
            let advertisement = PeerAdvertisement(
                sessionID: sessionID, displayName: displayName, mode: mode, udpPort: UInt16(unreliablePort),
                discoveryInfo: configuration.discoveryInfo)
            let advertiser = try PeerAdvertiser(
                discovery: discovery, serviceType: serviceType, peerID: peerID, advertisement: advertisement, port: port
            )
            self.advertiser = advertiser
            try await advertiser.start()
            let browser = PeerBrowser(
                discovery: discovery, serviceType: serviceType, sessionID: sessionID, mode: mode, localPeer: peerID)
            self.browser = browser
            try await browser.start()
            tasks.append(
                Task { [weak self] in
                    for await event in browser.events {
                        await self?.browserEvent(event)
                    }
                })
        }
    }

    private var waterMark: ChannelOptions.Types.WriteBufferWaterMark {
        let high = max(2, configuration.sendBufferLimit)
        return .init(low: high / 2, high: high)
    }

    private nonisolated func configure(_ channel: any Channel, isInitiator: Bool) throws -> Connection {
        let keyExchange = PeerKeyExchange()
        let hello = PeerHello(
            mode: mode, encryption: configuration.encryptionPreference, peerID: peerID,
            udpPort: 0, sessionID: sessionID, displayName: displayName,
            keyShare: configuration.encryptionPreference == .none ? [] : keyExchange.keyShare)
        return try configure(channel, hello: hello, keyExchange: keyExchange, isInitiator: isInitiator)
    }

    private nonisolated func configure(
        _ channel: any Channel, hello: PeerHello, keyExchange: PeerKeyExchange, isInitiator: Bool
    ) throws -> Connection {
        var local = hello
        local.udpPort = datagramPortHint.withLock { $0 }
        local.tcpPort = listenPortHint.withLock { $0 }
        let sync = channel.pipeline.syncOperations
        // Reads of up to 256 KiB (NIO's default stops at 64 KiB): a read then holds whole large frames, which the
        // decoder slices out instead of joining reads into a frame, and a burst costs fewer reads.
        try channel.syncOptions?.setOption(.recvAllocator, value: Self.readSizes)
        let stall = configuration.sendTimeout == nil ? nil : PeerSendStall()
        if let timeout = configuration.sendTimeout, let stall {
            try sync.addHandler(PeerSendStallHandler(timeout: timeout, stall: stall))
        }
        let credit = PeerSendCredit(limit: configuration.sendBufferLimit)
        let route = PeerDirectRoute(stall: stall, credit: credit)
        try sync.addHandler(ByteToMessageHandler(PeerFrameDecoder()))
        try sync.addHandler(PeerFrameWriter())
        let authentication = PeerAuthentication(
            sharedSecret: configuration.sharedSecret, identity: configuration.identity,
            requiresIdentity: configuration.verifyPeer != nil)
        try sync.addHandler(
            PeerConnectionHandler(
                local: local, keyExchange: keyExchange, isInitiator: isInitiator, authentication: authentication,
                logger: logger))
        let key = ObjectIdentifier(channel)
        let unadopted = unadopted
        try sync.addHandler(
            PeerDirectDeliveryHandler(
                route: route,
                deliver: { [weak self] bytes, route in self?.deliverDirectly(bytes, via: route) ?? false },
                onInactive: { _ = unadopted.take(key) }))
        unadopted.put(route, for: key)
        try sync.addHandler(PeerInboundBatcher<PeerInbound>())
        return try Connection(wrappingChannelSynchronously: channel)
    }

    /// The routes of connections configured on the event loop and not yet adopted by the actor.
    private nonisolated let unadopted = UnadoptedChannels()
    /// The route of every adopted link, by link ID, for sends outside the actor.
    private nonisolated let liveRoutes = Mutex<[Int: PeerDirectRoute]>([:])
    /// The UDP port for hellos built on the event loop, outside the actor.
    private nonisolated let datagramPortHint = Mutex<UInt16>(0)
    /// The TCP port for hellos built on the event loop, outside the actor.
    private nonisolated let listenPortHint = Mutex<UInt16>(0)

    /// The port `channel` was bound to, also put in `hint` for the hellos built outside the actor.
    private static func boundPort(of channel: any Channel, publishingTo hint: borrowing Mutex<UInt16>) -> Int {
        let port = channel.localAddress?.port ?? 0
        hint.withLock { $0 = UInt16(port) }
        return port
    }

    /// Whether the session advertises itself (GKSession's `available`); connections are not dropped.
    public var isAvailable: Bool {
        get async { await advertiser?.isAdvertising ?? false }
    }

    /// Starts or stops advertising without dropping connections.
    ///
    /// - Throws: ``PeersError`` `transport` when discovery refuses to publish.
    public func setAvailable(_ available: Bool) async throws(PeersError) {
        guard let advertiser else { return }
        if available { try await advertiser.start() } else { await advertiser.stop() }
    }

    /// Says goodbye to every peer, stops advertising and browsing, and closes the sockets
    /// (GKSession `disconnectFromAllPeers`). Waits until each connection has closed, so reliable messages sent
    /// before it have been handed to the peers.
    public func disconnect() async {
        guard closed == false else { return }
        closed = true
        await advertiser?.stop()
        await browser?.stop()
        for invitation in crossed.values {
            invitation.expiry.cancel()
            invitation.reply.resume(returning: .failure(.cancelled))
        }
        crossed = [:]
        let channels = links.values.map(\.channel)
        for id in links.keys.sorted() { await close(link: id, goodbye: true) }
        for channel in channels { try? await channel.closeFuture.get() }
        try? await server?.close()
        try? await datagramChannel?.close()
        for task in tasks { task.cancel() }
        tasks = []
        outlets.withLock { outlets in
            outlets.events.finish()
            outlets.delegate.finish()
        }
    }

    /// Says goodbye to one peer (GKSession `disconnectPeerFromAllPeers:` for this session alone).
    public func disconnect(peer: PeerID) async {
        for (id, link) in links where link.peer?.id == peer { await close(link: id, goodbye: true) }
    }

    /// Asks every connected peer to drop `peer`, and drops it here (`disconnectPeerFromAllPeers:`).
    public func expel(peer: PeerID) async {
        var body = ByteBuffer()
        body.writeInteger(peer.rawValue)
        for (_, link) in links where link.peer?.id != peer {
            if case .connected = link.state { try? await link.writer?.write(PeerFrame(kind: .expel, body: body)) }
        }
        await disconnect(peer: peer)
    }

    /// The connected peers.
    public var connectedPeers: [PeerInfo] {
        links.values.compactMap { link in
            if case .connected = link.state { return link.peer }
            return nil
        }.sorted { $0.id < $1.id }
    }

    /// The TXT pairs a discovered peer advertises beyond the session's own (MultipeerConnectivity's
    /// discoveryInfo); `nil` for a peer not discovered.
    public func discoveryInfo(of peer: PeerID) -> [String: String]? {
        known[peer]?.advertisement.discoveryInfo
    }

    /// The peers discovered and not connected.
    public var availablePeers: [PeerInfo] {
        let connected = Set(connectedPeers.map(\.id))
        return known.values.map(\.info).filter { connected.contains($0.id) == false }.sorted { $0.id < $1.id }
    }

    // MARK: Invitations

    /// Invites a discovered peer (GKSession `connectToPeer:withTimeout:`); the outcome comes as events:
    /// `stateChanged(.connecting)` then `.connected`, or `connectionFailed`.
    ///
    /// - Throws: ``PeersError`` `contextTooLarge` for a context over 4 KiB, `unknownPeer` for a peer not
    ///   discovered.
    public func invite(_ peer: PeerID, context: [UInt8] = [], timeout: Duration = .seconds(30)) throws(PeersError) {
        guard context.count <= PeerLimits.maximumContextSize else {
            throw PeersError(.contextTooLarge, "invitation context has \(context.count) bytes; limit 4096")
        }
        guard let entry = known[peer] else { throw PeersError(.unknownPeer, "peer \(peer) was not discovered") }
        tasks.append(
            Task { [weak self] in
                _ = await self?.runInvitation(
                    address: entry.address, expected: entry.info, context: context, timeout: timeout)
            })
    }

    /// Invites a discovered peer and waits for the answer (the awaiting form of ``invite(_:context:timeout:)``).
    ///
    /// - Returns: the peer, connected.
    /// - Throws: ``PeerConnectionFailure`` as ``connect(to:context:timeout:)``; `other(unknownPeer)` for a peer
    ///   not discovered.
    public func connect(peer: PeerID, context: [UInt8] = [], timeout: Duration = .seconds(30))
        async throws(PeerConnectionFailure) -> PeerInfo
    {
        guard let entry = known[peer] else {
            throw .other(PeersError(.unknownPeer, "peer \(peer) was not discovered"))
        }
        guard context.count <= PeerLimits.maximumContextSize else {
            throw .other(PeersError(.contextTooLarge, "invitation context has \(context.count) bytes; limit 4096"))
        }
        return try await runInvitation(address: entry.address, expected: entry.info, context: context, timeout: timeout)
            .get()
    }

    /// Joins a known endpoint without discovery (MultipeerConnectivity's nearby connection data) and waits for
    /// the answer.
    ///
    /// - Returns: the peer, connected.
    /// - Throws: ``PeerConnectionFailure``: `denied`, `timedOut`, `cancelled`, `sessionFull`, `versionMismatch`,
    ///   `encryptionRequired`, or `other` (`contextTooLarge`, `transport`, `connectionClosed`, `sessionMismatch`).
    public func connect(to address: SocketAddress, context: [UInt8] = [], timeout: Duration = .seconds(30))
        async throws(PeerConnectionFailure) -> PeerInfo
    {
        guard context.count <= PeerLimits.maximumContextSize else {
            throw .other(PeersError(.contextTooLarge, "invitation context has \(context.count) bytes; limit 4096"))
        }
        return try await runInvitation(address: address, expected: nil, context: context, timeout: timeout).get()
    }

    /// Cancels this session's pending invitation to `peer`; the inviter sees `connectionFailed(.cancelled)`.
    public func cancelInvite(_ peer: PeerID) async {
        for (id, link) in links where (link.peer?.id ?? link.expected) == peer {
            if case .inviting = link.state { await failInvitation(link: id, .cancelled, tell: .cancelled) }
        }
        if let invitation = crossed.removeValue(forKey: peer) {
            invitation.expiry.cancel()
            invitation.reply.resume(returning: .failure(.cancelled))
        }
    }

    /// Accepts a pending invitation (GKSession `acceptConnectionFromPeer:`).
    ///
    /// - Throws: ``PeersError`` `unknownPeer` when no invitation from `peer` is pending.
    public func accept(_ peer: PeerID) async throws(PeersError) {
        guard let (id, link) = links.first(where: { $0.value.peer?.id == peer && $0.value.state.isInvited }),
            case .invited(let expiry) = link.state,
            let info = link.peer
        else { throw PeersError(.unknownPeer, "no invitation from \(peer) is pending") }
        expiry.cancel()
        guard admit(link: id, peer: info) else {
            await refuse(link: id, reason: .sessionFull)
            throw PeersError(.invalidArgument, "the session is full")
        }
        try? await link.writer?.write(PeerFrame(kind: .accept))
    }

    /// Marks the link connected and says so to the session's events, when the session has room for one more peer.
    ///
    /// - Returns: `false`, changing nothing, when the session is full.
    private func admit(link id: Int, peer: PeerInfo) -> Bool {
        guard connectedCount + 1 < capacity else { return false }
        links[id]?.state = .connected
        links[id]?.lastHeard = clock.elapsed()
        emit(.stateChanged(peer, .connected))
        if let route = links[id]?.route {
            route.grant(peer, writer: links[id]?.writer, datagrams: datagramOutlet(link: id))
            datagramInbox.connect(peer, cipher: links[id]?.cipher, route: route)
        }
        return true
    }

    /// Where the link's unreliable messages go, when its peer named a UDP port and the session's socket is open.
    private func datagramOutlet(link id: Int) -> PeerDatagramOutlet? {
        guard let link = links[id], let address = link.udpAddress, let writer = datagramWriter else { return nil }
        return PeerDatagramOutlet(
            address: address, writer: writer, credit: datagramCredit, cipher: link.cipher, sessionTag: sessionTag,
            sender: peerID)
    }

    /// Denies a pending invitation (GKSession `denyConnectionFromPeer:`).
    ///
    /// - Throws: ``PeersError`` `unknownPeer` when no invitation from `peer` is pending.
    public func deny(_ peer: PeerID) async throws(PeersError) {
        guard let (id, link) = links.first(where: { $0.value.peer?.id == peer && $0.value.state.isInvited }),
            case .invited(let expiry) = link.state
        else { throw PeersError(.unknownPeer, "no invitation from \(peer) is pending") }
        expiry.cancel()
        await refuse(link: id, reason: .denied)
    }

    private var connectedCount: Int {
        links.values.filter { if case .connected = $0.state { true } else { false } }.count
    }

    /// Slots counted like MultipeerConnectivity: peer mode includes self.
    private var capacity: Int { mode == .server ? maximumPeers + 1 : maximumPeers }

    /// A connection of ours to a peer's listening port, its handshake handlers in place.
    private func dial(_ address: SocketAddress) async throws -> Connection {
        try await ClientBootstrap(group: group)
            .channelOption(.writeBufferWaterMark, value: waterMark)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .connect(to: address) { [self] channel in
                channel.eventLoop.makeCompletedFuture { () throws -> Connection in
                    try self.configure(channel, isInitiator: true)
                }
            }
    }

    private func runInvitation(address: SocketAddress, expected: PeerInfo?, context: [UInt8], timeout: Duration) async
        -> Result<PeerInfo, PeerConnectionFailure>
    {
        if let expected { emit(.stateChanged(expected, .connecting)) }
        let connection: Connection
        do {
            connection = try await dial(address)
        } catch {
            let failure = PeerConnectionFailure.other(PeersError(.transport, "cannot connect to \(address): \(error)"))
            emit(.connectionFailed(expected, failure))
            return .failure(failure)
        }
        let result = await withCheckedContinuation { continuation in
            let id = adoptSync(
                connection, isInitiator: true,
                state: .inviting(context: context, timeout: timeout, reply: continuation), expected: expected?.id)
            tasks.append(
                Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    await self?.invitationExpired(link: id)
                })
        }
        if case .failure(let failure) = result {
            emit(.connectionFailed(expected, failure))
        }
        return result
    }

    private func invitationExpired(link id: Int) async {
        guard case .inviting = links[id]?.state else { return }
        await failInvitation(link: id, .timedOut, tell: .timedOut)
    }

    private func failInvitation(link id: Int, _ failure: PeerConnectionFailure, tell reason: PeerCloseReason?) async {
        guard let link = links[id], case .inviting(_, _, let reply) = link.state else { return }
        links[id]?.state = .closing
        if let reason, link.peer != nil {
            var body = ByteBuffer()
            body.writeInteger(reason.rawValue)
            try? await link.writer?.write(PeerFrame(kind: .cancel, body: body))
        }
        link.channel.close(promise: nil)
        reply.resume(returning: .failure(failure))
    }

    private func refuse(link id: Int, reason: PeerCloseReason) async {
        guard let link = links[id] else { return }
        links[id]?.state = .closing
        var body = ByteBuffer()
        body.writeInteger(reason.rawValue)
        try? await link.writer?.write(PeerFrame(kind: .deny, body: body))
        link.channel.close(promise: nil)
    }

    // MARK: Connections

    private func adopt(_ connection: Connection, isInitiator: Bool, state: LinkState) {
        _ = adoptSync(connection, isInitiator: isInitiator, state: state)
    }

    private func adoptSync(_ connection: Connection, isInitiator: Bool, state: LinkState, expected: PeerID? = nil)
        -> Int
    {
        let id = nextLinkID
        nextLinkID += 1
        let channel = connection.channel
        // No parts: the connection closed before this; a route of its own is never granted.
        let route = unadopted.take(ObjectIdentifier(channel)) ?? PeerDirectRoute()
        links[id] = Link(
            channel: channel, isInitiator: isInitiator, expected: expected, state: state, route: route,
            lastHeard: clock.elapsed())
        liveRoutes.withLock { $0[id] = route }
        if closed { connection.channel.close(promise: nil) }
        tasks.append(
            Task { [weak self] in
                // Once a peer attaches a resource or stream, this loop feeds it directly, without a hop to the
                // session per chunk, and waits while its reader is behind (back-pressure to the sender).
                do {
                    try await connection.executeThenClose { inbound, outbound in
                        await self?.attach(link: id, writer: outbound)
                        var input: PeerInputStream?
                        // A stream still open when the connection ends was cut short (ending is idempotent).
                        defer {
                            input?.finish(
                                .failure(PeersError(.connectionClosed, "the stream's connection closed early")))
                        }
                        for try await burst in inbound {
                            guard let self else { return }
                            var next = burst.startIndex
                            while next < burst.endIndex {
                                if let input {
                                    let keepReading = await self.feed(input, burst[next], link: id)
                                    route.didHandle(1)
                                    guard keepReading else { return }
                                    next += 1
                                    continue
                                }
                                // One hop to the session for the burst, up to an attach, after which the frames
                                // feed the stream here.
                                let taken = await self.receive(burst[next...], link: id)
                                route.didHandle(taken)
                                next += taken
                                if case .frame(let frame) = burst[next - 1], frame.kind == .attach {
                                    input = await self.receivingInput(link: id)
                                }
                            }
                        }
                    }
                    await self?.linkEnded(id, error: nil)
                } catch {
                    await self?.linkEnded(id, error: error)
                }
            })
        return id
    }

    /// Takes the messages of a read burst in order, stopping after an `attach` (the frames after it belong to the
    /// attached stream, which the connection's loop feeds).
    ///
    /// - Returns: how many messages were taken (at least one).
    private func receive(_ messages: ArraySlice<PeerInbound>, link id: Int) async -> Int {
        var taken = 0
        for message in messages {
            await receive(message, link: id)
            taken += 1
            if case .frame(let frame) = message, frame.kind == .attach { break }
        }
        return taken
    }

    private func receivingInput(link id: Int) -> PeerInputStream? {
        if case .receiving(let input, _) = links[id]?.state { input } else { nil }
    }

    /// One frame on a receiving side link, outside the actor: data goes to the reader, goodbye ends the stream.
    /// Returns whether to keep reading.
    private nonisolated func feed(_ input: PeerInputStream, _ message: PeerInbound, link id: Int) async -> Bool {
        let frame: PeerFrame
        switch message {
        case .message(let bytes):
            await input.push(bytes)
            return true
        case .frame(let received):
            frame = received
        case .hello:
            input.finish(.failure(PeersError(.malformed, "a second hello on a stream's connection")))
            return false
        }
        switch frame.kind {
        case .heartbeat:
            return true
        case .goodbye:
            input.finish()
            await sideEnded(link: id)
            return true
        case .cancel:
            input.finish(.failure(PeersError(.cancelled, "\(input.peer.displayName) cancelled \"\(input.name)\"")))
            await closeSide(link: id)
            return false
        default:
            input.finish(.failure(PeersError(.malformed, "a \(frame.kind) frame inside stream \"\(input.name)\"")))
            await closeSide(link: id)
            return false
        }
    }

    private func attach(link id: Int, writer: NIOAsyncChannelOutboundWriter<PeerFrame>) {
        links[id]?.writer = writer
    }

    private func receive(_ message: PeerInbound, link id: Int) async {
        guard let link = links[id] else { return }
        links[id]?.lastHeard = clock.elapsed()
        switch message {
        case .hello(let hello, let cipher, let identity):
            let info = PeerInfo(id: hello.peerID, displayName: hello.displayName, mode: hello.mode)
            if case .inviting = link.state, let expected = link.expected, expected != hello.peerID {
                // Whoever answers at a discovered address must be the peer advertised there.
                logger.info(
                    "peer at a discovered address has another ID; closing",
                    metadata: ["advertised": "\(expected)", "hello": "\(hello.peerID)"])
                let error = PeersError(
                    .identityMismatch, "the peer advertised as \(expected) answered as \(hello.peerID)")
                await failInvitation(link: id, .other(error), tell: nil)
                return
            }
            if let verifyPeer = configuration.verifyPeer {
                // The handshake only lets a proved identity through when verifyPeer is set.
                let accepted: Bool =
                    if let identity { await verifyPeer(PeerCredentials(peer: info, publicKey: identity)) } else {
                        false
                    }
                guard accepted else {
                    await refuseIdentity(link: id, peer: info)
                    return
                }
                // The link may have ended or expired while the caller decided.
                guard links[id]?.state.isOpen == true else { return }
            }
            links[id]?.peer = info
            links[id]?.cipher = cipher
            links[id]?.identity = identity
            if let remote = link.channel.remoteAddress, let ip = remote.ipAddress {
                links[id]?.udpAddress = try? SocketAddress(ipAddress: ip, port: Int(hello.udpPort))
                if hello.tcpPort != 0 {
                    links[id]?.listenAddress = try? SocketAddress(ipAddress: ip, port: Int(hello.tcpPort))
                }
            }
            switch link.state {
            case .opening(let attach, let answer, let reply):
                await attachSide(attach, answer: answer, reply: reply, link: id, hello: hello, identity: identity)
            case .inviting(let context, let timeout, let reply):
                if await resolveCrossing(helloFrom: info, outgoing: id, reply: reply) { return }
                var body = ByteBuffer()
                let parts = timeout.components
                let milliseconds = min(
                    parts.seconds * 1000 + parts.attoseconds / 1_000_000_000_000_000, Int64(UInt32.max))
                body.writeInteger(UInt32(max(0, milliseconds)))
                body.writeBytes(context)
                try? await link.writer?.write(PeerFrame(kind: .invite, body: body))
            case .handshaking:
                links[id]?.state = .awaitingInvite
            default:
                break
            }
        case .frame(let frame):
            await receive(frame, link: id)
        case .message(let bytes):
            guard case .connected = link.state, let peer = link.peer else {
                logger.info("unexpected frame; closing", metadata: ["kind": "\(PeerFrame.Kind.data)"])
                await close(link: id, goodbye: false)
                return
            }
            emit(.data(bytes, from: peer, mode: .reliable))
        }
    }

    /// `verifyPeer` refused the identity `peer` proved: tell the peer why, close, and fail the invitation or
    /// report the connection as failed.
    private func refuseIdentity(link id: Int, peer: PeerInfo) async {
        guard let link = links[id], link.state.isOpen else { return }
        logger.info("verifyPeer refused a peer", metadata: ["peer": "\(peer.id)", "name": "\(peer.displayName)"])
        let error = PeersError(
            .authenticationFailed, "verifyPeer refused the identity of \(peer.displayName) (\(peer.id))")
        var body = ByteBuffer()
        body.writeInteger(PeerCloseReason.authenticationFailed.rawValue)
        body.writeString("the peer refused this identity")
        try? await link.writer?.write(PeerFrame(kind: .reject, body: body))
        if case .inviting = link.state {
            await failInvitation(link: id, .other(error), tell: nil)
        } else {
            links[id]?.state = .closing
            link.channel.close(promise: nil)
            emit(.connectionFailed(peer, .other(error)))
        }
    }

    private func receive(_ frame: PeerFrame, link id: Int) async {
        guard let link = links[id] else { return }
        var body = frame.body
        switch (frame.kind, link.state) {
        case (.heartbeat, _):
            logger.trace("heartbeat received", metadata: ["peer": "\(link.peer?.id.description ?? "?")"])
        case (.invite, .awaitingInvite):
            guard let peer = link.peer, let milliseconds = body.readInteger(as: UInt32.self) else {
                await close(link: id, goodbye: false)
                return
            }
            guard body.readableBytes <= PeerLimits.maximumContextSize else {
                emit(.connectionFailed(peer, .other(PeersError(.contextTooLarge, "invitation context over 4 KiB"))))
                await refuse(link: id, reason: .protocolError)
                return
            }
            // The peer invites again while its older connection is still up here: it reconnected before its
            // goodbye or close arrived, or it restarted. That connection is stale and ends first, so the session
            // never holds one peer twice (and the caller's accept finds this invitation, not the old link).
            let stale = links.filter { entry in
                guard entry.key != id, entry.value.peer?.id == peer.id, case .connected = entry.value.state else {
                    return false
                }
                return true
            }
            for other in stale.keys { await close(link: other, goodbye: false) }
            let pending = links.values.filter { $0.state.isInvited }.count
            if connectedCount + 1 >= capacity {
                await refuse(link: id, reason: .sessionFull)
                return
            }
            if await resolveCrossing(invitationFrom: peer, link: id) { return }
            if pending >= PeerLimits.maximumPendingInvitations {
                await refuse(link: id, reason: .denied)
                return
            }
            let timeout = Duration.milliseconds(Int64(milliseconds))
            let expiry = Task { [weak self] in
                try? await Task.sleep(for: timeout)
                guard Task.isCancelled == false else { return }
                await self?.invitationLapsed(link: id)
            }
            links[id]?.state = .invited(expiry: expiry)
            emit(.invitation(peer, context: Array(body.readableBytesView)))
        case (.accept, .inviting(_, _, let reply)):
            guard let peer = link.peer else { return }
            guard admit(link: id, peer: peer) else {
                links[id]?.state = .closing
                try? await link.writer?.write(PeerFrame(kind: .goodbye))
                link.channel.close(promise: nil)
                reply.resume(returning: .failure(.sessionFull))
                return
            }
            reply.resume(returning: .success(peer))
        case (.deny, .inviting(_, let timeout, let reply)), (.reject, .inviting(_, let timeout, let reply)):
            let reason = body.readInteger(as: UInt8.self).flatMap(PeerCloseReason.init(rawValue:)) ?? .protocolError
            let text = body.readString(length: body.readableBytes) ?? ""
            if reason == .crossed, let peer = link.peer, peer.id < peerID {
                // The other peer's invitation stands; this one succeeds when it arrives (or has).
                links[id]?.state = .closing
                link.channel.close(promise: nil)
                await awaitCrossedInvitation(from: peer.id, reply: reply, timeout: timeout)
                return
            }
            await failInvitation(link: id, PeerConnectionFailure(reason, text: text), tell: nil)
        case (.cancel, .invited(let expiry)):
            expiry.cancel()
            let reason = body.readInteger(as: UInt8.self).flatMap(PeerCloseReason.init(rawValue:)) ?? .cancelled
            links[id]?.state = .closing
            link.channel.close(promise: nil)
            emit(.connectionFailed(link.peer, reason == .timedOut ? .timedOut : .cancelled))
        case (.attach, .awaitingInvite):
            await attachReceived(body, link: id)
        case (.accept, .sending(let answer)):
            answer.accept()
        case (.reject, .sending(let answer)), (.deny, .sending(let answer)):
            let reason = body.readInteger(as: UInt8.self).flatMap(PeerCloseReason.init(rawValue:)) ?? .protocolError
            let text = body.readString(length: body.readableBytes) ?? ""
            answer.refuse(Self.sideRefusal(reason, text: text))
            link.channel.close(promise: nil)
        case (.goodbye, .sending):
            break
        case (.reject, .handshaking), (.reject, .awaitingInvite):
            // The other side refused this connection after the hellos (verifyPeer said no to this identity).
            let reason = body.readInteger(as: UInt8.self).flatMap(PeerCloseReason.init(rawValue:)) ?? .protocolError
            let text = body.readString(length: body.readableBytes) ?? ""
            links[id]?.state = .closing
            link.channel.close(promise: nil)
            emit(.connectionFailed(link.peer, PeerConnectionFailure(reason, text: text)))
        case (.goodbye, _):
            await close(link: id, goodbye: false)
        case (.expel, .connected):
            if let raw = body.readInteger(as: UInt64.self) { await disconnect(peer: PeerID(rawValue: raw)) }
        default:
            logger.info("unexpected frame; closing", metadata: ["kind": "\(frame.kind)"])
            await close(link: id, goodbye: false)
        }
    }

    // MARK: Crossed invitations

    /// Deals with an invitation from `peer` that crosses one of this session's (both invited each other at once):
    /// the invitation of the lower peer ID stands and the other is withdrawn, so exactly one connection results and
    /// both callers that invited get it. Returns whether the invitation was dealt with here.
    private func resolveCrossing(invitationFrom peer: PeerInfo, link id: Int) async -> Bool {
        if let invitation = crossed.removeValue(forKey: peer.id) {
            // Ours was withdrawn in favour of this one: accept it for the caller who invited.
            invitation.expiry.cancel()
            await acceptOnBehalf(link: id, peer: peer, reply: invitation.reply)
            return true
        }
        let outgoing = links.first { entry in
            guard case .inviting = entry.value.state else { return false }
            return (entry.value.peer?.id ?? entry.value.expected) == peer.id
        }
        guard let (ours, link) = outgoing, case .inviting(_, _, let reply) = link.state else { return false }
        if peerID < peer.id {
            // Ours stands. The other side waits for it and accepts it on its caller's behalf.
            await refuse(link: id, reason: .crossed)
            return true
        }
        // Theirs stands: withdraw ours (the other side reports it cancelled if it had shown it) and accept theirs.
        links[ours]?.state = .closing
        var body = ByteBuffer()
        body.writeInteger(PeerCloseReason.crossed.rawValue)
        try? await link.writer?.write(PeerFrame(kind: .cancel, body: body))
        link.channel.close(promise: nil)
        await acceptOnBehalf(link: id, peer: peer, reply: reply)
        return true
    }

    /// The same, seen from the other end: the peer this session is inviting turns out to have an invitation of its
    /// own waiting here (it arrived before this connection's hello). Returns whether ours was withdrawn.
    private func resolveCrossing(
        helloFrom peer: PeerInfo, outgoing id: Int,
        reply: CheckedContinuation<Result<PeerInfo, PeerConnectionFailure>, Never>
    ) async -> Bool {
        let pending = links.first { entry in
            guard case .invited = entry.value.state else { return false }
            return entry.value.peer?.id == peer.id
        }
        guard let (theirs, link) = pending, case .invited(let expiry) = link.state else { return false }
        if peerID < peer.id {
            // Ours stands: theirs is withdrawn here, and the other side accepts ours on its caller's behalf.
            expiry.cancel()
            await refuse(link: theirs, reason: .crossed)
            emit(.connectionFailed(peer, .cancelled))
            return false
        }
        expiry.cancel()
        links[id]?.state = .closing
        links[id]?.channel.close(promise: nil)
        await acceptOnBehalf(link: theirs, peer: peer, reply: reply)
        return true
    }

    /// Ours was refused as the crossed invitation with the higher ID: the other peer's invitation stands. Accepts
    /// it if it is already here, or waits for it until the invitation's timeout.
    private func awaitCrossedInvitation(
        from peer: PeerID, reply: CheckedContinuation<Result<PeerInfo, PeerConnectionFailure>, Never>,
        timeout: Duration
    ) async {
        let pending = links.first { entry in
            guard case .invited = entry.value.state else { return false }
            return entry.value.peer?.id == peer
        }
        if let (id, link) = pending, case .invited(let expiry) = link.state, let info = link.peer {
            expiry.cancel()
            await acceptOnBehalf(link: id, peer: info, reply: reply)
            return
        }
        if let earlier = crossed.removeValue(forKey: peer) {
            earlier.expiry.cancel()
            earlier.reply.resume(returning: .failure(.cancelled))
        }
        let expiry = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard Task.isCancelled == false else { return }
            await self?.crossedInvitationLapsed(peer)
        }
        crossed[peer] = CrossedInvitation(reply: reply, expiry: expiry)
    }

    private func crossedInvitationLapsed(_ peer: PeerID) {
        crossed.removeValue(forKey: peer)?.reply.resume(returning: .failure(.timedOut))
    }

    /// Accepts an invitation without asking the caller, who asked for this connection by inviting the same peer.
    private func acceptOnBehalf(
        link id: Int, peer: PeerInfo, reply: CheckedContinuation<Result<PeerInfo, PeerConnectionFailure>, Never>
    ) async {
        guard admit(link: id, peer: peer) else {
            await refuse(link: id, reason: .sessionFull)
            reply.resume(returning: .failure(.sessionFull))
            return
        }
        reply.resume(returning: .success(peer))
        try? await links[id]?.writer?.write(PeerFrame(kind: .accept))
    }

    // MARK: Liveness

    /// Every heartbeat interval: a heartbeat to each connected peer, and peers silent for the disconnect timeout
    /// dropped (a cut link or a frozen peer never closes its TCP connection).
    private func livenessTick() async {
        let now = clock.elapsed()
        let interval = configuration.heartbeatInterval
        if let lastTick, now - lastTick > interval * 2 {
            // This process did not run on time (stopped, suspended, starved): the silence was ours, not the peers'.
            for id in links.keys {
                links[id]?.lastHeard = now
            }
        }
        lastTick = now
        for id in links.keys.sorted() {
            guard var link = links[id], case .connected = link.state else { continue }
            if link.route.takeHeard() {
                link.lastHeard = now
                links[id]?.lastHeard = now
            }
            if let timeout = configuration.disconnectTimeout, now - link.lastHeard >= timeout {
                logger.info(
                    "peer silent for the disconnect timeout; disconnecting",
                    metadata: ["peer": "\(link.peer?.id.description ?? "?")", "timeout": "\(timeout)"])
                await close(link: id, goodbye: false)
                continue
            }
            // Straight to the channel, not through the writer: a heartbeat must not wait behind back-pressure.
            link.channel.writeAndFlush(PeerFrame(kind: .heartbeat), promise: nil)
        }
    }

    private func invitationLapsed(link id: Int) async {
        guard let link = links[id], case .invited = link.state else { return }
        links[id]?.state = .closing
        link.channel.close(promise: nil)
        emit(.connectionFailed(link.peer, .timedOut))
    }

    private func close(link id: Int, goodbye: Bool) async {
        guard let link = links[id] else { return }
        if case .opening(_, _, let reply) = link.state {
            links[id]?.state = .closing
            link.channel.close(promise: nil)
            reply.resume(returning: .failure(PeersError(.sessionClosed, "the session closed the stream's connection")))
            return
        }
        if case .sending(let answer) = link.state {
            links[id]?.state = .closing
            link.channel.close(promise: nil)
            answer.connectionEnded()
            return
        }
        if case .inviting = link.state {
            await failInvitation(link: id, .cancelled, tell: .cancelled)
            return
        }
        if case .invited(let expiry) = link.state { expiry.cancel() }
        let wasConnected: Bool
        if case .connected = link.state { wasConnected = true } else { wasConnected = false }
        links[id]?.state = .closing
        if goodbye, wasConnected {
            // The peer closes when it reads the goodbye, so everything sent before it has been read; closing here
            // at once could discard writes still queued. The bound covers a peer that never answers.
            try? await link.writer?.write(PeerFrame(kind: .goodbye))
            let channel = link.channel
            tasks.append(
                Task {
                    try? await Task.sleep(for: Self.goodbyeGrace)
                    try? await channel.close()
                })
        } else {
            link.channel.close(promise: nil)
        }
        if wasConnected, let peer = link.peer {
            datagramInbox.depart(peer.id, until: ContinuousClock.now - clockStart + configuration.chunkExpiry)
            emit(.stateChanged(peer, .disconnected))
        }
    }

    private func linkEnded(_ id: Int, error: (any Error)?) async {
        guard let link = links[id] else { return }
        switch link.state {
        case .inviting(_, _, let reply):
            links[id]?.state = .closing
            let failure: PeerConnectionFailure =
                if let error = error as? PeersError {
                    switch error.code {
                    case .versionMismatch: .versionMismatch
                    default: .other(error)
                    }
                } else {
                    .other(PeersError(.connectionClosed, "the peer closed the connection before answering"))
                }
            reply.resume(returning: .failure(failure))
        case .connected, .invited:
            await close(link: id, goodbye: false)
        case .opening(_, _, let reply):
            links[id]?.state = .closing
            reply.resume(returning: .failure(PeersError(.connectionClosed, "the peer closed the stream's connection")))
        case .sending(let answer):
            answer.connectionEnded()
        case .handshaking:
            // Someone who could not prove the shared secret or an identity: worth a report, though who it was is
            // unknown.
            if let error = error as? PeersError, error.code == .authenticationFailed {
                emit(.connectionFailed(nil, .other(error)))
            }
        default:
            break
        }
        if let error = error as? PeersError, let peer = link.peer {
            if case .connected = link.state { emit(.connectionFailed(peer, .other(error))) }
        }
        links[id] = nil
        liveRoutes.withLock { $0[id] = nil }
    }

    // MARK: Resources and streams

    /// Opens a byte stream to a connected peer, on a connection of its own (MultipeerConnectivity's
    /// `startStream(withName:toPeer:)`). The peer's application gets ``PeerEvent/stream(_:)``.
    ///
    /// - Throws: ``PeersError`` `invalidArgument` for a name outside 1…255 UTF-8 bytes, `notConnected`,
    ///   `transport` when the connection cannot be opened, `connectionClosed` or the peer's refusal.
    public func openStream(name: String, to peer: PeerID) async throws(PeersError) -> PeerOutputStream {
        try await openSide(PeerAttach(what: .stream, length: 0, name: name), to: peer)
    }

    /// Sends a file to a connected peer on a connection of its own (MultipeerConnectivity's
    /// `sendResource(at:withName:toPeer:)`), and returns once the peer has stored all of it. Cancelling the
    /// calling task cancels the transfer; the peer removes what it stored.
    ///
    /// - Parameter progress: Called after each chunk with the bytes sent and the file's length.
    /// - Throws: ``PeersError`` `transport` when the file cannot be read (or changes length while sent) or the
    ///   peer cannot store it, `cancelled`, `notConnected`, `invalidArgument` (name; a file over the peer's
    ///   limit), `connectionClosed`.
    public nonisolated func sendResource(
        at url: URL, name: String, to peer: PeerID,
        progress: (@Sendable (_ sent: Int64, _ total: Int64) -> Void)? = nil
    ) async throws(PeersError) {
        let handle: FileHandle
        let length: Int64
        do {
            handle = try FileHandle(forReadingFrom: url)
            length = Int64(try handle.seekToEnd())
            try handle.seek(toOffset: 0)
        } catch {
            throw PeersError(.transport, "cannot read \(url.path): \(error.localizedDescription)")
        }
        defer { try? handle.close() }
        let stream = try await openSide(PeerAttach(what: .resource, length: UInt64(length), name: name), to: peer)
        var sent: Int64 = 0
        while true {
            if Task.isCancelled {
                await stream.cancel()
                throw PeersError(.cancelled, "sending \"\(name)\" was cancelled")
            }
            let chunk: Data
            do {
                chunk = try handle.read(upToCount: PeerOutputStream.chunkSize) ?? Data()
            } catch {
                await stream.cancel()
                throw PeersError(.transport, "cannot read \(url.path): \(error.localizedDescription)")
            }
            if chunk.isEmpty { break }
            guard sent + Int64(chunk.count) <= length else { break }
            try await stream.write(chunk)
            sent += Int64(chunk.count)
            progress?(sent, length)
        }
        guard sent == length else {
            await stream.cancel()
            throw PeersError(.transport, "\(url.path) changed length while it was sent (\(sent) of \(length) bytes)")
        }
        try await stream.finish()
    }

    private func openSide(_ attach: PeerAttach, to peer: PeerID) async throws(PeersError) -> PeerOutputStream {
        guard
            let main = links.values.first(where: { link in
                if case .connected = link.state { link.peer?.id == peer } else { false }
            }), let info = main.peer
        else { throw PeersError(.notConnected, "peer \(peer) is not connected") }
        guard let address = main.listenAddress else {
            throw PeersError(.transport, "\(info.displayName) takes no resources or streams: it does not listen")
        }
        let connection: Connection
        do {
            connection = try await dial(address)
        } catch {
            throw PeersError(.transport, "cannot connect to \(info.displayName) at \(address): \(error)")
        }
        let answer = PeerStreamAnswer()
        let opened = await withCheckedContinuation { continuation in
            let id = adoptSync(
                connection, isInitiator: true, state: .opening(attach, answer: answer, reply: continuation),
                expected: peer)
            tasks.append(
                Task { [weak self] in
                    try? await Task.sleep(for: .seconds(10))
                    await self?.openingExpired(link: id)
                })
        }
        let (channel, writer) = try opened.get()
        return PeerOutputStream(
            name: attach.name, peer: info, channel: channel, writer: writer, answer: answer,
            acknowledgementTimeout: configuration.sendTimeout)
    }

    private func openingExpired(link id: Int) {
        guard let link = links[id], case .opening(_, _, let reply) = link.state else { return }
        links[id]?.state = .closing
        link.channel.close(promise: nil)
        reply.resume(returning: .failure(PeersError(.connectionClosed, "the peer did not answer within 10 s")))
    }

    /// The hellos on our resource or stream connection are done: the peer must be the connected one (the same ID,
    /// and the same identity when it proved one), then the attach frame goes out.
    private func attachSide(
        _ attach: PeerAttach, answer: PeerStreamAnswer,
        reply: CheckedContinuation<Result<(any Channel, NIOAsyncChannelOutboundWriter<PeerFrame>), PeersError>, Never>,
        link id: Int, hello: PeerHello, identity: P256.Signing.PublicKey?
    ) async {
        guard let link = links[id] else { return }
        let main = links.values.first { other in
            if case .connected = other.state { other.peer?.id == hello.peerID } else { false }
        }
        let failure: PeersError? =
            if hello.peerID != link.expected || main == nil {
                PeersError(.identityMismatch, "another peer (\(hello.peerID)) answered at the peer's address")
            } else if let known = main?.identity, known.rawRepresentation != identity?.rawRepresentation {
                PeersError(.identityMismatch, "the peer proved another identity than on its session connection")
            } else {
                nil
            }
        guard let writer = link.writer, failure == nil else {
            links[id]?.state = .closing
            link.channel.close(promise: nil)
            reply.resume(returning: .failure(failure ?? PeersError(.connectionClosed, "the connection closed")))
            return
        }
        links[id]?.state = .sending(answer)
        do {
            try await writer.write(PeerFrame(kind: .attach, body: attach.encoded()))
        } catch {
            links[id]?.state = .closing
            link.channel.close(promise: nil)
            reply.resume(returning: .failure(PeersError(.connectionClosed, "the stream's connection closed")))
            return
        }
        reply.resume(returning: .success((link.channel, writer)))
    }

    /// A connected peer attaches a resource or stream on a connection of its own.
    private func attachReceived(_ body: ByteBuffer, link id: Int) async {
        guard let link = links[id], let peer = link.peer else { return }
        let attach: PeerAttach
        do {
            attach = try PeerAttach(decoding: body)
        } catch {
            await refuseSide(link: id, .protocolError, error.message)
            return
        }
        let main = links.values.first { other in
            if case .connected = other.state { other.peer?.id == peer.id } else { false }
        }
        guard let main else {
            await refuseSide(link: id, .denied, "\(peer.displayName) is not connected to this session")
            return
        }
        if let known = main.identity, known.rawRepresentation != link.identity?.rawRepresentation {
            await refuseSide(link: id, .denied, "the stream's connection proved another identity")
            return
        }
        let receiving = links.values.filter { if case .receiving = $0.state { true } else { false } }.count
        guard receiving < PeerLimits.maximumIncomingTransfers else {
            await refuseSide(link: id, .sessionFull, "\(PeerLimits.maximumIncomingTransfers) transfers already arrive")
            return
        }
        let input = PeerInputStream(name: attach.name, peer: peer)
        switch attach.what {
        case .stream:
            links[id]?.state = .receiving(input, attach: attach)
            emit(.stream(input))
        case .resource:
            guard attach.length <= UInt64(max(0, configuration.maximumResourceSize)) else {
                await refuseSide(
                    link: id, .denied,
                    "resource \"\(attach.name)\" has \(attach.length) bytes; this peer takes at most "
                        + "\(configuration.maximumResourceSize)")
                return
            }
            let directory = configuration.resourceDirectory ?? FileManager.default.temporaryDirectory
            let file: (url: URL, handle: FileHandle)
            do {
                file = try Self.createOwnerOnlyFile(in: directory)
            } catch {
                await refuseSide(link: id, .denied, "this peer cannot store resources: \(error.message)")
                return
            }
            links[id]?.state = .receiving(input, attach: attach)
            emit(.resourceStarted(name: attach.name, from: peer, length: Int64(attach.length)))
            tasks.append(
                Task { [weak self] in
                    let result = await Self.store(input, length: attach.length, into: file.handle, at: file.url)
                    await self?.resourceStored(link: id, attach: attach, peer: peer, result: result)
                })
        }
    }

    /// A new file no one else can read, from its first byte.
    private static func createOwnerOnlyFile(in directory: URL) throws(PeersError) -> (url: URL, handle: FileHandle) {
        let url = directory.appendingPathComponent("courier-peer-resource-\(PeerID.random())")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw PeersError(.transport, "cannot create \(url.path): \(String(cString: strerror(errno)))")
        }
        return (url, FileHandle(fileDescriptor: descriptor, closeOnDealloc: true))
    }

    /// Drains a resource's input into its file, off the actor; the file is synced before it counts as stored.
    private static func store(_ input: PeerInputStream, length: UInt64, into handle: FileHandle, at url: URL) async
        -> Result<URL, PeersError>
    {
        var stored: UInt64 = 0
        do {
            for try await chunk in input {
                stored += UInt64(chunk.count)
                guard stored <= length else {
                    throw PeersError(.malformed, "the resource is longer than the \(length) bytes announced")
                }
                try handle.write(contentsOf: chunk)
            }
            guard stored == length else {
                throw PeersError(.malformed, "the resource ended after \(stored) of \(length) bytes")
            }
            try handle.synchronize()
            try handle.close()
            return .success(url)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: url)
            if let error = error as? PeersError { return .failure(error) }
            return .failure(PeersError(.transport, "cannot store the resource: \(error.localizedDescription)"))
        }
    }

    private func resourceStored(link id: Int, attach: PeerAttach, peer: PeerInfo, result: Result<URL, PeersError>) async
    {
        if let link = links[id] {
            links[id]?.state = .closing
            switch result {
            case .success:
                try? await link.writer?.write(PeerFrame(kind: .accept))
            case .failure(let error):
                var body = ByteBuffer()
                body.writeInteger(PeerCloseReason.denied.rawValue)
                body.writeString(error.message)
                try? await link.writer?.write(PeerFrame(kind: .reject, body: body))
            }
            link.channel.close(promise: nil)
        }
        emit(.resourceFinished(name: attach.name, from: peer, result: result))
    }

    /// The sender finished a resource or stream: a stream is acknowledged at once; a resource once stored.
    private func sideEnded(link id: Int) async {
        guard let link = links[id], case .receiving(_, let attach) = link.state, attach.what == .stream else { return }
        links[id]?.state = .closing
        try? await link.writer?.write(PeerFrame(kind: .accept))
        link.channel.close(promise: nil)
    }

    private func closeSide(link id: Int) {
        guard let link = links[id] else { return }
        links[id]?.state = .closing
        link.channel.close(promise: nil)
    }

    private func refuseSide(link id: Int, _ reason: PeerCloseReason, _ text: String) async {
        guard let link = links[id] else { return }
        logger.info("refusing a resource or stream", metadata: ["reason": "\(reason)", "detail": "\(text)"])
        links[id]?.state = .closing
        var body = ByteBuffer()
        body.writeInteger(reason.rawValue)
        body.writeString(text)
        try? await link.writer?.write(PeerFrame(kind: .reject, body: body))
        link.channel.close(promise: nil)
    }

    /// What a refused resource or stream throws at its sender.
    private static func sideRefusal(_ reason: PeerCloseReason, text: String) -> PeersError {
        switch reason {
        case .denied: PeersError(.transport, "the peer refused: \(text)")
        case .sessionFull: PeersError(.transport, "the peer is busy: \(text)")
        case .cancelled: PeersError(.cancelled, text)
        case .authenticationFailed: PeersError(.authenticationFailed, text)
        default: PeersError(.malformed, "the peer refused (\(reason)): \(text)")
        }
    }

    // MARK: Sending

    /// Sends a message to `peers` (all connected peers when `nil`).
    ///
    /// Reliable sends suspend while a peer has more than ``PeerSessionConfiguration/sendBufferLimit`` unread;
    /// past ``PeerSessionConfiguration/sendTimeout`` the peer is disconnected and this throws `sendTimedOut`.
    /// Unreliable sends go once, as 1 000-byte chunks.
    ///
    /// - Throws: ``PeersError`` `messageTooLarge` over 89 088 bytes (before any I/O), `notConnected` for a named
    ///   peer not connected, `sendTimedOut`, `connectionClosed`.
    public nonisolated func send(
        _ data: some Collection<UInt8>, to peers: [PeerID]? = nil, mode: PeerSendMode = .reliable
    ) async throws(PeersError) {
        guard data.count <= PeerLimits.maximumMessageSize else {
            throw PeersError(
                .messageTooLarge, "message has \(data.count) bytes; limit \(PeerLimits.maximumMessageSize)")
        }
        // The connected links, from their routes (granted exactly while connected), without a hop to the actor.
        let targets = liveRoutes.withLock { routes in
            routes.compactMap { id, route -> (link: Int, grant: PeerDirectRoute.Grant, route: PeerDirectRoute)? in
                guard let grant = route.grant, peers == nil || peers?.contains(grant.peer.id) == true else {
                    return nil
                }
                return (id, grant, route)
            }
        }.sorted { $0.link < $1.link }
        if let peers, targets.count < Set(peers).count {
            throw PeersError(.notConnected, "not every named peer is connected")
        }
        switch mode {
        case .reliable:
            // The message goes to the event loop as it is (no copy when it is an array): the connection seals it
            // straight into its scratch buffer.
            let frame = PeerFrame(message: Array(data))
            for target in targets {
                let (writer, stall) = (target.grant.writer, target.route.stall)
                try await sendReliable(
                    frame, link: target.link, writer: writer, stall: stall, credit: target.route.credit)
            }
        case .unreliable:
            for target in targets { try await sendUnreliable(data, route: target.route, grant: target.grant) }
        }
    }

    private nonisolated func sendReliable(
        _ frame: PeerFrame, link id: Int, writer: NIOAsyncChannelOutboundWriter<PeerFrame>?, stall: PeerSendStall?,
        credit: PeerSendCredit
    ) async throws(PeersError) {
        guard let writer else { throw PeersError(.notConnected, "the peer is not connected") }
        // Room in the connection's send buffer first (`sendBufferLimit`): the writer alone would take every message
        // handed to it before the event loop saw the channel fill.
        guard await credit.acquire(frame.bodySize) else {
            if Task.isCancelled { throw PeersError(.cancelled, "the send was cancelled while it waited for room") }
            try await throwIfStalled(link: id, stall: stall)
            throw PeersError(.connectionClosed, "the connection closed while sending")
        }
        // No timer and no bookkeeping per message (a task group with a sleeping child cost more than the write): a
        // write suspended on back-pressure ends when the stall handler closes a connection that stayed unwritable
        // for the send timeout.
        var failed = false
        if stall?.fired != true {
            do { try await writer.write(frame) } catch { failed = true }
        }
        // Checked whatever the write said: a write that was waiting when the connection closed may end without an
        // error, its frame dropped.
        try await throwIfStalled(link: id, stall: stall)
        if failed { throw PeersError(.connectionClosed, "the connection closed while sending") }
    }

    /// Once the stall handler has closed a connection that stayed unwritable for the send timeout: drops the link
    /// and throws `sendTimedOut`.
    private nonisolated func throwIfStalled(link id: Int, stall: PeerSendStall?) async throws(PeersError) {
        guard let timeout = configuration.sendTimeout, stall?.fired == true else { return }
        await close(link: id, goodbye: false)
        throw PeersError(.sendTimedOut, "the peer read nothing for \(timeout); disconnected")
    }

    private nonisolated func sendUnreliable(
        _ data: some Collection<UInt8>, route: PeerDirectRoute, grant: PeerDirectRoute.Grant
    ) async throws(PeersError) {
        guard let outlet = grant.datagrams else {
            throw PeersError(.notConnected, "the peer has no unreliable endpoint")
        }
        guard let number = route.takeMessageNumber() else {
            throw PeersError(
                .transport, "all 2³² unreliable message numbers of this connection are used; reconnect")
        }
        let datagrams = try outlet.datagrams(of: data, number: number)
        // Room among the datagrams handed to the socket first, as for reliable sends: the writer alone takes every
        // one handed to it before the event loop has sent the first.
        guard await outlet.credit.acquire(datagrams.reduce(0) { $0 + $1.data.readableBytes }) else {
            if Task.isCancelled { throw PeersError(.cancelled, "the send was cancelled while it waited for room") }
            throw PeersError(.connectionClosed, "the UDP socket is closed")
        }
        do {
            if datagrams.count == 1 {
                try await outlet.writer.write(datagrams[0])
            } else {
                try await outlet.writer.write(contentsOf: datagrams)
            }
        } catch {
            throw PeersError(.connectionClosed, "the UDP socket is closed")
        }
    }

    private func expireChunks() {
        datagramInbox.expire(now: ContinuousClock.now - clockStart)
    }

    // MARK: Discovery

    private func browserEvent(_ event: PeerBrowser.Event) {
        switch event {
        case .found(let info, let address, let advertisement):
            let isNew = known[info.id] == nil
            known[info.id] = (info, address, advertisement)
            if isNew { emit(.stateChanged(info, .available)) }
        case .lost(let id):
            if let entry = known.removeValue(forKey: id) { emit(.stateChanged(entry.info, .unavailable)) }
        }
    }
}
