import CourierSampleServer
import Foundation
import NIOCore
import NIOPosix
import Testing

@Suite("Sample server: chapter 8 warehouse socket")
struct WarehouseTests {
    @Test("a connection receives the status line and is closed by the server")
    func statusLine() async throws {
        try await withSampleServer { server, _ in
            let port = try #require(server.warehousePort)
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .connect(host: "127.0.0.1", port: port) { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                    }
                }
            var received = ByteBuffer()
            try await channel.executeThenClose { inbound, _ in
                for try await var chunk in inbound { received.writeBuffer(&chunk) }
            }
            #expect(String(buffer: received) == "84,60,+67,1,1,0,0,0,1\r\n")
        }
    }
}
