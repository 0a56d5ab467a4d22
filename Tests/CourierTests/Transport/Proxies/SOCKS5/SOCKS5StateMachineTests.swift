import NIOCore
import Testing

@testable import Courier

/// ``SOCKS5StateMachine`` fed byte by byte and with bad input.
struct SOCKS5StateMachineTests {
    /// Feeds `bytes` one at a time; returns the first action that is not `.readMore` and the bytes left unread.
    private func feedByteByByte(
        _ machine: inout SOCKS5StateMachine, _ bytes: [UInt8]
    ) -> (SOCKS5StateMachine.Action, ByteBuffer) {
        var buffer = ByteBuffer()
        for byte in bytes {
            buffer.writeInteger(byte)
            let action = machine.receive(&buffer)
            if action != .readMore { return (action, buffer) }
        }
        return (.readMore, buffer)
    }

    @Test func noAuthenticationHandshakeWithIPv4Target() throws {
        var machine = try SOCKS5StateMachine(target: .ipv4([192, 0, 2, 1]), port: 443, username: nil, password: nil)
        #expect(machine.start() == .send([5, 1, 0]))
        #expect(feedByteByByte(&machine, [5, 0]).0 == .send([5, 1, 0, 1, 192, 0, 2, 1, 0x01, 0xBB]))
        let (action, _) = feedByteByByte(&machine, [5, 0, 0, 1, 10, 0, 0, 1, 0x1F, 0x90])
        #expect(action == .established(leftover: nil))
    }

    @Test func usernamePasswordHandshakeWithDomainTarget() throws {
        var machine = try SOCKS5StateMachine(
            target: .domainName("example.com"), port: 80, username: "bob", password: "pw")
        #expect(machine.start() == .send([5, 2, 0, 2]))
        #expect(feedByteByByte(&machine, [5, 2]).0 == .send([1, 3] + Array("bob".utf8) + [2] + Array("pw".utf8)))
        #expect(
            feedByteByByte(&machine, [1, 0]).0
                == .send([5, 1, 0, 3, 11] + Array("example.com".utf8) + [0, 80]))
        // A reply whose bound address is a domain name, followed by bytes from the target.
        let reply: [UInt8] = [5, 0, 0, 3, 4] + Array("host".utf8) + [0, 1] + Array("hi".utf8)
        let (action, _) = feedByteByByte(&machine, reply)
        #expect(action == .established(leftover: nil))
        // Fed whole, the bytes after the reply are kept as leftover.
        var whole = try SOCKS5StateMachine(target: .domainName("example.com"), port: 80, username: nil, password: nil)
        _ = whole.start()
        var buffer = ByteBuffer(bytes: [5, 0])
        #expect(whole.receive(&buffer) != .readMore)
        buffer = ByteBuffer(bytes: reply)
        #expect(whole.receive(&buffer) == .established(leftover: ByteBuffer(string: "hi")))
    }

    @Test func ipv6TargetUsesAddressTypeFour() throws {
        let address: [UInt8] = Array(repeating: 0, count: 15) + [1]
        var machine = try SOCKS5StateMachine(target: .ipv6(address), port: 8080, username: nil, password: nil)
        _ = machine.start()
        #expect(feedByteByByte(&machine, [5, 0]).0 == .send([5, 1, 0, 4] + address + [0x1F, 0x90]))
        let reply: [UInt8] = [5, 0, 0, 4] + address + [0, 0]
        #expect(feedByteByByte(&machine, reply).0 == .established(leftover: nil))
    }

    @Test func wrongPasswordIsAnAuthenticationFailure() throws {
        var machine = try SOCKS5StateMachine(target: .domainName("a.example"), port: 1, username: "u", password: "p")
        _ = machine.start()
        _ = feedByteByByte(&machine, [5, 2])
        #expect(feedByteByByte(&machine, [1, 1]).0 == .fail(.socksAuthenticationFailed(status: 1)))
    }

    @Test(arguments: UInt8(1)...UInt8(8))
    func failureRepliesAreReportedWithTheirCode(reply: UInt8) throws {
        var machine = try SOCKS5StateMachine(target: .ipv4([1, 2, 3, 4]), port: 1, username: nil, password: nil)
        _ = machine.start()
        _ = feedByteByByte(&machine, [5, 0])
        #expect(
            feedByteByByte(&machine, [5, reply, 0, 1, 0, 0, 0, 0, 0, 0]).0 == .fail(.socksConnectFailed(reply: reply)))
        #expect(ProxyTunnelError.socksReplyMessage(reply) != "unassigned reply code")
    }

    @Test func badInputIsAClearError() throws {
        func started(_ username: String? = nil) throws -> SOCKS5StateMachine {
            var machine = try SOCKS5StateMachine(
                target: .ipv4([1, 2, 3, 4]), port: 1, username: username, password: username == nil ? nil : "p")
            _ = machine.start()
            return machine
        }
        var notSOCKS = try started()
        guard case .fail(.malformedResponse) = feedByteByByte(&notSOCKS, Array("HTTP/1.1 400".utf8)).0 else {
            Issue.record("an HTTP answer must be a malformed SOCKS reply")
            return
        }
        var noMethod = try started()
        #expect(
            feedByteByByte(&noMethod, [5, 0xFF]).0 == .fail(.socksNoAcceptableMethod(offeredUsernamePassword: false)))
        var unoffered = try started()
        guard case .fail(.malformedResponse) = feedByteByByte(&unoffered, [5, 2]).0 else {
            Issue.record("username/password chosen without being offered must fail")
            return
        }
        var badAddressType = try started()
        _ = feedByteByByte(&badAddressType, [5, 0])
        guard case .fail(.malformedResponse) = feedByteByByte(&badAddressType, [5, 0, 0, 9, 0]).0 else {
            Issue.record("an unknown address type must fail")
            return
        }
        var badAuthVersion = try started("u")
        _ = feedByteByByte(&badAuthVersion, [5, 2])
        guard case .fail(.malformedResponse) = feedByteByByte(&badAuthVersion, [9, 0]).0 else {
            Issue.record("a bad RFC 1929 version must fail")
            return
        }
        var closed = try started()
        #expect(closed.closed() == .fail(.connectionClosed))
    }

    @Test func limitsAreCheckedBeforeAnythingIsSent() {
        #expect(throws: ProxyTunnelError.Kind.self) {
            try SOCKS5StateMachine(
                target: .domainName(String(repeating: "a", count: 256)), port: 1, username: nil, password: nil)
        }
        #expect(throws: ProxyTunnelError.Kind.self) {
            try SOCKS5StateMachine(target: .ipv4([1, 2, 3, 4]), port: 70_000, username: nil, password: nil)
        }
        #expect(throws: ProxyTunnelError.Kind.self) {
            try SOCKS5StateMachine(target: .ipv4([1, 2, 3, 4]), port: 1, username: "", password: "p")
        }
        #expect(throws: ProxyTunnelError.Kind.self) {
            try SOCKS5StateMachine(
                target: .ipv4([1, 2, 3, 4]), port: 1, username: "u", password: String(repeating: "p", count: 256))
        }
    }
}
