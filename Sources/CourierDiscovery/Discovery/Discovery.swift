import Logging
import NIOCore
import NIOPosix

/// Zero-configuration discovery for one process: mDNS sockets on the chosen interfaces, a cache per interface, the
/// responder for published services, and DNS-SD publish, browse and resolve on top.
///
/// ```swift
/// let discovery = Discovery()
/// try await discovery.start()
/// let identity = try ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")
/// let registration = try await discovery.publish(identity, port: 8080, txt: ["version": "1.0"])
/// for await event in try await discovery.browse(type: "_associateHelp._tcp").events { print(event) }
/// await discovery.shutdown()
/// ```
public actor Discovery {
    private let configuration: DiscoveryConfiguration
    private let group: any EventLoopGroup
    /// The open sockets by stack ID; IDs are never reused, so a lost interface's events cannot reach a new one.
    private var stacks: [Int: InterfaceStack] = [:]
    private var nextStackID = 0
    private var nextSeed: UInt64
    private var rescanTask: Task<Void, Never>?
    private var started = false
    /// The label published as `<label>.local.`: the configured one, or the system's when it is a valid label.
    private var hostLabel: String {
        if let configured = configuration.hostName { return configured }
        let system = InterfaceStack.systemHostLabel()
        return (try? DNSName(labels: [system, "local"])) != nil ? system : "courier"
    }
    private var isShutDown = false
    private var eventTask: Task<Void, Never>?
    /// Engine events from the sockets' event loops to the actor. Its policy is unbounded because nothing in it may
    /// be lost (a dropped cache change would leave a browser showing a service that is gone); `backlog` bounds it
    /// instead, by pausing the sockets' reads while too many events wait.
    private let events: AsyncStream<(Int, MDNSChannelHandler.Event)>
    private let eventSink: AsyncStream<(Int, MDNSChannelHandler.Event)>.Continuation
    private let backlog = EngineEventBacklog()

    private struct PublishedService {
        var identity: ServiceIdentity
        var stackIDs: [Int: Int]
        var continuation: AsyncStream<RegistrationEvent>.Continuation
        /// What is published, kept to register it on interfaces that appear later.
        var subject: RegistrationSubject
        var allowsRename: Bool
        /// Listening sockets of `.listenForConnections`, closed on stop.
        var listeners: [any Channel] = []
    }

    private var services: [Int: PublishedService] = [:]
    private var hostRegistrations: [Int: Int] = [:]
    /// Tests only: awaited in `publish` between registering on a stack and learning the engine's id, to
    /// reproduce a loaded machine where the whole probe sequence ends in between.
    var publishPause: (@Sendable () async -> Void)?
    /// The owner tag of host-name registrations, whose events nobody watches (service ids start at 0).
    private static let hostRegistrationOwner = -1
    /// Observers of cache changes: each browse, resolve and TXT monitor keeps one.
    private var observers: [Int: (StackInfo, [RecordCache.Change]) -> Void] = [:]
    private var observerQueries: [Int: [(stack: Int, query: Int)]] = [:]
    /// Each observer's questions, asked again on interfaces that appear later.
    private var observerQuestions: [Int: [DNSQuestion]] = [:]

    /// Which socket a change came from.
    struct StackInfo {
        var id: Int
        var interface: String
        var isIPv6: Bool
    }

    /// How often the interface list is read again for `.automatic` and named interfaces.
    static let rescanInterval = Duration.seconds(5)
    /// How many events a browser's streams hold for a slow reader before replacing them with a fresh snapshot.
    static let eventBufferCapacity = 4096
    /// How many events a registration's stream holds for a slow reader; older ones are dropped.
    static let registrationEventCapacity = 256
    /// How each observer finishes its streams when it stops, times out or discovery shuts down.
    private var finishers: [Int: () -> Void] = [:]
    private var nextID = 1

    /// Creates an instance; nothing touches the network until ``start()``.
    public init(
        configuration: DiscoveryConfiguration = DiscoveryConfiguration(),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton
    ) {
        self.configuration = configuration
        self.group = eventLoopGroup
        self.nextSeed = configuration.randomSeed ?? UInt64.random(in: 0...UInt64.max)
        (events, eventSink) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// The interfaces in use, as `name/IPv4` or `name/IPv6`.
    public var activeInterfaces: [String] {
        stacks.keys.sorted().compactMap { stacks[$0] }.map { "\($0.interfaceName)/\($0.isIPv6 ? "IPv6" : "IPv4")" }
    }

    /// Opens the sockets, joins the groups and starts probing for the host name.
    ///
    /// - Throws: ``DiscoveryError`` `missingRequiredConfiguration` when no interface qualifies, `unknown` when a
    ///   socket cannot be set up, `activityInProgress` when already started.
    public func start() async throws(DiscoveryError) {
        guard started == false else {
            throw DiscoveryError(.activityInProgress, "discovery is already started")
        }
        guard isShutDown == false else {
            throw DiscoveryError(.invalid, "discovery was shut down; create a new instance")
        }
        if let configured = configuration.hostName {
            guard configured.contains(".") == false, (try? DNSName(labels: [configured, "local"])) != nil else {
                throw DiscoveryError(
                    .badArgument, "host name \"\(configured)\" must be one label of 1…63 bytes, without dots")
            }
        }
        let devices: [NIONetworkDevice]
        do {
            devices = try System.enumerateDevices()
        } catch {
            throw DiscoveryError(.unknown, "cannot list network interfaces: \(error)")
        }
        let chosen = Self.select(devices, interfaces: configuration.interfaces, versions: configuration.ipVersions)
        guard chosen.isEmpty == false else {
            throw DiscoveryError(
                .missingRequiredConfiguration, "no multicast-capable interface matches \(configuration.interfaces)")
        }
        for device in chosen {
            do {
                try await openStack(device: device, devices: devices)
            } catch {
                for opened in stacks.values { await opened.close() }
                stacks = [:]
                hostRegistrations = [:]
                throw error
            }
        }
        started = true
        configuration.logger.debug("discovery started", metadata: ["interfaces": "\(activeInterfaces)"])
        eventTask = Task { [weak self, events, backlog] in
            for await (stack, event) in events {
                await self?.dispatch(stack: stack, event: event)
                if backlog.taken() {
                    await self?.resumeReading()
                }
            }
        }
        if configuration.interfaces != .loopbackOnly {
            rescanTask = Task { [weak self] in
                while Task.isCancelled == false {
                    try? await Task.sleep(for: Self.rescanInterval)
                    await self?.rescan()
                }
            }
        }
    }

    /// Opens the socket for one device, claims the host name there, and brings existing registrations and
    /// observers to it.
    private func openStack(device: NIONetworkDevice, devices: [NIONetworkDevice]) async throws(DiscoveryError) {
        let isIPv6: Bool
        if case .v6 = device.address { isIPv6 = true } else { isIPv6 = false }
        var engineConfiguration = MDNSEngine.Configuration()
        engineConfiguration.sharesPortWithAnotherResponder = InterfaceStack.portIsShared(port: configuration.port)
        engineConfiguration.maximumPayload = isIPv6 ? MessagePacker.ipv6Payload : MessagePacker.ipv4Payload
        engineConfiguration.randomSeed = nextSeed
        engineConfiguration.port = configuration.port
        nextSeed = nextSeed &* 6_364_136_223_846_793_005 &+ 1
        let interfaceAddresses = devices.filter { $0.name == device.name }.compactMap(\.address)
        let onLinkPrefixes = devices.filter { $0.name == device.name }.compactMap { sibling in
            sibling.address.flatMap { LinkPrefix(address: $0, netmask: sibling.netmask) }
        }
        let id = nextStackID
        nextStackID += 1
        let sink = eventSink
        let backlog = self.backlog
        let stack: InterfaceStack
        do {
            stack = try await InterfaceStack.open(
                index: id, device: device, isIPv6: isIPv6,
                localAddresses: Set(interfaceAddresses.compactMap(\.ipAddress)), onLinkPrefixes: onLinkPrefixes,
                configuration: engineConfiguration, port: configuration.port, logger: configuration.logger,
                group: group, backlog: backlog,
                onEvent: {
                    backlog.added()
                    sink.yield(($0, $1))
                })
        } catch {
            throw (error as? DiscoveryError) ?? DiscoveryError(.unknown, "cannot open mDNS on \(device.name): \(error)")
        }
        stacks[id] = stack
        // Only addresses of the IP versions in use are announced: a host told to use IPv4 alone must not send
        // resolvers to an IPv6 address where nothing of it listens.
        let versions = configuration.ipVersions
        let addresses = interfaceAddresses.filter { address in
            switch address {
            case .v4: versions.contains(.v4)
            case .v6: versions.contains(.v6)
            default: false
            }
        }.compactMap(Self.addressBytes)
        if addresses.isEmpty == false {
            let subject = RegistrationSubject.host(label: hostLabel, addresses: addresses)
            hostRegistrations[id] = try? await stack.run {
                $0.register(subject, allowsRename: true, owner: Self.hostRegistrationOwner)
            }
        }
        for serviceID in services.keys.sorted() {
            guard let service = services[serviceID] else { continue }
            let subject = service.subject
            let allowsRename = service.allowsRename
            if let stackID = try? await stack.run({
                $0.register(subject, allowsRename: allowsRename, owner: serviceID)
            }) {
                services[serviceID]?.stackIDs[id] = stackID
            }
        }
        for observerID in observerQuestions.keys.sorted() {
            await startQueries(observer: observerID, questions: observerQuestions[observerID] ?? [], on: [stack])
        }
    }

    /// Reads the interface list again: joins interfaces that appeared, and leaves lost ones, reporting their
    /// cached records as removed.
    private func rescan() async {
        guard started, let devices = try? System.enumerateDevices() else { return }
        let chosen = Self.select(devices, interfaces: configuration.interfaces, versions: configuration.ipVersions)
        func key(_ device: NIONetworkDevice) -> String {
            if case .v6 = device.address { return device.name + "/6" }
            return device.name + "/4"
        }
        let wanted = Set(chosen.map(key))
        for (id, stack) in stacks where wanted.contains(stack.interfaceName + (stack.isIPv6 ? "/6" : "/4")) == false {
            configuration.logger.debug("interface lost", metadata: ["interface": "\(stack.interfaceName)"])
            if let records = try? await stack.run({ $0.allCachedRecords() }), records.isEmpty == false {
                let info = StackInfo(id: id, interface: stack.interfaceName, isIPv6: stack.isIPv6)
                for observerID in observers.keys.sorted() {
                    observers[observerID]?(info, records.map { .removed($0) })
                }
            }
            stacks[id] = nil
            hostRegistrations[id] = nil
            for serviceID in services.keys { services[serviceID]?.stackIDs[id] = nil }
            for observerID in observerQueries.keys { observerQueries[observerID]?.removeAll { $0.stack == id } }
            await stack.close()
        }
        let present = Set(stacks.values.map { $0.interfaceName + ($0.isIPv6 ? "/6" : "/4") })
        for device in chosen where present.contains(key(device)) == false {
            configuration.logger.debug("interface appeared", metadata: ["interface": "\(device.name)"])
            do {
                try await openStack(device: device, devices: devices)
            } catch {
                configuration.logger.warning(
                    "cannot use interface", metadata: ["interface": "\(device.name)", "reason": "\(error.message)"])
            }
        }
    }

    /// Starts, runs until the task is cancelled, then shuts down — the shape swift-service-lifecycle's `Service`
    /// expects (`ServiceGroup` cancels the task on shutdown).
    ///
    /// - Throws: what ``start()`` throws.
    public func run() async throws(DiscoveryError) {
        try await start()
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        await withTaskCancellationHandler {
            for await _ in stream {}
        } onCancel: {
            continuation.finish()
        }
        await shutdown()
    }

    /// Sends goodbyes for every published service, stops every browse and resolve, and closes the sockets.
    public func shutdown() async {
        isShutDown = true
        // Waiting for the rescan loop to end means no interface can be opened behind shutdown's back.
        rescanTask?.cancel()
        await rescanTask?.value
        rescanTask = nil
        for id in services.keys.sorted() {
            await unpublish(registration: id)
        }
        for (index, id) in hostRegistrations {
            _ = try? await stacks[index]?.run { $0.unregister(id) }
        }
        hostRegistrations = [:]
        for id in observers.keys.sorted() {
            await stopObserver(id)
        }
        for stack in stacks.values {
            await stack.close()
        }
        stacks = [:]
        observers = [:]
        observerQueries = [:]
        observerQuestions = [:]
        eventSink.finish()
        eventTask = nil
        started = false
    }

    // MARK: Publishing

    /// Publishes a service: probes for its name, renames on conflict unless `.noAutoRename`, then announces it.
    ///
    /// - Throws: ``DiscoveryError`` `invalid` before ``start()``, `badArgument` for port 0.
    public func publish(
        _ identity: ServiceIdentity, port: Int, txt: TXTRecord = TXTRecord(), options: PublishOptions = []
    ) async throws(DiscoveryError) -> Registration {
        guard started else { throw DiscoveryError(.invalid, "call start() before publish") }
        let listening = options.contains(.listenForConnections)
        guard listening || (1...65535).contains(port) else {
            throw DiscoveryError(.badArgument, "port \(port) is outside 1…65535")
        }
        if txt.exceedsRecommendedSize {
            configuration.logger.warning(
                "TXT record is larger than 1300 bytes; it may not fit one packet with the other records",
                metadata: ["service": "\(identity)", "bytes": "\(txt.data.count)"])
        }
        let host = DNSName(uncheckedLabels: [hostLabel, "local"])
        let id = takeID()
        let (stream, continuation) = AsyncStream.makeStream(
            of: RegistrationEvent.self, bufferingPolicy: .bufferingNewest(Self.registrationEventCapacity))
        var listeners: [any Channel] = []
        var advertisedPort = port
        if listening {
            listeners = try await listen(reporting: continuation)
            advertisedPort = listeners.first?.localAddress?.port ?? 0
        }
        let subject = RegistrationSubject.service(identity, port: UInt16(advertisedPort), txt: txt, host: host)
        let allowsRename = options.contains(.noAutoRename) == false
        services[id] = PublishedService(
            identity: identity, stackIDs: [:], continuation: continuation, subject: subject, allowsRename: allowsRename,
            listeners: listeners)
        for stack in stacks.values.sorted(by: { $0.index < $1.index }) {
            if let stackID = try? await stack.run({ $0.register(subject, allowsRename: allowsRename, owner: id) }) {
                await publishPause?()
                services[id]?.stackIDs[stack.index] = stackID
            }
        }
        return Registration(id: id, identity: identity, events: stream, discovery: self)
    }

    func updateTXT(registration id: Int, txt: TXTRecord) async throws(DiscoveryError) {
        guard let service = services[id] else {
            throw DiscoveryError(.invalid, "the registration has stopped")
        }
        if case .service(let identity, let port, _, let host) = service.subject {
            services[id]?.subject = .service(identity, port: port, txt: txt, host: host)
        }
        for (index, stackID) in service.stackIDs {
            _ = try? await stacks[index]?.run { $0.updateTXT(stackID, txt: txt) }
        }
    }

    func unpublish(registration id: Int) async {
        guard let service = services.removeValue(forKey: id) else { return }
        for (index, stackID) in service.stackIDs {
            _ = try? await stacks[index]?.run { $0.unregister(stackID) }
        }
        for listener in service.listeners {
            try? await listener.close()
        }
        Self.report(.didStop, to: service.continuation)
        service.continuation.finish()
    }

    /// Binds TCP on IPv4 and then IPv6 at the port the kernel picked for IPv4 (Listing 13-1), delivering each
    /// accepted connection as `.didAcceptConnection`. IPv6 is best effort: a host without it still serves IPv4.
    private func listen(reporting continuation: AsyncStream<RegistrationEvent>.Continuation)
        async throws(DiscoveryError) -> [any Channel]
    {
        let bootstrap = ServerBootstrap(group: group).serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
        var listeners: [any Channel] = []
        do {
            let ipv4 = try await bootstrap.bind(host: "0.0.0.0", port: 0) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
            listeners.append(ipv4.channel)
            Self.accept(on: ipv4, reporting: continuation)
            let port = ipv4.channel.localAddress?.port ?? 0
            if let ipv6 = try? await bootstrap.serverChannelOption(
                ChannelOptions.Types.SocketOption(
                    level: NIOBSDSocket.OptionLevel(rawValue: Int32(IPPROTO_IPV6)),
                    name: NIOBSDSocket.Option(rawValue: 26)),
                value: 1
            ).bind(
                host: "::", port: port,
                childChannelInitializer: { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                })
            {
                listeners.append(ipv6.channel)
                Self.accept(on: ipv6, reporting: continuation)
            }
        } catch {
            for listener in listeners { try? await listener.close() }
            throw DiscoveryError(.unknown, "cannot listen for connections: \(error)")
        }
        return listeners
    }

    private static func accept(
        on server: NIOAsyncChannel<NIOAsyncChannel<ByteBuffer, ByteBuffer>, Never>,
        reporting continuation: AsyncStream<RegistrationEvent>.Continuation
    ) {
        Task {
            try? await server.executeThenClose { inbound in
                for try await connection in inbound {
                    Self.report(.didAcceptConnection(AcceptedConnection(channel: connection)), to: continuation)
                }
            }
        }
    }

    // MARK: Browsing

    /// Browses for instances of `type` on every interface.
    ///
    /// - Throws: ``DiscoveryError`` `badArgument` for an invalid type or a domain other than `local.`, `invalid`
    ///   before ``start()``.
    public func browse(type: String, domain: String = "") async throws(DiscoveryError) -> ServiceBrowser {
        let serviceType = try ServiceType(type)
        _ = try ServiceIdentity(name: "x", type: serviceType, domain: domain)
        guard started else { throw DiscoveryError(.invalid, "call start() before browse") }
        let id = takeID()
        let eventBuffer = PresenceEventBuffer<ServiceIdentity, BrowseEvent>.browseEvents(
            capacity: Self.eventBufferCapacity)
        let linkBuffer = PresenceEventBuffer<LinkBrowseEvent, LinkBrowseEvent>.linkEvents(
            capacity: Self.eventBufferCapacity)
        let (snapshots, snapshotContinuation) = AsyncStream.makeStream(
            of: Set<ServiceIdentity>.self, bufferingPolicy: .bufferingNewest(1))
        let typeName = serviceType.domainName
        final class State {
            var presence: [ServiceIdentity: Set<Int>] = [:]
        }
        let state = State()
        eventBuffer.yield(.willSearch)
        observers[id] = { stack, changes in
            var pendingEvents: [BrowseEvent] = []
            for change in changes {
                let (record, added): (DNSResourceRecord, Bool)
                switch change {
                case .added(let value): (record, added) = (value, true)
                case .removed(let value): (record, added) = (value, false)
                case .updated: continue
                }
                guard record.name == typeName, case .ptr(let instanceName) = record.data,
                    let identity = ServiceIdentity(fullName: instanceName, type: serviceType)
                else { continue }
                var present = state.presence[identity] ?? []
                let wasPresent = present.isEmpty == false
                let link = LinkBrowseEvent(
                    kind: added ? .found : .removed, identity: identity, interface: stack.interface,
                    isIPv6: stack.isIPv6)
                if added {
                    guard present.insert(stack.id).inserted else { continue }
                    linkBuffer.yield(link)
                    if wasPresent == false { pendingEvents.append(.found(identity, moreComing: true)) }
                } else {
                    guard present.remove(stack.id) != nil else { continue }
                    linkBuffer.yield(link)
                    if present.isEmpty { pendingEvents.append(.removed(identity, moreComing: true)) }
                }
                state.presence[identity] = present.isEmpty ? nil : present
            }
            for (offset, event) in pendingEvents.enumerated() {
                let more = offset < pendingEvents.count - 1
                switch event {
                case .found(let identity, _): eventBuffer.yield(.found(identity, moreComing: more))
                case .removed(let identity, _): eventBuffer.yield(.removed(identity, moreComing: more))
                default: eventBuffer.yield(event)
                }
            }
            if pendingEvents.isEmpty == false {
                snapshotContinuation.yield(Set(state.presence.keys))
            }
        }
        await startQueries(observer: id, questions: [DNSQuestion(name: typeName, type: .ptr)])
        finishers[id] = {
            eventBuffer.yield(.didStop)
            eventBuffer.finish()
            linkBuffer.finish()
            snapshotContinuation.finish()
        }
        return ServiceBrowser(
            events: eventBuffer.makeStream(), linkEvents: linkBuffer.makeStream(), snapshots: snapshots,
            onStop: { [weak self] in await self?.stopObserver(id) })
    }

    /// Lists service types advertised on the link (`_services._dns-sd._udp.local.`). The stream has one reader and
    /// holds up to 4096 events for it; beyond that, a fresh snapshot replaces them (as for ``ServiceBrowser``).
    /// Cancelling the reader or releasing the stream stops the queries.
    ///
    /// - Throws: ``DiscoveryError`` `invalid` before ``start()``.
    public func browseServiceTypes() async throws(DiscoveryError) -> AsyncStream<ServiceTypeEvent> {
        guard started else { throw DiscoveryError(.invalid, "call start() before browseServiceTypes") }
        let id = takeID()
        let buffer = PresenceEventBuffer<ServiceType, ServiceTypeEvent>.serviceTypeEvents(
            capacity: Self.eventBufferCapacity)
        final class State {
            var presence: [ServiceType: Set<Int>] = [:]
        }
        let state = State()
        observers[id] = { stack, changes in
            for change in changes {
                switch change {
                case .added(let record):
                    guard record.name == RegistrationSubject.servicesName, case .ptr(let name) = record.data,
                        let type = ServiceType(domainName: name)
                    else { continue }
                    let isNew = state.presence[type] == nil
                    state.presence[type, default: []].insert(stack.id)
                    if isNew { buffer.yield(.found(type)) }
                case .removed(let record):
                    guard record.name == RegistrationSubject.servicesName, case .ptr(let name) = record.data,
                        let type = ServiceType(domainName: name), var present = state.presence[type]
                    else { continue }
                    present.remove(stack.id)
                    state.presence[type] = present.isEmpty ? nil : present
                    if present.isEmpty { buffer.yield(.removed(type)) }
                case .updated:
                    continue
                }
            }
        }
        finishers[id] = { buffer.finish() }
        let stream = buffer.makeStream(onTermination: { [weak self] in Task { await self?.stopObserver(id) } })
        await startQueries(observer: id, questions: [DNSQuestion(name: RegistrationSubject.servicesName, type: .ptr)])
        return stream
    }

    /// Lists browsing or registration domains: `local.` first, then any `b`/`r._dns-sd._udp.local.` answers. The
    /// stream has one reader; cancelling it or releasing the stream stops the queries.
    ///
    /// - Throws: ``DiscoveryError`` `invalid` before ``start()``.
    public func browseDomains(_ kind: DomainKind) async throws(DiscoveryError) -> AsyncStream<String> {
        guard started else { throw DiscoveryError(.invalid, "call start() before browseDomains") }
        let id = takeID()
        let buffer = PresenceEventBuffer<String, String>.domains(capacity: Self.eventBufferCapacity)
        buffer.yield("local.")
        let queryName = DNSName(uncheckedLabels: [kind == .browsable ? "b" : "r", "_dns-sd", "_udp", "local"])
        final class State {
            var seen: Set<DNSName> = [DNSName(uncheckedLabels: ["local"])]
        }
        let state = State()
        observers[id] = { _, changes in
            for case .added(let record) in changes {
                guard record.name == queryName, case .ptr(let domain) = record.data, state.seen.insert(domain).inserted
                else { continue }
                buffer.yield(domain.description)
            }
        }
        finishers[id] = { buffer.finish() }
        let stream = buffer.makeStream(onTermination: { [weak self] in Task { await self?.stopObserver(id) } })
        await startQueries(observer: id, questions: [DNSQuestion(name: queryName, type: .ptr)])
        return stream
    }

    // MARK: Resolving

    /// Resolves an instance to host, port, TXT and addresses. Yields once SRV, TXT and an address are known, then
    /// once per change of the address set or TXT, until `timeout`; then finishes. Each element is the whole current
    /// state, so a slow reader is given the newest 64 and loses only older states.
    ///
    /// - Throws: from the stream, ``DiscoveryError`` `timeout` if nothing resolved; `invalid` before ``start()``.
    public func resolve(_ identity: ServiceIdentity, timeout: Duration = .seconds(5)) async throws(DiscoveryError)
        -> AsyncThrowingStream<ResolvedService, any Error>
    {
        guard started else { throw DiscoveryError(.invalid, "call start() before resolve") }
        let id = takeID()
        let (stream, continuation) = AsyncThrowingStream.makeStream(
            of: ResolvedService.self, bufferingPolicy: .bufferingNewest(64))
        let resolver = ServiceResolver(identity: identity)
        observers[id] = { [weak self] stack, changes in
            let update = resolver.apply(changes, stack: stack.id, interface: stack.interface)
            if let target = update.newTarget, let self {
                Task {
                    await self.startQueries(
                        observer: id,
                        questions: [DNSQuestion(name: target, type: .a), DNSQuestion(name: target, type: .aaaa)])
                }
            }
            if let resolved = update.resolved {
                continuation.yield(resolved)
            }
        }
        finishers[id] = {
            if resolver.hasYielded {
                continuation.finish()
            } else {
                continuation.finish(
                    throwing: DiscoveryError(.timeout, "\(identity) did not resolve within \(timeout)"))
            }
        }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            await self?.stopObserver(id)
        }
        continuation.onTermination = { [weak self] _ in
            timer.cancel()
            Task { await self?.stopObserver(id) }
        }
        await startQueries(
            observer: id,
            questions: [
                DNSQuestion(name: identity.fullName, type: .srv), DNSQuestion(name: identity.fullName, type: .txt),
            ])
        return stream
    }

    /// Resolves once: waits for SRV, TXT and one address.
    ///
    /// - Throws: ``DiscoveryError`` `timeout` when that takes longer than `timeout`.
    public func resolveOnce(_ identity: ServiceIdentity, timeout: Duration = .seconds(5)) async throws(DiscoveryError)
        -> ResolvedService
    {
        let stream = try await resolve(identity, timeout: timeout)
        do {
            for try await resolved in stream {
                return resolved
            }
        } catch let error as DiscoveryError {
            throw error
        } catch {
            throw DiscoveryError(.unknown, "resolving \(identity) failed: \(error)")
        }
        throw DiscoveryError(.timeout, "\(identity) did not resolve within \(timeout)")
    }

    /// Streams the instance's TXT record each time it changes; a slow reader is given the newest 16.
    ///
    /// - Throws: ``DiscoveryError`` `invalid` before ``start()``.
    public func monitorTXT(_ identity: ServiceIdentity) async throws(DiscoveryError) -> AsyncStream<TXTRecord> {
        guard started else { throw DiscoveryError(.invalid, "call start() before monitorTXT") }
        let id = takeID()
        let (stream, continuation) = AsyncStream.makeStream(of: TXTRecord.self, bufferingPolicy: .bufferingNewest(16))
        final class State {
            var last: TXTRecord?
        }
        let state = State()
        let name = identity.fullName
        observers[id] = { _, changes in
            for change in changes {
                guard case .added(let record) = change, record.name == name, case .txt(let strings) = record.data
                else { continue }
                let txt = TXTRecord(strings: strings)
                if state.last != txt {
                    state.last = txt
                    continuation.yield(txt)
                }
            }
        }
        finishers[id] = { continuation.finish() }
        continuation.onTermination = { [weak self] _ in Task { await self?.stopObserver(id) } }
        await startQueries(observer: id, questions: [DNSQuestion(name: name, type: .txt)])
        return stream
    }

    /// Resolves `identity` and connects to the first address that accepts a TCP connection.
    ///
    /// - Throws: ``DiscoveryError`` `timeout` when it does not resolve, `notFound` when no address accepts.
    public func connect(to identity: ServiceIdentity, timeout: Duration = .seconds(5)) async throws(DiscoveryError)
        -> NIOAsyncChannel<ByteBuffer, ByteBuffer>
    {
        let resolved = try await resolveOnce(identity, timeout: timeout)
        var failures: [String] = []
        for address in resolved.addresses {
            do {
                return try await ClientBootstrap(group: group)
                    .connectTimeout(.seconds(5))
                    .connect(to: address) { channel in
                        channel.eventLoop.makeCompletedFuture {
                            try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                        }
                    }
            } catch {
                failures.append("\(address): \(error)")
            }
        }
        throw DiscoveryError(
            .notFound, "no address of \(identity) accepted a connection (\(failures.joined(separator: "; ")))")
    }

    // MARK: Plumbing

    private func resumeReading() {
        for stack in stacks.values {
            stack.resumeReading()
        }
    }

    private func dispatch(stack: Int, event: MDNSChannelHandler.Event) {
        switch event {
        case .registration(let owner, let registrationEvent):
            // The event names its service directly: `publish` learns the engine's id only after an await, and
            // on a loaded machine a whole probe sequence can end before it does.
            deliver(registrationEvent, service: owner, stack: stack)
        case .arrivedOnOtherInterface(let envelope, let interfaceIndex):
            guard let source = stacks[stack] else { return }
            // Counted where the kernel delivered it, a unicast reply from a newly joined interface's link made its
            // sender's services appear on an older interface.
            if let target = stacks.values.first(where: {
                $0.interfaceIndex == interfaceIndex && $0.isIPv6 == source.isIPv6
            }) {
                target.receive(envelope)
            } else {
                configuration.logger.debug(
                    "dropped mDNS datagram from an interface not in use",
                    metadata: ["interfaceIndex": "\(interfaceIndex)", "source": "\(envelope.remoteAddress)"])
            }
        case .cacheChanges(let changes):
            guard let source = stacks[stack] else { return }
            let info = StackInfo(id: stack, interface: source.interfaceName, isIPv6: source.isIPv6)
            for id in observers.keys.sorted() {
                observers[id]?(info, changes)
            }
        }
    }

    /// Passes one registration event on to the caller. A service published on several interfaces reports
    /// the events of its first one (the lowest stack index; publishing visits stacks in that order, so a stack
    /// whose id is not known yet is the first when none is).
    private func deliver(_ registrationEvent: RegistrationEvent, service id: Int, stack: Int) {
        guard let service = services[id], stack <= service.stackIDs.keys.min() ?? stack else { return }
        switch registrationEvent {
        case .didStop:
            return
        case .renamed(_, let to):
            services[id]?.identity = to
        case .didNotPublish:
            services[id] = nil
            Self.report(registrationEvent, to: service.continuation)
            service.continuation.finish()
            return
        default:
            break
        }
        Self.report(registrationEvent, to: service.continuation)
    }

    /// Passes a registration event on. The stream keeps the newest ``registrationEventCapacity`` events for a slow
    /// reader; an older one pushed out is dropped, and a connection in it is closed rather than leaked.
    static func report(_ event: RegistrationEvent, to continuation: AsyncStream<RegistrationEvent>.Continuation) {
        if case .dropped(.didAcceptConnection(let connection)) = continuation.yield(event) {
            connection.channel.channel.close(promise: nil)
        }
    }

    /// Starts questions on every stack for an observer and replays what the caches already hold.
    private func startQueries(observer id: Int, questions: [DNSQuestion], on only: [InterfaceStack]? = nil) async {
        if only == nil {
            observerQuestions[id, default: []] += questions
        }
        for stack in only ?? stacks.values.sorted(by: { $0.index < $1.index }) {
            for question in questions {
                let result = try? await stack.run { handler -> (Int, [DNSResourceRecord]) in
                    (handler.startQuery(question), handler.cachedAnswers(to: question))
                }
                guard let (queryID, cached) = result else { continue }
                guard observers[id] != nil else {
                    _ = try? await stack.run { $0.stopQuery(queryID) }
                    return
                }
                observerQueries[id, default: []].append((stack.index, queryID))
                if cached.isEmpty == false {
                    let info = StackInfo(id: stack.index, interface: stack.interfaceName, isIPv6: stack.isIPv6)
                    observers[id]?(info, cached.map { .added($0) })
                }
            }
        }
    }

    private func stopObserver(_ id: Int) async {
        observers[id] = nil
        finishers.removeValue(forKey: id)?()
        observerQuestions[id] = nil
        for (index, queryID) in observerQueries.removeValue(forKey: id) ?? [] {
            _ = try? await stacks[index]?.run { $0.stopQuery(queryID) }
        }
    }

    func setPublishPause(_ pause: (@Sendable () async -> Void)?) {
        publishPause = pause
    }

    private func takeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    static func addressBytes(_ address: SocketAddress) -> [UInt8]? {
        switch address {
        case .v4(let v4):
            return withUnsafeBytes(of: v4.address.sin_addr) { Array($0) }
        case .v6(let v6):
            return withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        default:
            return nil
        }
    }

    /// Picks the devices (one per interface and IP version) to run on.
    static func select(
        _ devices: [NIONetworkDevice], interfaces: DiscoveryConfiguration.Interfaces,
        versions: DiscoveryConfiguration.IPVersions
    ) -> [NIONetworkDevice] {
        func isLoopback(_ device: NIONetworkDevice) -> Bool {
            guard let ip = device.address?.ipAddress else { return false }
            return ip == "::1" || ip.hasPrefix("127.")
        }
        let candidates: [NIONetworkDevice]
        switch interfaces {
        case .loopbackOnly:
            candidates = devices.filter(isLoopback)
        case .named(let names):
            candidates = devices.filter { names.contains($0.name) }
        case .automatic:
            let usable = devices.filter { $0.multicastSupported && isLoopback($0) == false && $0.address != nil }
            candidates = usable.isEmpty ? devices.filter(isLoopback) : usable
        }
        var chosen: [NIONetworkDevice] = []
        var seen: Set<String> = []
        // Prefer IPv6 link-local addresses: they are what the group is scoped to.
        let ordered = candidates.sorted { lhs, rhs in
            (lhs.address?.ipAddress?.hasPrefix("fe80") ?? false)
                && !(rhs.address?.ipAddress?.hasPrefix("fe80") ?? false)
        }
        for device in ordered {
            guard let address = device.address else { continue }
            let isIPv6: Bool
            switch address {
            case .v4: isIPv6 = false
            case .v6: isIPv6 = true
            default: continue
            }
            guard versions.contains(isIPv6 ? .v6 : .v4) else { continue }
            if seen.insert("\(device.name)/\(isIPv6)").inserted {
                chosen.append(device)
            }
        }
        return chosen.sorted {
            ($0.name, $0.address?.protocol == .inet6 ? 1 : 0) < ($1.name, $1.address?.protocol == .inet6 ? 1 : 0)
        }
    }
}
