import CourierDiscovery
import CourierPeers
import Foundation
import NIOCore
import NIOPosix

// Issue 23's targets, measured between two processes on 127.0.0.1: this one sends, a child (this executable run as
// `child ROLE …`) receives or echoes. Raw NIO baselines run in the same rounds.
//
//   swift build -c release --static-swift-stdlib --product CourierPeersBenchmarks
//   .build/release/CourierPeersBenchmarks [ROUNDS]        # 5 rounds by default; medians at the end

if CommandLine.arguments.count > 1, CommandLine.arguments[1] == "child" {
    try await BenchChild.run(Array(CommandLine.arguments.dropFirst(2)))
    exit(0)
}

let group = MultiThreadedEventLoopGroup.singleton
let rounds = CommandLine.arguments.count > 1 ? max(1, Int(CommandLine.arguments[1]) ?? 5) : 5
/// A second argument picks measurements (for profiling one): `tcp`, `1k`, `87k`, `udp`, `rtt`, `available`,
/// `invite`, and `memory`, which is never picked by default: it sends 87 KB messages with AES-GCM as fast as
/// `send` returns and prints this process's peak resident memory (run it alone, so no other part sets the peak).
let only = CommandLine.arguments.count > 2 ? Set(CommandLine.arguments[2].split(separator: ",").map(String.init)) : nil
func wanted(_ name: String) -> Bool { only?.contains(name) ?? true }

/// This process's peak resident memory in MiB (`VmHWM`).
func peakResidentMiB() -> Double {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return (Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0) / 1024
}

/// Messages per second: what the child counted, from `start` to its last receipt (one monotonic clock for both).
func rate(_ done: (count: Int, last: UInt64), since start: UInt64) -> Double {
    Double(done.count) / (Double(done.last &- start) / 1e9)
}

/// A raw NIO connection to a child that speaks `u32 length | u8 kind | body` frames, with no delay.
func rawFrameClient(port: Int) async throws -> NIOAsyncChannel<PeerFrame, PeerFrame> {
    try await ClientBootstrap(group: group)
        .channelOption(.socketOption(.tcp_nodelay), value: 1)
        .connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(PeerFrameDecoder()))
                try channel.pipeline.syncOperations.addHandler(MessageToByteHandler(PeerFrameEncoder()))
                return try NIOAsyncChannel<PeerFrame, PeerFrame>(wrappingChannelSynchronously: channel)
            }
        }
}

/// Raw NIO: `u32 length | u8 kind | body` frames, plaintext, written through an async writer per message.
func rawTCP(messages: Int, size: Int) async throws -> Double {
    let child = try BenchProcess(["raw-tcp", "\(messages)"])
    let port = try await child.port()
    let client = try await rawFrameClient(port: port)
    let body = ByteBuffer(repeating: 1, count: size)
    let start = monotonicNanoseconds()
    try await client.executeThenClose { _, outbound in
        for _ in 0..<messages { try await outbound.write(PeerFrame(kind: .data, body: body)) }
    }
    return rate(try await child.done(), since: start)
}

/// Raw NIO UDP: one datagram per message through an async writer; the rate is of what arrived.
func rawUDP(messages: Int, size: Int) async throws -> (rate: Double, delivered: Double) {
    let child = try BenchProcess(["raw-udp", "\(messages)"])
    let remote = try SocketAddress(ipAddress: "127.0.0.1", port: try await child.port())
    let channel = try await DatagramBootstrap(group: group).bind(host: "127.0.0.1", port: 0)
        .flatMapThrowing { channel in
            try NIOAsyncChannel<AddressedEnvelope<ByteBuffer>, AddressedEnvelope<ByteBuffer>>(
                wrappingChannelSynchronously: channel)
        }.get()
    let body = ByteBuffer(repeating: 1, count: size)
    let start = monotonicNanoseconds()
    try await channel.executeThenClose { _, outbound in
        for _ in 0..<messages { try await outbound.write(AddressedEnvelope(remoteAddress: remote, data: body)) }
    }
    let done = try await child.done()
    return (rate(done, since: start), Double(done.count) / Double(messages))
}

