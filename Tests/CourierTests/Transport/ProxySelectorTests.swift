import Foundation
import Testing

@testable import Courier

@Suite("Proxy configuration")
struct ProxySelectorTests {
    @Test func environmentVariablesAreRead() throws {
        let selector = try ProxySelector(
            .environment,
            environment: [
                "http_proxy": "http://proxy.local:3128",
                "HTTPS_PROXY": "http://user:p%40ss@secure.local:8443",
                "no_proxy": "localhost, .internal.example, 10.0.0.1, exact.example:8080",
            ])
        let http = try #require(selector.proxy(for: URL(string: "http://example.com/")!))
        #expect(http.host == "proxy.local" && http.port == 3128)
        let https = try #require(selector.proxy(for: URL(string: "https://example.com/")!))
        #expect(https.host == "secure.local" && https.port == 8443)
        #expect(https.credentials == ProxyCredentials(user: "user", password: "p@ss"))
        #expect(selector.proxy(for: URL(string: "http://localhost:8080/")!) == nil)
        #expect(selector.proxy(for: URL(string: "http://a.internal.example/")!) == nil)
        #expect(selector.proxy(for: URL(string: "http://internal.example/")!) == nil)
        #expect(selector.proxy(for: URL(string: "http://10.0.0.1/")!) == nil)
        #expect(selector.proxy(for: URL(string: "http://exact.example:8080/")!) == nil)
        #expect(selector.proxy(for: URL(string: "http://exact.example/")!) != nil)
    }

    @Test func lowerCaseWinsOverUpperCase() throws {
        let selector = try ProxySelector(
            .environment, environment: ["https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:2"])
        #expect(selector.proxy(for: URL(string: "https://x/")!)?.host == "lower")
    }

    @Test func upperCaseHTTPProxyIsIgnoredForPlainHTTP() throws {
        // curl's rule against the CGI "httpoxy" injection.
        let selector = try ProxySelector(.environment, environment: ["HTTP_PROXY": "http://evil:1"])
        #expect(selector.proxy(for: URL(string: "http://x/")!) == nil)
    }

    @Test func allProxyIsTheFallbackAndNoProxyStarDisables() throws {
        let selector = try ProxySelector(.environment, environment: ["ALL_PROXY": "socks5://sock:1080"])
        #expect(selector.proxy(for: URL(string: "https://x/")!)?.kind == .socks5)
        let none = try ProxySelector(.environment, environment: ["all_proxy": "http://p:1", "no_proxy": "*"])
        #expect(none.proxy(for: URL(string: "https://x/")!) == nil)
    }

    @Test func socksCredentialsAndRemoteResolutionAreRead() throws {
        let selector = try ProxySelector(.environment, environment: ["all_proxy": "socks5h://u:p%40ss@sock:1080"])
        let proxy = try #require(selector.proxy(for: URL(string: "https://x/")!))
        #expect(proxy.kind == .socks5)
        #expect(proxy.credentials == ProxyCredentials(user: "u", password: "p@ss"))
        #expect(proxy.resolvesRemotely)
        let local = try ProxySelector(.environment, environment: ["all_proxy": "socks5://sock:1080"])
        #expect(local.proxy(for: URL(string: "https://x/")!)?.resolvesRemotely == false)
    }

    @Test func explicitProxies() throws {
        let http = try ProxySelector(.http(host: "p", port: 8080, noProxy: ["skip.me"]))
        #expect(http.proxy(for: URL(string: "https://example.com/")!)?.port == 8080)
        #expect(http.proxy(for: URL(string: "https://skip.me/")!) == nil)
        let socks = try ProxySelector(.socks5(host: "s", port: 1080))
        #expect(socks.proxy(for: URL(string: "http://example.com/")!)?.kind == .socks5)
        let none = try ProxySelector(.none)
        #expect(none.proxy(for: URL(string: "https://example.com/")!) == nil)
    }

    @Test func garbageProxyURLIsAClearError() {
        let error = #expect(throws: CourierError.self) {
            try ProxySelector(.environment, environment: ["https_proxy": "ftp://x:1"])
        }
        #expect(error?.message.contains("unsupported proxy scheme") == true)
    }
}
