import CourierSockets
import Foundation
import NIOCore
import NIOPosix

// Courier sockets benchmarks, run by hand:
//   swift run -c release CourierSocketsBenchmarks [round-trips] [bulk-bytes]
// 1. 64-byte echo round trips on loopback: CourierSockets' TCPClient (fixed-size frames) against a
//    plain NIOAsyncChannel client, both talking to the same plain NIO echo server, in the same run.
// 2. Bulk transfer: a TCPClient writes `bulk-bytes` (1 GiB by default) to a TCPServer that counts it;
//    throughput and the process's peak resident memory.

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let roundTrips = arguments.first ?? 50_000
let bulkBytes = arguments.dropFirst().first ?? 1 << 30
let frameSize = 64

/// A plain NIO echo server: writes back whatever it reads.
final class EchoHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.write(data, promise: nil)
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        context.flush()
    }
}

func peakResidentMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024  // kilobytes on Linux
}

func measure(_ body: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

let echoServer = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
    .childChannelOption(.tcpOption(.tcp_nodelay), value: 1)
    .childChannelInitializer { channel in
        channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(EchoHandler()) }
    }
    .bind(host: "127.0.0.1", port: 0)
    .get()
let echoPort = echoServer.localAddress?.port ?? 0
let payload = ByteBuffer(repeating: 0x61, count: frameSize)

/// Round trips with CourierSockets.
func courierRoundTrips(_ count: Int) async throws -> Double {
    let connection = try await TCPClient.connect(
        host: "127.0.0.1",
        port: echoPort,
        configuration: TCPConfiguration(framing: .fixedSize(frameSize))
    )
    return try await connection.run { reader, writer in
        var frames = reader.frames.makeAsyncIterator()
        return try await measure {
            for _ in 0..<count {
                try await writer.write(payload)
                guard try await frames.next() != nil else { throw SocketError(code: .unknown, message: "echo ended") }
            }
        }
    }
}

/// Round trips with a plain NIOAsyncChannel client (no framing handler: it gathers 64 bytes itself).
func plainNIORoundTrips(_ count: Int) async throws -> Double {
    let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
        .channelOption(.tcpOption(.tcp_nodelay), value: 1)
        .connect(host: "127.0.0.1", port: echoPort) { channel in
            channel.eventLoop.makeCompletedFuture {
                try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            }
        }
    return try await channel.executeThenClose { inbound, outbound in
        var chunks = inbound.makeAsyncIterator()
        return try await measure {
            for _ in 0..<count {
                try await outbound.write(payload)
                var received = 0
                while received < frameSize {
                    guard let chunk = try await chunks.next() else { return }
                    received += chunk.readableBytes
                }
            }
        }
    }
}

/// Sends `total` bytes in 64 KiB writes to a server that counts them; returns the seconds it took.
func bulkTransfer(total: Int) async throws -> Double {
    let sink = try await TCPServer.bind(host: "127.0.0.1", port: 0)
    let chunk = ByteBuffer(repeating: 0x62, count: 64 * 1024)
    let seconds = try await withThrowingTaskGroup(of: Int.self) { group in
        group.addTask {
            try await sink.run { connections in
                var iterator = connections.makeAsyncIterator()
                guard let connection = try await iterator.next() else { return 0 }
                return try await connection.run { reader, _ in
                    var received = 0
                    for try await bytes in reader.frames { received += bytes.readableBytes }
                    return received
                }
            }
        }
        let client = try await TCPClient.connect(host: "127.0.0.1", port: sink.port)
        let elapsed = try await measure {
            try await client.run { _, writer in
                var sent = 0
                while sent < total {
                    try await writer.write(chunk)
                    sent += chunk.readableBytes
                }
                writer.finish()
            }
        }
        let received = try await group.next() ?? 0
        guard received == total else { throw SocketError(code: .unknown, message: "received \(received) bytes") }
        return elapsed
    }
    await sink.close()
    return seconds
}

print("CourierSockets benchmarks — \(ProcessInfo.processInfo.activeProcessorCount) cores")
_ = try await courierRoundTrips(2_000)  // warm-up
_ = try await plainNIORoundTrips(2_000)
var courierRates: [Double] = []
var plainRates: [Double] = []
for _ in 0..<3 {
    plainRates.append(Double(roundTrips) / (try await plainNIORoundTrips(roundTrips)))
    courierRates.append(Double(roundTrips) / (try await courierRoundTrips(roundTrips)))
}
let courierBest = courierRates.max() ?? 0
let plainBest = plainRates.max() ?? 0
print("64-byte echo round trips (\(roundTrips) per run, best of 3):")
print(String(format: "  plain NIOAsyncChannel client: %8.0f round trips/s", plainBest))
print(String(format: "  CourierSockets TCPClient:     %8.0f round trips/s", courierBest))
print(String(format: "  ratio: %.1f %% (target ≥ 80 %%)", courierBest / plainBest * 100))

let rssBefore = peakResidentMegabytes()
let seconds = try await bulkTransfer(total: bulkBytes)
print(
    String(
        format: "bulk transfer: %d MiB in %.2f s = %.2f GB/s", bulkBytes >> 20, seconds,
        Double(bulkBytes) / seconds / 1e9))
print(String(format: "peak RSS: %.1f MB before the transfer, %.1f MB after", rssBefore, peakResidentMegabytes()))
try await echoServer.close().get()