/// Messages per second from this process's session to the child's; for unreliable ones, of what arrived.
func peers(messages: Int, size: Int, encryption: EncryptionPreference, mode: PeerSendMode = .reliable)
    async throws -> (rate: Double, delivered: Double)
{
    let child = try BenchProcess(["peers", "\(messages)", encryption == .none ? "none" : "required"])
    let port = try await child.port()
    let sender = try await benchSession("parent", encryption: encryption)
    let peer = try await sender.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: port))
    let body = [UInt8](repeating: 1, count: size)
    let start = monotonicNanoseconds()
    for _ in 0..<messages { try await sender.send(body, to: [peer.id], mode: mode) }
    let done = try await child.done()
    await sender.disconnect()
    return (rate(done, since: start), Double(done.count) / Double(messages))
}

/// Percentiles of a sorted sample, in microseconds.
func percentiles(_ samples: [Double]) -> (p50: Double, p99: Double) {
    let sorted = samples.sorted()
    return (sorted[sorted.count / 2], sorted[min(sorted.count - 1, sorted.count * 99 / 100)])
}

func microseconds(since start: UInt64) -> Double { Double(monotonicNanoseconds() &- start) / 1e3 }

/// Round trips of a 64-byte frame through a raw NIO echo: answered on the child's event loop, or by a task reading
/// the connection (`byTask`), as a session's events are read.
func rawRoundTrips(count: Int, byTask: Bool = false) async throws -> (p50: Double, p99: Double) {
    let child = try BenchProcess([byTask ? "raw-tcp-task-echo" : "raw-tcp-echo", "0"])
    let port = try await child.port()
    let client = try await rawFrameClient(port: port)
    let frame = PeerFrame(kind: .data, body: ByteBuffer(repeating: 2, count: 64))
    let samples = try await client.executeThenClose { inbound, outbound in
        var iterator = inbound.makeAsyncIterator()
        var samples: [Double] = []
        for _ in 0..<count {
            let start = monotonicNanoseconds()
            try await outbound.write(frame)
            guard try await iterator.next() != nil else { break }
            samples.append(microseconds(since: start))
        }
        return samples
    }
    return percentiles(samples)
}

/// Round trips of a 64-byte reliable message through the child's session, which sends it back. `onLoop`: both
/// sessions run on one event loop each and read their events in a task that prefers it (``EventLoopTaskExecutor``),
/// so no message crosses threads.
func peerRoundTrips(count: Int, onLoop: Bool = false) async throws -> (p50: Double, p99: Double) {
    let child = try BenchProcess([onLoop ? "peers-echo-on-loop" : "peers-echo", "0", "required"])
    let port = try await child.port()
    let loop = group.next()
    let session = try await benchSession("parent", encryption: .required, loop: onLoop ? loop : nil)
    let peer = try await session.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: port))
    let body = [UInt8](repeating: 2, count: 64)
    let exchange = { () async -> [Double] in
        var iterator = session.events.makeAsyncIterator()
        var samples: [Double] = []
        for _ in 0..<count {
            let start = monotonicNanoseconds()
            do { try await session.send(body, to: [peer.id]) } catch { break }
            while let event = await iterator.next() {
                if case .data = event { break }
            }
            samples.append(microseconds(since: start))
        }
        return samples
    }
    let samples =
        onLoop ? await withTaskExecutorPreference(EventLoopTaskExecutor(loop), operation: exchange) : await exchange()
    await session.disconnect()
    guard samples.count == count else { throw BenchFailure("the session closed after \(samples.count) round trips") }
    return percentiles(samples)
}

