import Courier
import Testing

/// What `import Courier` alone gives of the reachability module, and how a probe failure maps to a code.
@Suite("Reachability through Courier")
struct ConnectivityTests {
    @Test func probeFailuresMapToTheCodesOfTheSameName() {
        #expect(CourierError.Code(HostReachability.ProbeFailure.cannotConnectToHost) == .cannotConnectToHost)
        #expect(CourierError.Code(HostReachability.ProbeFailure.timedOut) == .timedOut)
        #expect(CourierError.Code(HostReachability.ProbeFailure.notConnectedToInternet) == .notConnectedToInternet)
    }

    @Test func theReachabilityTypesAreVisibleWithoutAnotherImport() {
        var configuration = SessionConfiguration.ephemeral
        configuration.reachability = Reachability(source: InterfacePollingSource(interval: 60), fallback: nil)
        #expect(configuration.reachability != nil)
        #expect(ReachabilityStatus.reachable(via: .wifi).hasNetwork)
    }
}
