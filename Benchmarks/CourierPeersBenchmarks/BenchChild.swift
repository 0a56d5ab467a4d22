import CourierPeers
import Foundation
import NIOCore
import NIOPosix
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Nanoseconds on the system's monotonic clock, the same in every process, so a child's receipt time and the
/// parent's start time can be subtracted.
func monotonicNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

/// Prints a line to the parent and flushes it at once.
func say(_ line: String) {
    print(line)
    fflush(nil)
}

/// How long a receiving child waits after its last message before it reports what it got (unreliable messages can
/// be lost, so a count may never reach its target).
let quietNanoseconds: UInt64 = 300_000_000

/// Counts of a receiver, shared by its receive path and its quiet-period watcher.
final class ReceiptCounter: Sendable {
    private let state = Mutex<(count: Int, last: UInt64, reported: Bool)>((0, 0, false))
    private let target: Int

    init(target: Int) { self.target = target }

    /// Counts one message; reports when the target is reached.
    func received() {
        let now = monotonicNanoseconds()
        let report: (Int, UInt64)? = state.withLock { state in
            state.count += 1
            state.last = now
            guard state.count >= target, !state.reported else { return nil }
            state.reported = true
            return (state.count, now)
        }
        if let report { say("done \(report.0) \(report.1)") }
    }

    /// Reports what arrived once nothing has for the quiet period; returns whether a report was made.
    func reportIfQuiet() -> Bool {
        let now = monotonicNanoseconds()
        let report: (Int, UInt64)? = state.withLock { state in
            // A receipt after `now` was read (on another thread) is not quiet: no subtraction below zero.
            guard !state.reported, state.count > 0, now > state.last, now - state.last > quietNanoseconds else {
                return nil
            }
            state.reported = true
            return (state.count, state.last)
        }
        if let report { say("done \(report.0) \(report.1)") }
        return report != nil || state.withLock { $0.reported }
    }

    /// Watches for the quiet period until a report is made.
    func watch() async {
        while !reportIfQuiet() { try? await Task.sleep(for: .milliseconds(50)) }
    }
}

/// The raw baseline's receiving end: counts decoded frames on the event loop.
final class FrameCounter: ChannelInboundHandler, Sendable {
    typealias InboundIn = PeerFrame
    private let counter: ReceiptCounter

    init(_ counter: ReceiptCounter) { self.counter = counter }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) { counter.received() }
}

/// The raw baseline's echo: sends every frame back as it arrived.
final class FrameEcho: ChannelInboundHandler {
    typealias InboundIn = PeerFrame
    typealias OutboundOut = PeerFrame

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.writeAndFlush(wrapOutboundOut(unwrapInboundIn(data)), promise: nil)
    }
}

/// The raw UDP baseline's receiving end.
final class DatagramCounter: ChannelInboundHandler, Sendable {
    typealias InboundIn = AddressedEnvelope<ByteBuffer>
    private let counter: ReceiptCounter

    init(_ counter: ReceiptCounter) { self.counter = counter }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) { counter.received() }
}