/// Invitation to `connected` (TCP connect, hellos, key agreement, invite and accept), the child accepting each at
/// once; each connection is closed before the next.
func invites(count: Int) async throws -> (p50: Double, p99: Double) {
    let child = try BenchProcess(["peers", "0", "required"])
    let address = try SocketAddress(ipAddress: "127.0.0.1", port: try await child.port())
    let session = try await benchSession("parent", encryption: .required)
    var samples: [Double] = []
    for _ in 0..<count {
        let start = monotonicNanoseconds()
        let peer = try await session.connect(to: address)
        samples.append(microseconds(since: start))
        await session.disconnect(peer: peer.id)
    }
    return percentiles(samples)
}

/// A free UDP port for a private mDNS link (bound and released: a benchmark can take the small race).
func freeUDPPort() async throws -> Int {
    let channel = try await DatagramBootstrap(group: group).bind(host: "127.0.0.1", port: 0).get()
    let port = channel.localAddress?.port ?? 0
    try await channel.close()
    return port
}

/// Advertised to `available` on the other side: a session that browses, then one that advertises, each with a
/// Discovery of its own on loopback and a private mDNS port (in this process; probing alone takes about 750 ms).
func advertisedToAvailable() async throws -> Double {
    var configuration = DiscoveryConfiguration()
    configuration.interfaces = .loopbackOnly
    configuration.ipVersions = .v4
    configuration.port = try await freeUDPPort()
    let browsing = Discovery(
        configuration: configuration, eventLoopGroup: MultiThreadedEventLoopGroup(numberOfThreads: 1))
    let advertising = Discovery(
        configuration: configuration, eventLoopGroup: MultiThreadedEventLoopGroup(numberOfThreads: 1))
    try await browsing.start()
    try await advertising.start()
    func session(_ name: String, _ discovery: Discovery) throws -> PeerSession {
        var sessionConfiguration = PeerSessionConfiguration()
        sessionConfiguration.bindHost = "127.0.0.1"
        sessionConfiguration.discovery = discovery
        return try PeerSession(sessionID: "benchdisc1.0", displayName: name, configuration: sessionConfiguration)
    }
    let browser = try session("browser", browsing)
    try await browser.start()
    let advertiser = try session("advertiser", advertising)
    let start = monotonicNanoseconds()
    try await advertiser.start()
    var elapsed = Double.nan
    for await event in browser.events {
        if case .stateChanged(let peer, .available) = event, peer.displayName == "advertiser" {
            elapsed = Double(monotonicNanoseconds() &- start) / 1e6
            break
        }
    }
    await advertiser.disconnect()
    await browser.disconnect()
    await advertising.shutdown()
    await browsing.shutdown()
    return elapsed
}

let small = 200_000
let large = 20_000
var figures: [String: [Double]] = [:]
@MainActor func record(_ name: String, _ value: Double) { figures[name, default: []].append(value) }
@MainActor func median(_ name: String) -> Double {
    let values = (figures[name] ?? []).sorted()
    return values.isEmpty ? .nan : values[values.count / 2]
}

