import CourierPeers
import Foundation
import NIOCore
import NIOPosix

// Run: swift run -c release CourierPeersBenchmarks
// Two sessions in one process on 127.0.0.1 (not yet two processes), beside raw NIO baselines in the same run.

let group = MultiThreadedEventLoopGroup.singleton
let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Counts frames on the raw baseline's server side (on its event loop).
final class CountingHandler: ChannelInboundHandler {
    typealias InboundIn = PeerFrame
    private var count = 0
    private let target: Int
    private let onDone: @Sendable () -> Void

    init(target: Int, onDone: @escaping @Sendable () -> Void) {
        self.target = target
        self.onDone = onDone
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        count += 1
        if count == target { onDone() }
    }
}

/// Raw NIO: the same `u32 length | u8 kind | body` framing, plaintext, through an async writer per message.
func rawTCP(messages: Int, size: Int) async throws -> Double {
    let (done, finish) = AsyncStream.makeStream(of: Void.self)
    let server = try await ServerBootstrap(group: group)
        .childChannelInitializer { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(PeerFrameDecoder()))
                try channel.pipeline.syncOperations.addHandler(
                    CountingHandler(target: messages, onDone: { finish.finish() }))
            }
        }
        .bind(host: "127.0.0.1", port: 0).get()
    let client = try await ClientBootstrap(group: group)
        .channelOption(.socketOption(.tcp_nodelay), value: 1)
        .connect(host: "127.0.0.1", port: server.localAddress?.port ?? 0) { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(PeerFrameEncoder()))
                return try NIOAsyncChannel<ByteBuffer, PeerFrame>(wrappingChannelSynchronously: channel)
            }
        }
    let body = ByteBuffer(repeating: 1, count: size)
    let start = clock.now
    try await client.executeThenClose { _, outbound in
        for _ in 0..<messages { try await outbound.write(PeerFrame(kind: .data, body: body)) }
        for await _ in done {}
    }
    let elapsed = clock.now - start
    try await server.close()
    return Double(messages) / seconds(elapsed)
}

func session(_ name: String, encryption: EncryptionPreference) async throws -> PeerSession {
    var configuration = PeerSessionConfiguration()
    configuration.bindHost = "127.0.0.1"
    configuration.encryptionPreference = encryption
    let session = try PeerSession(sessionID: "bench1.0", displayName: name, configuration: configuration)
    try await session.start()
    return session
}

/// Messages per second from one session to another, reliable.
func peers(messages: Int, size: Int, encryption: EncryptionPreference) async throws -> Double {
    let sender = try await session("s", encryption: encryption)
    let receiver = try await session("r", encryption: encryption)
    let events = receiver.events
    let counter = Task {
        var count = 0
        for await event in events {
            if case .invitation(let peer, _) = event { try? await receiver.accept(peer.id) }
            if case .data = event {
                count += 1
                if count == messages { return }
            }
        }
    }
    let peer = try await sender.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: await receiver.port))
    let body = [UInt8](repeating: 1, count: size)
    let start = clock.now
    for _ in 0..<messages { try await sender.send(body, to: [peer.id]) }
    await counter.value
    let elapsed = clock.now - start
    await sender.disconnect()
    await receiver.disconnect()
    return Double(messages) / seconds(elapsed)
}

/// Round trips of a 64-byte message: percentiles in microseconds.
func roundTrips(count: Int) async throws -> (p50: Double, p99: Double) {
    let a = try await session("a", encryption: .required)
    let b = try await session("b", encryption: .required)
    let bEvents = b.events
    let echo = Task {
        for await event in bEvents {
            if case .invitation(let peer, _) = event { try? await b.accept(peer.id) }
            if case .data(let bytes, let peer, _) = event { try? await b.send(bytes, to: [peer.id]) }
        }
    }
    let peer = try await a.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: await b.port))
    var iterator = a.events.makeAsyncIterator()
    var samples: [Double] = []
    let body = [UInt8](repeating: 2, count: 64)
    for _ in 0..<count {
        let start = clock.now
        try await a.send(body, to: [peer.id])
        while let event = await iterator.next() {
            if case .data = event { break }
        }
        samples.append(seconds(clock.now - start) * 1e6)
    }
    echo.cancel()
    await a.disconnect()
    await b.disconnect()
    samples.sort()
    return (samples[samples.count / 2], samples[min(samples.count - 1, samples.count * 99 / 100)])
}

let count = 200_000
let raw = try await rawTCP(messages: count, size: 1024)
print(String(format: "raw NIO TCP, 1 KiB:               %10.0f msg/s", raw))
let plain = try await peers(messages: count, size: 1024, encryption: .none)
print(String(format: "CourierPeers reliable 1 KiB, none: %10.0f msg/s (%.0f %% of raw)", plain, plain / raw * 100))
let sealed = try await peers(messages: count, size: 1024, encryption: .required)
print(
    String(
        format: "CourierPeers reliable 1 KiB, AES:  %10.0f msg/s (%.0f %% of raw; encryption costs %.0f %%)", sealed,
        sealed / raw * 100, (1 - sealed / plain) * 100))
let largeCount = 5_000
let large = try await peers(messages: largeCount, size: PeerLimits.maximumMessageSize, encryption: .required)
print(
    String(
        format: "CourierPeers reliable 87 KB, AES:  %10.2f GB/s", large * Double(PeerLimits.maximumMessageSize) / 1e9))
let largePlain = try await peers(messages: largeCount, size: PeerLimits.maximumMessageSize, encryption: .none)
print(
    String(
        format: "CourierPeers reliable 87 KB, none: %10.2f GB/s",
        largePlain * Double(PeerLimits.maximumMessageSize) / 1e9))
let trips = try await roundTrips(count: 5_000)
print(String(format: "round trip 64 B, AES: p50 %.0f µs, p99 %.0f µs", trips.p50, trips.p99))