/// The benchmark's other process: `CourierPeersBenchmarks child ROLE …`. It prints `ready PORT [UDP-PORT]` once it
/// listens and `done COUNT LAST-RECEIPT-NS` once it has its messages, and exits by itself after two minutes at most.
enum BenchChild {
    static func run(_ arguments: [String]) async throws {
        Thread.detachNewThread {
            sleep(120)
            say("timeout")
            exit(2)
        }
        let group = MultiThreadedEventLoopGroup.singleton
        let role = arguments.first ?? ""
        let target = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
        switch role {
        case "raw-tcp", "raw-tcp-echo":
            let counter = ReceiptCounter(target: target)
            let echo = role == "raw-tcp-echo"
            let server = try await ServerBootstrap(group: group)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(PeerFrameDecoder()))
                        if echo {
                            try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(PeerFrameEncoder()))
                            try channel.pipeline.syncOperations.addHandler(FrameEcho())
                        } else {
                            try channel.pipeline.syncOperations.addHandler(FrameCounter(counter))
                        }
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            say("ready \(server.localAddress?.port ?? 0)")
            // Up until the parent ends this process: exiting at "done" would reset a connection the parent may
            // still be closing.
            if !echo { await counter.watch() }
            try await server.closeFuture.get()
        case "raw-tcp-task-echo":
            // The same frames, answered by a task reading the connection (as an application reading a session's
            // events answers): the round trip pays the two thread hand-offs a task-based consumer pays.
            let server = try await ServerBootstrap(group: group)
                .childChannelOption(.socketOption(.tcp_nodelay), value: 1)
                .bind(host: "127.0.0.1", port: 0) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(PeerFrameDecoder()))
                        try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(PeerFrameEncoder()))
                        return try NIOAsyncChannel<PeerFrame, PeerFrame>(wrappingChannelSynchronously: channel)
                    }
                }
            say("ready \(server.channel.localAddress?.port ?? 0)")
            try await server.executeThenClose { connections in
                try await withThrowingDiscardingTaskGroup { group in
                    for try await connection in connections {
                        group.addTask {
                            try? await connection.executeThenClose { inbound, outbound in
                                for try await frame in inbound { try await outbound.write(frame) }
                            }
                        }
                    }
                }
            }
        case "raw-udp":
            let counter = ReceiptCounter(target: target)
            let channel = try await DatagramBootstrap(group: group)
                .channelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(DatagramCounter(counter))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            say("ready \(channel.localAddress?.port ?? 0)")
            await counter.watch()
            try await channel.closeFuture.get()
        case "peers-echo-on-loop":
            // The echo with its session on one event loop and its events read on that loop.
            let loop = group.next()
            let session = try await benchSession("child", encryption: .required, loop: loop)
            say("ready \(await session.port)")
            await withTaskExecutorPreference(EventLoopTaskExecutor(loop)) {
                for await event in session.events {
                    switch event {
                    case .invitation(let peer, _): try? await session.accept(peer.id)
                    case .data(let bytes, let peer, let mode): try? await session.send(bytes, to: [peer.id], mode: mode)
                    default: break
                    }
                }
            }
        case "peers", "peers-echo":
            let encryption: EncryptionPreference = arguments.count > 2 && arguments[2] == "none" ? .none : .required
            let session = try await benchSession("child", encryption: encryption)
            say("ready \(await session.port)")
            let counter = ReceiptCounter(target: target)
            let echo = role == "peers-echo"
            let watcher = Task { if !echo { await counter.watch() } }
            for await event in session.events {
                switch event {
                case .invitation(let peer, _):
                    try? await session.accept(peer.id)
                case .data(let bytes, let peer, let mode):
                    if echo { try? await session.send(bytes, to: [peer.id], mode: mode) } else { counter.received() }
                default:
                    if ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil {
                        FileHandle.standardError.write(Data("child event: \(event)\n".utf8))
                    }
                }
            }
            await watcher.value
        default:
            say("unknown role \(role)")
            exit(2)
        }
    }
}

/// A session bound to 127.0.0.1 with no discovery, on `loop` alone when given.
func benchSession(
    _ name: String, encryption: EncryptionPreference, loop: (any EventLoop)? = nil
) async throws -> PeerSession {
    var configuration = PeerSessionConfiguration()
    configuration.bindHost = "127.0.0.1"
    configuration.encryptionPreference = encryption
    // A child is ended by a signal after each measurement; its peer's "connection reset" is expected.
    configuration.logger.logLevel = ProcessInfo.processInfo.environment["BENCH_DEBUG"] != nil ? .debug : .warning
    let session = try PeerSession(
        sessionID: "bench1.0", displayName: name, configuration: configuration,
        eventLoopGroup: loop ?? MultiThreadedEventLoopGroup.singleton)
    try await session.start()
    return session
}