print("two processes on 127.0.0.1, \(rounds) rounds; per round: raw NIO first, then CourierPeers")
for round in 1...rounds {
    var line = "round \(round):"
    if wanted("tcp") {
        record("raw tcp", try await rawTCP(messages: small, size: 1024))
        line += String(format: " 1 KiB raw %.0f msg/s;", figures["raw tcp"]!.last!)
    }
    if wanted("1k") {
        record("plain 1k", try await peers(messages: small, size: 1024, encryption: .none).rate)
        record("aes 1k", try await peers(messages: small, size: 1024, encryption: .required).rate)
        line += String(
            format: " 1 KiB plain %.0f, AES %.0f msg/s;", figures["plain 1k"]!.last!, figures["aes 1k"]!.last!)
    }
    if only?.contains("memory") == true {
        let before = peakResidentMiB()
        let rate = try await peers(messages: large, size: PeerLimits.maximumMessageSize, encryption: .required).rate
        line += String(
            format: " 87 KB AES-GCM %.2f GB/s, sender's peak resident memory %.0f MiB (%.0f before);",
            rate * Double(PeerLimits.maximumMessageSize) / 1e9, peakResidentMiB(), before)
    }
    if wanted("87k") {
        let size = PeerLimits.maximumMessageSize
        record("raw 87k", try await rawTCP(messages: large, size: size))
        record("aes 87k", try await peers(messages: large, size: size, encryption: .required).rate)
        record("plain 87k", try await peers(messages: large, size: size, encryption: .none).rate)
        line += String(
            format: " 87 KB raw %.2f, AES %.2f, plain %.2f GB/s;", figures["raw 87k"]!.last! * Double(size) / 1e9,
            figures["aes 87k"]!.last! * Double(size) / 1e9,
            figures["plain 87k"]!.last! * Double(size) / 1e9)
    }
    if wanted("udp") {
        let udp = try await rawUDP(messages: small, size: 512)
        record("raw udp", udp.rate)
        record("raw udp delivered", udp.delivered)
        let sealed = try await peers(messages: small, size: 512, encryption: .required, mode: .unreliable)
        record("aes udp", sealed.rate)
        record("aes udp delivered", sealed.delivered)
        let plain = try await peers(messages: small, size: 512, encryption: .none, mode: .unreliable)
        record("plain udp", plain.rate)
        record("plain udp delivered", plain.delivered)
        line += String(
            format: " 512 B UDP raw %.0f (%.0f %% arrived), AES %.0f (%.0f %%), plain %.0f (%.0f %%) msg/s;", udp.rate,
            udp.delivered * 100, sealed.rate, sealed.delivered * 100, plain.rate, plain.delivered * 100)
    }
    if wanted("rtt") {
        let raw = try await rawRoundTrips(count: 5_000)
        record("raw rtt p50", raw.p50)
        record("raw rtt p99", raw.p99)
        let rawTask = try await rawRoundTrips(count: 5_000, byTask: true)
        record("raw task rtt p50", rawTask.p50)
        record("raw task rtt p99", rawTask.p99)
        let trips = try await peerRoundTrips(count: 5_000)
        record("rtt p50", trips.p50)
        record("rtt p99", trips.p99)
        let onLoop = try await peerRoundTrips(count: 5_000, onLoop: true)
        record("loop rtt p50", onLoop.p50)
        record("loop rtt p99", onLoop.p99)
        line += String(
            format: " RTT raw %.0f/%.0f, raw by a task %.0f/%.0f, AES %.0f/%.0f, AES on the loop %.0f/%.0f µs;",
            raw.p50, raw.p99, rawTask.p50, rawTask.p99, trips.p50, trips.p99, onLoop.p50, onLoop.p99)
    }
    if wanted("available") {
        record("available", try await advertisedToAvailable())
        line += String(format: " advertised to available %.0f ms;", figures["available"]!.last!)
    }
    if wanted("invite") {
        let invited = try await invites(count: 200)
        record("invite p50", invited.p50)
        record("invite p99", invited.p99)
        line += String(format: " invite %.0f/%.0f µs", invited.p50, invited.p99)
    }
    print(line)
    fflush(nil)
}

func verdict(_ met: Bool) -> String { met ? "met" : "NOT MET" }
let gigabytes = Double(PeerLimits.maximumMessageSize) / 1e9
/// Prints a summary line when its measurement ran (a second argument may have left it out).
@MainActor func show(_ key: String, _ text: @autoclosure () -> String) {
    if !median(key).isNaN { print(text()) }
}

print("\nmedians of \(rounds) rounds")
show("raw tcp", String(format: "raw NIO TCP, 1 KiB:                 %10.0f msg/s", median("raw tcp")))
show(
    "plain 1k",
    String(
        format: "reliable 1 KiB, no encryption:     %10.0f msg/s (%.0f %% of raw)", median("plain 1k"),
        median("plain 1k") / median("raw tcp") * 100))
