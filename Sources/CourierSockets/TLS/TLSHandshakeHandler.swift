import Crypto
import Foundation
import NIOCore
import NIOSSL
import NIOTLS

/// Completes a promise when the client's TLS handshake is done and the server's key matches a pin, so
/// that `connect` returns only a connection that is ready (and throws when it is not).
final class TLSHandshakeHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    private let pins: [[UInt8]]
    private let handshake: EventLoopPromise<Void>
    private let host: String
    private let timeout: TimeAmount
    private var isDone = false
    private var timer: Scheduled<Void>?

    init(pins: [[UInt8]], handshake: EventLoopPromise<Void>, host: String, timeout: TimeAmount) {
        self.pins = pins
        self.handshake = handshake
        self.host = host
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        // A server that accepts and never answers the ClientHello must not hang the connect.
        let handler = NIOLoopBound(self, eventLoop: context.eventLoop)
        let boundContext = NIOLoopBound(context, eventLoop: context.eventLoop)
        timer = context.eventLoop.scheduleTask(in: timeout) {
            handler.value.handshakeTimedOut(context: boundContext.value)
        }
        if context.channel.isActive { context.read() }
    }

    // Connections start with auto-read off (nothing is read before `run`), so the handshake asks for
    // the reads it needs itself, and stops once it is done.
    func channelActive(context: ChannelHandlerContext) {
        context.read()
        context.fireChannelActive()
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        if !isDone { context.read() }
        context.fireChannelReadComplete()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
    }

    private func handshakeTimedOut(context: ChannelHandlerContext) {
        guard !isDone else { return }
        isDone = true
        handshake.fail(
            SocketError(code: .timedOut, message: "The TLS handshake with \(host) did not finish within \(timeout).")
        )
        context.close(promise: nil)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if let event = event as? TLSUserEvent, case .handshakeCompleted = event, !isDone {
            isDone = true
            timer?.cancel()
            do {
                try checkPins(context: context)
                handshake.succeed()
            } catch {
                handshake.fail(error)
                context.close(promise: nil)
                return
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if !isDone {
            isDone = true
            handshake.fail(SocketError.mapping(error, host: host))
        }
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        if !isDone {
            isDone = true
            handshake.fail(
                SocketError(
                    code: .secureConnectionFailed, message: "The server closed the connection during the TLS handshake."
                )
            )
        }
        context.fireChannelInactive()
    }

    private func checkPins(context: ChannelHandlerContext) throws {
        guard !pins.isEmpty else { return }
        let handler = try context.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
        guard let leaf = handler.peerCertificate else {
            throw SocketError(code: .serverCertificateUntrusted, message: "The server presented no certificate.")
        }
        let spki = try leaf.extractPublicKey().toSPKIBytes()
        let digest = Array(SHA256.hash(data: spki))
        guard pins.contains(digest) else {
            throw SocketError(
                code: .serverCertificateUntrusted,
                message:
                    "The server's public key (pin-sha256 \(Data(digest).base64EncodedString())) matches none of the pinned keys."
            )
        }
    }
}
