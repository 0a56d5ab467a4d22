import NIOCore
import NIOEmbedded
import NIOSSL
import Testing

@testable import Courier

@Suite("CertificateChainErrorHandler")
struct CertificateChainErrorHandlerTests {
    /// Collects the errors that pass the handler.
    final class ErrorSink: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        var errors: [any Error] = []

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            errors.append(error)
        }
    }

    private static let chainError = CertificateChainError(reason: .emptyChain, host: "localhost", presentedChain: [])
    private static let handshakeFailure = NIOSSLError.handshakeFailed(.sslError([]))

    @Test func theEvaluatorsErrorReplacesTheHandshakeFailureOnce() throws {
        let handler = CertificateChainErrorHandler()
        let sink = ErrorSink()
        let channel = EmbeddedChannel(handlers: [handler, sink])
        handler.evaluationFailed(Self.chainError)
        channel.pipeline.fireErrorCaught(Self.handshakeFailure)
        channel.pipeline.fireErrorCaught(Self.handshakeFailure)
        #expect(sink.errors.count == 2)
        #expect((sink.errors.first as? CertificateChainError)?.reason == .emptyChain)
        #expect(sink.errors.last is NIOSSLError)
        _ = try channel.finish()
    }

    @Test func otherErrorsPassUnchanged() throws {
        let handler = CertificateChainErrorHandler()
        let sink = ErrorSink()
        let channel = EmbeddedChannel(handlers: [handler, sink])
        channel.pipeline.fireErrorCaught(Self.handshakeFailure)
        handler.evaluationFailed(Self.chainError)
        channel.pipeline.fireErrorCaught(ChannelError.ioOnClosedChannel)
        #expect(sink.errors.count == 2)
        #expect(sink.errors.first is NIOSSLError)
        #expect(sink.errors.last as? ChannelError == .ioOnClosedChannel)
        _ = try channel.finish()
    }
}