show(
    "aes 1k",
    String(
        format: "reliable 1 KiB, AES-GCM:           %10.0f msg/s (%.0f %% of raw; encryption costs %.0f %%)",
        median("aes 1k"), median("aes 1k") / median("raw tcp") * 100, (1 - median("aes 1k") / median("plain 1k")) * 100)
)
show(
    "aes 87k",
    String(
        format: "reliable 87 KB, AES-GCM:           %10.2f GB/s (encryption costs %.0f %%)",
        median("aes 87k") * gigabytes,
        (1 - median("aes 87k") / median("plain 87k")) * 100))
show(
    "plain 87k",
    String(
        format: "reliable 87 KB, no encryption:     %10.2f GB/s (raw NIO TCP %.2f GB/s)",
        median("plain 87k") * gigabytes,
        median("raw 87k") * gigabytes))
show(
    "raw udp",
    String(
        format: "raw NIO UDP, 512 B:                %10.0f msg/s arrived (%.0f %% of those sent)", median("raw udp"),
        median("raw udp delivered") * 100))
show(
    "aes udp",
    String(
        format: "unreliable 512 B, AES-GCM:         %10.0f msg/s arrived (%.0f %% of raw; %.0f %% of those sent)",
        median("aes udp"), median("aes udp") / median("raw udp") * 100, median("aes udp delivered") * 100))
show(
    "plain udp",
    String(
        format: "unreliable 512 B, no encryption:   %10.0f msg/s arrived (%.0f %% of raw; %.0f %% of those sent)",
        median("plain udp"), median("plain udp") / median("raw udp") * 100, median("plain udp delivered") * 100))
show(
    "rtt p50",
    String(
        format: """
            round trip 64 B: raw NIO p50 %.0f µs, p99 %.0f µs; raw NIO answered by a task p50 %.0f µs, p99 %.0f µs; \
            CourierPeers AES-GCM p50 %.0f µs, p99 %.0f µs; \
            CourierPeers AES-GCM, events read on the session's loop, p50 %.0f µs, p99 %.0f µs
            """,
        median("raw rtt p50"), median("raw rtt p99"), median("raw task rtt p50"), median("raw task rtt p99"),
        median("rtt p50"), median("rtt p99"), median("loop rtt p50"), median("loop rtt p99")))
show(
    "invite p50",
    String(
        format: "invite to connected (AES-GCM): p50 %.0f µs, p99 %.0f µs", median("invite p50"), median("invite p99")))
show("available", String(format: "advertised to available (one process, loopback): %.0f ms", median("available")))
print("\ntargets")
@MainActor func target(_ name: String, _ inputs: [String], _ met: Bool) {
    guard inputs.allSatisfy({ !median($0).isNaN }) else { return }
    print(name, verdict(met))
}
let aesRatio = median("aes 1k") / median("raw tcp")
target(
    "reliable 1 KiB ≥ 80 % of raw and ≥ 100 000 msg/s (AES-GCM):", ["aes 1k", "raw tcp"],
    aesRatio >= 0.8 && median("aes 1k") >= 100_000)
target(
    "unreliable 512 B ≥ 80 % of raw UDP (AES-GCM):", ["aes udp", "raw udp"],
    median("aes udp") >= 0.8 * median("raw udp"))
target("87 KB ≥ 1 GB/s reliable (AES-GCM):", ["aes 87k"], median("aes 87k") * gigabytes >= 1)
target(
    "round trip p50 ≤ 150 µs, p99 ≤ 1 ms (events read by a pool task):", ["rtt p50"],
    median("rtt p50") <= 150 && median("rtt p99") <= 1000)
target(
    "round trip p50 ≤ 150 µs, p99 ≤ 1 ms (events read on the session's loop):", ["loop rtt p50"],
    median("loop rtt p50") <= 150 && median("loop rtt p99") <= 1000)
target(
    "encryption ≤ 25 % of throughput (1 KiB and 87 KB):", ["aes 1k", "aes 87k"],
    median("aes 1k") >= 0.75 * median("plain 1k") && median("aes 87k") >= 0.75 * median("plain 87k"))
target("invite to connected ≤ 10 ms:", ["invite p50"], median("invite p50") <= 10_000)
target("advertised to available ≤ 2 s:", ["available"], median("available") <= 2_000)
