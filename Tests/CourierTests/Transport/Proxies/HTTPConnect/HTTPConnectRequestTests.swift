import NIOCore
import Testing

@testable import Courier

/// ``HTTPConnectRequest``: authority form, IPv6 brackets, and refusal of injected lines.
struct HTTPConnectRequestTests {
    @Test(arguments: [
        ("example.com", 443, "example.com:443"), ("192.0.2.1", 8080, "192.0.2.1:8080"), ("::1", 443, "[::1]:443"),
        ("[2001:db8::1]", 443, "[2001:db8::1]:443"), ("fe80::1%25eth0", 80, "[fe80::1%25eth0]:80"),
    ])
    func authorityForm(host: String, port: Int, authority: String) throws {
        let request = try HTTPConnectRequest(targetHost: host, targetPort: port, proxyAuthorization: nil)
        var buffer = ByteBuffer()
        request.write(into: &buffer)
        #expect(String(buffer: buffer) == "CONNECT \(authority) HTTP/1.1\r\nHost: \(authority)\r\n\r\n")
    }

    @Test func authorizationGoesInItsOwnField() throws {
        let request = try HTTPConnectRequest(
            targetHost: "example.com", targetPort: 443, proxyAuthorization: "Basic dTpw")
        var buffer = ByteBuffer()
        request.write(into: &buffer)
        #expect(
            String(buffer: buffer)
                == "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\nProxy-Authorization: Basic dTpw\r\n\r\n"
        )
    }

    @Test(arguments: [
        ("", 443), ("a b", 443), ("a\r\nX: y", 443), ("user@host", 443), ("host/path", 443), ("host", 0),
        ("host", 65_536), ("[]", 443),
    ])
    func invalidTargetsAreRefused(host: String, port: Int) {
        #expect(throws: ProxyTunnelError.Kind.self) {
            try HTTPConnectRequest(targetHost: host, targetPort: port, proxyAuthorization: nil)
        }
    }

    @Test func authorizationWithALineBreakIsRefused() {
        #expect(throws: ProxyTunnelError.Kind.self) {
            try HTTPConnectRequest(targetHost: "h", targetPort: 1, proxyAuthorization: "Basic x\r\nX-Evil: 1")
        }
    }
}
