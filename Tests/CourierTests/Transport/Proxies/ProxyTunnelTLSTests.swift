import NIOCore
import NIOSSL
import Testing

@testable import Courier

/// TLS to the origin runs inside the tunnel, as part A will use it for https through a proxy.
struct ProxyTunnelTLSTests {
    /// A self-signed certificate for `localhost`, made for these tests (valid until 2126).
    private static let certificatePEM = """
        -----BEGIN CERTIFICATE-----
        MIIBmzCCAUGgAwIBAgIUZzRxF4ji27gArx2Wb+MFvqpsJegwCgYIKoZIzj0EAwIw
        FDESMBAGA1UEAwwJbG9jYWxob3N0MCAXDTI2MTEyNTIwNTkzOFoYDzIxMjYxMTAx
        MjA1OTM4WjAUMRIwEAYDVQQDDAlsb2NhbGhvc3QwWTATBgcqhkjOPQIBBggqhkjO
        PQMBBwNCAASmWUWimEHFp+adAm1iFbKUo4UgT5xYgvQqtAg0I4hj7P8zKTKsRgJM
        rypYXEnEoGL63gtyj7F09K3tTc01whCJo28wbTAdBgNVHQ4EFgQUK0AMIVFT0uIj
        Idg+xkPXU5FJq0MwHwYDVR0jBBgwFoAUK0AMIVFT0uIjIdg+xkPXU5FJq0MwDwYD
        VR0TAQH/BAUwAwEB/zAaBgNVHREEEzARgglsb2NhbGhvc3SHBH8AAAEwCgYIKoZI
        zj0EAwIDSAAwRQIhALwF92ah8zfcnLK8nbh3xa4oBETUIrAjrJ3cFpDETSRBAiAC
        zI/LN1i6J1x5+gl4/oq7KYR/HZzq48biyu1kjeXQ7Q==
        -----END CERTIFICATE-----
        """
    private static let privateKeyPEM = """
        -----BEGIN PRIVATE KEY-----
        MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgH0mAJhepxPnDIflC
        XHoZnLSerQYIgX5OeXAHKhVKW5mhRANCAASmWUWimEHFp+adAm1iFbKUo4UgT5xY
        gvQqtAg0I4hj7P8zKTKsRgJMrypYXEnEoGL63gtyj7F09K3tTc01whCJ
        -----END PRIVATE KEY-----
        """

    @Test func tlsHandshakeAndDataRunInsideAnHTTPTunnel() async throws {
        let certificate = try NIOSSLCertificate(bytes: Array(Self.certificatePEM.utf8), format: .pem)
        let key = try NIOSSLPrivateKey(bytes: Array(Self.privateKeyPEM.utf8), format: .pem)
        let serverContext = try NIOSSLContext(
            configuration: .makeServerConfiguration(
                certificateChain: [.certificate(certificate)], privateKey: .privateKey(key)))
        var clientConfiguration = TLSConfiguration.makeClientConfiguration()
        clientConfiguration.trustRoots = .certificates([certificate])
        let clientContext = try NIOSSLContext(configuration: clientConfiguration)

        let server = try await FakeProxyServer { _, _ in TLSOriginBehindConnect(context: serverContext) }
        let port = server.port
        let echoed = try await withProxyConnection(port: port) { channel in
            try await ProxyTunnel().establish(
                channel: channel, targetHost: "localhost", targetPort: 443, proxy: .localHTTP(port: port),
                authorize: nil)
            let collector = ByteCollector()
            try await channel.eventLoop.submit {
                try channel.pipeline.syncOperations.addHandler(
                    NIOSSLClientHandler(context: clientContext, serverHostname: "localhost"))
                try channel.pipeline.syncOperations.addHandler(collector)
                ProxyTunnel.resumeReading(channel)
            }.get()
            try await channel.writeAndFlush(ByteBuffer(string: "secret over TLS")).get()
            return await collector.read(count: 15)
        }
        #expect(String(decoding: echoed, as: UTF8.self) == "secret over TLS")
        try await server.stop()
    }
}

/// A proxy that answers the first CONNECT with 200 and then terminates TLS itself and echoes, standing in for a
/// proxy plus a TLS origin.
private final class TLSOriginBehindConnect: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let context: NIOSSLContext
    private var head: [UInt8] = []

    init(context: NIOSSLContext) {
        self.context = context
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        head += Array(buffer: unwrapInboundIn(data))
        guard
            let end = head.indices.first(where: { index in
                index + 3 < head.count && head[index..<(index + 4)].elementsEqual([13, 10, 13, 10])
            })
        else { return }
        let rest = Array(head[(end + 4)...])
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "HTTP/1.1 200 OK\r\n\r\n")), promise: nil)
        do {
            try context.pipeline.syncOperations.addHandlers(
                [NIOSSLServerHandler(context: self.context), EchoHandler()], position: .after(self))
        } catch {
            context.close(promise: nil)
            return
        }
        if !rest.isEmpty { context.fireChannelRead(wrapInboundOut(ByteBuffer(bytes: rest))) }
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }
}
