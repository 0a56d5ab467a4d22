import Foundation
import Testing

@testable import CourierDiscovery

/// The Foundation-shaped porting classes over two loopback instances.
@MainActor
@Suite struct NetServiceTests {
    @MainActor
    final class Recorder: NetServiceDelegate, NetServiceBrowserDelegate {
        let events: AsyncStream<String>
        private let sink: AsyncStream<String>.Continuation
        var found: [NetService] = []

        init() {
            (events, sink) = AsyncStream.makeStream(of: String.self)
        }

        func netServiceDidPublish(_ sender: NetService) { sink.yield("published \(sender.name)") }
        func netServiceDidResolveAddress(_ sender: NetService) { sink.yield("resolved \(sender.port)") }
        func netService(_ sender: NetService, didNotPublish errorDict: [String: NSNumber]) {
            sink.yield("didNotPublish \(errorDict["NSNetServicesErrorCode"]?.intValue ?? 0)")
        }
        func netServiceBrowser(_ browser: NetServiceBrowser, didFind service: NetService, moreComing: Bool) {
            found.append(service)
            sink.yield("found \(service.name) \(moreComing)")
        }
    }

    @Test func publishBrowseAndResolveWithDelegates() async throws {
        let port = try privateMDNSPort()
        let a = loopbackDiscovery(port: port, host: "porting-a")
        let b = loopbackDiscovery(port: port, host: "porting-b")
        try await a.start()
        try await b.start()
        let recorder = Recorder()

        let service = NetService(domain: "", type: "_associateHelp._tcp.", name: "Kids Shoes", port: 4242, discovery: a)
        service.setTXTRecord(NetService.data(fromTXTRecord: ["version": Data("1.0".utf8)]))
        service.delegate = recorder
        service.publish()
        _ = try await firstElement(of: recorder.events, "published") { $0 == "published Kids Shoes" }

        let browser = NetServiceBrowser(discovery: b)
        browser.delegate = recorder
        browser.searchForServices(ofType: "_associateHelp._tcp.", inDomain: "local.")
        _ = try await firstElement(of: recorder.events, "found") { $0 == "found Kids Shoes false" }

        let found = try #require(recorder.found.first)
        found.delegate = recorder
        found.resolve(withTimeout: 5)
        _ = try await firstElement(of: recorder.events, "resolved") { $0 == "resolved 4242" }
        #expect(NetService.dictionary(fromTXTRecord: found.txtRecordData() ?? Data())["version"] == Data("1.0".utf8))

        browser.stop()
        found.stop()
        service.stop()
        await a.shutdown()
        await b.shutdown()
    }

    @Test func txtDictionaryConversionsMatchFoundation() {
        let data = NetService.data(fromTXTRecord: ["b": Data("2".utf8), "a": Data()])
        #expect(Array(data) == [2] + Array("a=".utf8) + [3] + Array("b=2".utf8))
        #expect(NetService.dictionary(fromTXTRecord: data) == ["a": Data(), "b": Data("2".utf8)])
        #expect(DiscoveryError(.collision, "x").netServicesErrorDictionary["NSNetServicesErrorCode"] == -72001)
    }
}
