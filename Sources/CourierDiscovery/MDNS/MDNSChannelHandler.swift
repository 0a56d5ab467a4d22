import Logging
import NIOCore

/// Runs an ``MDNSEngine`` on a UDP channel: decodes datagrams whole, drops bad and own ones, feeds the engine with
/// the event loop's clock (virtual on `EmbeddedEventLoop`), sends what it asks for and keeps one timer armed for
/// its next deadline. Every method must be called on the channel's event loop.
final class MDNSChannelHandler: ChannelInboundHandler {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    typealias OutboundOut = AddressedEnvelope<ByteBuffer>

    /// What the handler reports to its owner.
    enum Event: Equatable {
        /// An event of a registration, tagged with the owner given to ``register(_:allowsRename:owner:)`` (or
        /// the engine's id when none was).
        case registration(Int, RegistrationEvent)
        /// The cache changes caused by one datagram or one timer tick, in order.
        case cacheChanges([RecordCache.Change])
        /// A unicast datagram that arrived on another interface (the socket's packet info says which). Every
        /// socket is bound to the wildcard address on the mDNS port, so the kernel hands a unicast datagram (a
        /// reply to a QU question, a legacy query) to any one of them; it belongs to the stack of the interface it
        /// arrived on, and the owner passes it there with ``receive(_:)``.
        case arrivedOnOtherInterface(AddressedEnvelope<ByteBuffer>, interfaceIndex: Int)
    }

    /// How long a sent datagram is remembered so that its multicast loopback copy is recognized as our own.
    static let ownDatagramMemory = TimeAmount.seconds(5)

    /// Copies of one datagram we sent whose loopback has not been seen yet.
    private struct SentCopies {
        var outstanding: Int
        var expiry: NIODeadline
    }

    private(set) var engine: MDNSEngine
    let multicastAddress: SocketAddress
    /// This host's addresses on the link (IP only): a datagram is our own only if it comes from one of them.
    var localAddresses: Set<String>
    /// The link's networks: a unicast-addressed datagram counts only from a source in one of them (or link-local).
    var onLinkPrefixes: [LinkPrefix]
    /// The index of this handler's interface; a datagram whose packet info names another is handed back to the
    /// owner (``Event/arrivedOnOtherInterface(_:interfaceIndex:)``). `nil` takes every datagram as this one's.
    let interfaceIndex: Int?
    private let logger: Logger
    private let onEvent: (Event) -> Void
    private var context: ChannelHandlerContext?
    private var timer: Scheduled<Void>?
    private var timerDeadline: NIODeadline?
    private var recentlySent: [Int: SentCopies] = [:]
    /// The owner tag of each registration that has one, set before the registration can report anything, so
    /// that its owner never sees an event it cannot place (it learns the engine's id only later).
    private var owners: [Int: Int] = [:]
    /// Datagrams dropped as malformed, for diagnostics.
    private(set) var droppedDatagrams = 0

    init(
        configuration: MDNSEngine.Configuration, multicastAddress: SocketAddress, localAddresses: Set<String>,
        onLinkPrefixes: [LinkPrefix] = [], interfaceIndex: Int? = nil, logger: Logger,
        onEvent: @escaping (Event) -> Void
    ) {
        self.engine = MDNSEngine(configuration: configuration)
        self.multicastAddress = multicastAddress
        self.localAddresses = localAddresses
        self.onLinkPrefixes = onLinkPrefixes
        self.interfaceIndex = interfaceIndex
        self.logger = logger
        self.onEvent = onEvent
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        self.context = nil
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let envelope = unwrapInboundIn(data)
        if let packetInfo = envelope.metadata?.packetInfo, let interfaceIndex,
            packetInfo.interfaceIndex != interfaceIndex
        {
            // Linux filters IPv4 multicast by the interface a group was joined on, but not IPv6 multicast: a socket
            // gets ff02::fb from every interface where any socket joined it. The stack of the arrival interface
            // has its own copy of a multicast datagram; a unicast one reached this socket alone.
            if packetInfo.destinationAddress.ipAddress != multicastAddress.ipAddress {
                onEvent(.arrivedOnOtherInterface(envelope, interfaceIndex: packetInfo.interfaceIndex))
            }
            return
        }
        receive(envelope)
    }

