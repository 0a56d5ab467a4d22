import Foundation
import Testing

@testable import CourierDiscovery

@Suite struct ServiceIdentityTests {
    @Test(arguments: [
        "_http._tcp", "_associateHelp._tcp", "_ipp._tcp.local.", "_a-b2._udp.", "_printer._sub._http._tcp",
    ])
    func validTypesParse(text: String) throws {
        _ = try ServiceType(text)
    }

    @Test(arguments: [
        ("_way-too-long-service._tcp", "service type has 20 characters; limit 15"),
        ("_123._tcp", "service type \"123\" needs at least one letter"),
        ("_-ab._tcp", "service type \"-ab\" may not start, end or repeat a hyphen"),
        ("_a--b._tcp", "service type \"a--b\" may not start, end or repeat a hyphen"),
        ("_a_b._tcp", "service type \"a_b\" may hold only letters, digits and hyphens"),
        ("_http._sctp", "service type transport must be _tcp or _udp, not \"_sctp\""),
        ("http._tcp", "service type name must start with an underscore: \"http\""),
    ])
    func invalidTypesNameTheRule(text: String, message: String) {
        #expect(throws: DiscoveryError(.badArgument, message)) { try ServiceType(text) }
    }

    @Test func instanceNameIsOneLabelWithLiteralDots() throws {
        let identity = try ServiceIdentity(name: "Dept. 4 — Café", type: "_associateHelp._tcp")
        #expect(identity.fullName.labels.first == "Dept. 4 — Café")
        #expect(identity.description == "Dept\\. 4 — Café._associateHelp._tcp.local.")
    }

    @Test func instanceNameIsNormalizedToNFC() throws {
        let decomposed = "Cafe\u{0301}"
        let identity = try ServiceIdentity(name: decomposed, type: "_http._tcp")
        #expect(Array(identity.name.utf8) == Array("Caf\u{00E9}".utf8))
    }

    @Test(arguments: ["", String(repeating: "x", count: 64), "tab\there"])
    func invalidInstanceNamesThrow(name: String) {
        #expect(throws: DiscoveryError.self) { try ServiceIdentity(name: name, type: "_http._tcp") }
    }

    @Test func wideAreaDomainsAreUnsupported() {
        #expect(throws: DiscoveryError.self) {
            try ServiceIdentity(name: "x", type: "_http._tcp", domain: "example.com.")
        }
    }

    @Test func extraLabelsBeforeTheTypeAreJoinedWithDots() throws {
        let type = try ServiceType("_http._tcp")
        let name = try DNSName(labels: ["Dept", " 5", "_http", "_tcp", "local"])
        #expect(ServiceIdentity(fullName: name, type: type)?.name == "Dept. 5")
    }

    @Test func codableRoundTrips() throws {
        let identity = try ServiceIdentity(name: "Kids Shoes", type: "_associateHelp._tcp")
        let data = try JSONEncoder().encode(identity)
        #expect(try JSONDecoder().decode(ServiceIdentity.self, from: data) == identity)
    }

    @Test func errorsKeepNSNetServicesCodes() {
        #expect(DiscoveryError.Code.unknown.rawValue == -72000)
        #expect(DiscoveryError.Code.collision.rawValue == -72001)
        #expect(DiscoveryError.Code.timeout.rawValue == -72007)
        #expect(DiscoveryError.Code.missingRequiredConfiguration.rawValue == -72008)
    }
}
