import NIOCore
import NIOEmbedded
import Testing

@testable import CourierDiscovery

/// A registration's event stream is bounded: a slow reader keeps the newest events, and an accepted connection
/// pushed out of the buffer is closed instead of leaked.
@Suite struct RegistrationEventsTests {
    @Test func aConnectionPushedOutOfTheBufferIsClosed() throws {
        let (events, continuation) = AsyncStream.makeStream(
            of: RegistrationEvent.self, bufferingPolicy: .bufferingNewest(2))
        var channels: [EmbeddedChannel] = []
        for _ in 0..<3 {
            let channel = EmbeddedChannel()
            channel.connect(to: try SocketAddress(ipAddress: "127.0.0.1", port: 9), promise: nil)
            let wrapped = try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
            Discovery.report(.didAcceptConnection(AcceptedConnection(channel: wrapped)), to: continuation)
            channels.append(channel)
        }
        Discovery.report(.didStop, to: continuation)
        continuation.finish()
        // The first two were pushed out (by the third and by `.didStop`); the newest stays for the reader.
        #expect(channels.map(\.isActive) == [false, false, true])
        #expect(Discovery.registrationEventCapacity == 256)
        _ = events
    }
}
