import NIOCore

/// A minimal SOCKS5 server connection for tests: checks a user name and password when configured, records the
/// CONNECT request ("connect atyp=… addr=… port=…"), answers with a chosen reply code and, on success, echoes the
/// tunnel (after sending `greeting`, as a server-speaks-first target would).
final class FakeSOCKS5ProxyHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    struct Script: Sendable {
        var credentials: (username: String, password: String)?
        var reply: UInt8 = 0
        var greeting: String = ""
    }

    private enum State {
        case greeting
        case authentication
        case request
        case tunnel
    }

    private let script: Script
    private let connection: Int
    private let server: FakeProxyServer
    private var state = State.greeting
    private var buffer: [UInt8] = []

    init(script: Script, connection: Int, server: FakeProxyServer) {
        self.script = script
        self.connection = connection
        self.server = server
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        buffer += Array(buffer: unwrapInboundIn(data))
        // Each pass consumes a message or returns.
        while true {
            switch state {
            case .tunnel:
                if !buffer.isEmpty { send(buffer, context: context) }
                buffer = []
                return
            case .greeting:
                guard buffer.count >= 2, buffer.count >= 2 + Int(buffer[1]) else { return }
                let methods = Array(buffer[2..<(2 + Int(buffer[1]))])
                buffer.removeFirst(2 + methods.count)
                server.record(connection: connection, "methods \(methods)")
                if script.credentials != nil {
                    guard methods.contains(2) else {
                        send([5, 0xFF], context: context)
                        context.close(promise: nil)
                        return
                    }
                    send([5, 2], context: context)
                    state = .authentication
                } else {
                    send([5, 0], context: context)
                    state = .request
                }
            case .authentication:
                guard buffer.count >= 2, buffer.count >= 3 + Int(buffer[1]) else { return }
                let userLength = Int(buffer[1])
                let passwordLength = Int(buffer[2 + userLength])
                guard buffer.count >= 3 + userLength + passwordLength else { return }
                let user = String(decoding: buffer[2..<(2 + userLength)], as: UTF8.self)
                let password = String(
                    decoding: buffer[(3 + userLength)..<(3 + userLength + passwordLength)], as: UTF8.self)
                buffer.removeFirst(3 + userLength + passwordLength)
                server.record(connection: connection, "auth \(user):\(password)")
                if let expected = script.credentials, expected.username == user, expected.password == password {
                    send([1, 0], context: context)
                    state = .request
                } else {
                    send([1, 1], context: context)
                    context.close(promise: nil)
                    return
                }
            case .request:
                guard buffer.count >= 5 else { return }
                let addressLength: Int
                switch buffer[3] {
                case 1: addressLength = 4
                case 4: addressLength = 16
                default: addressLength = 1 + Int(buffer[4])
                }
                guard buffer.count >= 4 + addressLength + 2 else { return }
                let address = Array(buffer[4..<(4 + addressLength)])
                let port = Int(buffer[4 + addressLength]) << 8 | Int(buffer[5 + addressLength])
                let addressType = buffer[3]
                let shown = addressType == 3 ? String(decoding: address.dropFirst(), as: UTF8.self) : "\(address)"
                buffer.removeFirst(4 + addressLength + 2)
                server.record(connection: connection, "connect atyp=\(addressType) addr=\(shown) port=\(port)")
                send([5, script.reply, 0, 1, 127, 0, 0, 1, 0x1F, 0x90] + Array(script.greeting.utf8), context: context)
                guard script.reply == 0 else {
                    context.close(promise: nil)
                    return
                }
                state = .tunnel
            }
        }
    }

    private func send(_ bytes: [UInt8], context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(bytes: bytes)), promise: nil)
    }
}