    /// Takes a datagram that arrived on this handler's interface: from its own socket, or passed on from another
    /// stack's socket that the kernel chose for it.
    func receive(_ envelope: AddressedEnvelope<ByteBuffer>) {
        let bytes = Array(envelope.data.readableBytesView)
        let now = self.now
        // Multicast loopback returns our own datagrams; they must not feed conflict or duplicate detection. Another
        // process on this host sends from the same address and port, and its datagram can be byte for byte one we
        // sent (two browsers of one type with the same known answers ask the same query). So each copy we sent
        // accounts for one datagram received, no more: the second identical one is the other process's, and it
        // must be answered. (Dropping every identical datagram for 5 s left such a query unanswered, and a second
        // `courier peers` process did not find the first.) The two are indistinguishable, so which one counts as
        // ours does not matter.
        if let ip = envelope.remoteAddress.ipAddress, localAddresses.contains(ip) {
            let fingerprint = Self.fingerprint(bytes)
            if let copies = recentlySent[fingerprint], copies.expiry > now, copies.outstanding > 0 {
                if copies.outstanding == 1 {
                    recentlySent[fingerprint] = nil
                } else {
                    recentlySent[fingerprint]?.outstanding -= 1
                }
                return
            }
        }
        // The socket reports each datagram's destination: one sent to our unicast address rather than the group
        // counts only from an on-link source (RFC 6762 §11). Without the report, as on an embedded channel, the
        // datagram is taken as multicast.
        if let destination = envelope.metadata?.packetInfo?.destinationAddress,
            destination.ipAddress != multicastAddress.ipAddress,
            envelope.remoteAddress.ipAddress.map(localAddresses.contains) != true,
            LinkPrefix.isOnLink(envelope.remoteAddress, prefixes: onLinkPrefixes) == false
        {
            droppedDatagrams += 1
            logger.debug(
                "dropped unicast mDNS datagram from an off-link source",
                metadata: ["source": "\(envelope.remoteAddress)", "dropped": "\(droppedDatagrams)"])
            return
        }
        let message: DNSMessage
        do {
            message = try DNSMessage(decoding: bytes)
        } catch {
            droppedDatagrams += 1
            logger.debug(
                "dropped mDNS datagram",
                metadata: [
                    "source": "\(envelope.remoteAddress)", "reason": "\(error)", "dropped": "\(droppedDatagrams)",
                ])
            return
        }
        perform(engine.receive(message, from: envelope.remoteAddress, now: now))
    }

    // MARK: Operations

    /// Registers `subject` and returns the engine's id for it. Its events carry `owner` when one is given.
    func register(_ subject: RegistrationSubject, allowsRename: Bool, owner: Int? = nil) -> Int {
        let (id, outputs) = engine.register(subject, allowsRename: allowsRename, now: now)
        if let owner { owners[id] = owner }
        perform(outputs)
        return id
    }

    func unregister(_ id: Int) {
        perform(engine.unregister(id, now: now))
    }

    func updateTXT(_ id: Int, txt: TXTRecord) {
        perform(engine.updateTXT(id, txt: txt, now: now))
    }

    func startQuery(_ question: DNSQuestion) -> Int {
        let id = engine.startQuery(question, now: now)
        rearm()
        return id
    }

    func stopQuery(_ id: Int) {
        engine.stopQuery(id)
        rearm()
    }

    /// Every record in the cache, for reporting them removed when the interface goes away.
    func allCachedRecords() -> [DNSResourceRecord] {
        engine.cache.entries.values.map(\.record)
    }

    func cachedAnswers(to question: DNSQuestion) -> [DNSResourceRecord] {
        engine.cachedAnswers(to: question, now: now)
    }

    // MARK: Plumbing

    private var now: NIODeadline { context?.eventLoop.now ?? .now() }

    private func perform(_ outputs: [MDNSEngine.Output]) {
        var changes: [RecordCache.Change] = []
        for output in outputs {
            switch output {
            case .send(let message, let destination):
                send(message, to: destination)
            case .registration(let id, let event):
                let owner = owners[id] ?? id
                switch event {
                case .didStop, .didNotPublish: owners[id] = nil
                default: break
                }
                onEvent(.registration(owner, event))
            case .cache(let change):
                changes.append(change)
            }
        }
        if changes.isEmpty == false {
            onEvent(.cacheChanges(changes))
        }
        rearm()
    }

    private func send(_ message: DNSMessage, to destination: MDNSEngine.Destination) {
        guard let context else { return }
        let bytes: [UInt8]
        do {
            bytes = try message.encoded()
        } catch {
            logger.error("could not encode mDNS message", metadata: ["reason": "\(error)"])
            return
        }
        let now = context.eventLoop.now
        recentlySent = recentlySent.filter { $0.value.expiry > now }
        let fingerprint = Self.fingerprint(bytes)
        let outstanding = (recentlySent[fingerprint]?.outstanding ?? 0) + 1
        recentlySent[fingerprint] = SentCopies(outstanding: outstanding, expiry: now + Self.ownDatagramMemory)
        let address: SocketAddress
        switch destination {
        case .multicast: address = multicastAddress
        case .unicast(let target): address = target
        }
        let buffer = context.channel.allocator.buffer(bytes: bytes)
        context.writeAndFlush(wrapOutboundOut(AddressedEnvelope(remoteAddress: address, data: buffer)), promise: nil)
    }

    /// Keeps exactly one timer armed for the engine's next deadline.
    private func rearm() {
        guard let context else { return }
        let deadline = engine.nextDeadline
        guard deadline != timerDeadline else { return }
        timer?.cancel()
        timer = nil
        timerDeadline = deadline
        guard let deadline else { return }
        let loopBound = NIOLoopBound(self, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(deadline: deadline) {
            let handler = loopBound.value
            handler.timerDeadline = nil
            handler.timer = nil
            handler.perform(handler.engine.tick(now: handler.now))
        }
    }

    private static func fingerprint(_ bytes: [UInt8]) -> Int {
        var hasher = Hasher()
        hasher.combine(bytes)
        return hasher.finalize()
    }
}
