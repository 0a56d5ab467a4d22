import Courier
import CourierServices
import Foundation

/// The tour's section for chapter 2's service locator: the façade tester's four contracts through
/// `service://` URLs, a version the locator does not list refused before anything is sent, and active
/// versioning negotiated by the client.
extension TourSection {
    static func locator(_ tour: TourContext) async throws -> String {
        let locatorURL = tour.url("/locator/dev.json")
        tour.log("→ GET /locator/dev.json, then service://NAME/VERSION/… for each contract")
        let outcomes = try await FacadeTester(locatorURL: locatorURL).run()
        for outcome in outcomes {
            switch outcome.result {
            case .success(let summary): tour.log("  \(outcome.url) → \(summary)")
            case .failure(let failure): throw TourFailure("\(outcome.label) \(failure)")
            }
        }

        let locator = try ServiceLocator(
            configuration: ServiceLocatorConfiguration(documentURL: locatorURL, environment: .dev),
            session: tour.session)
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        let negotiator = try APIVersionNegotiator(clientVersion: "1.3")
        configuration.interceptors = [ServiceURLInterceptor(locator: locator), negotiator]
        let session = Session(configuration: configuration)
        defer { Task { await session.invalidateAndCancel() } }
        do {
            _ = try await session.data(for: Request(url: URL(string: "service://weather/3/23219")!))
            throw TourFailure("service://weather/3/23219 was sent although the locator lists no version 3")
        } catch let error as CourierError where error.code == .serviceNotFound {
            tour.log("  service://weather/3/23219 → refused before sending: \(error.message)")
        }
        let active = try await tour.send(Request(url: tour.url("/api/weather/23219")), session: session)
        try tourCheck(active.apiVersion == "1.0", "client 1.3 was answered in API \(active.apiVersion ?? "?")")
        tour.log("  X-Client-Version: 1.3 → the server chose API \(negotiator.negotiatedVersion ?? "?")")
        return "4 contracts through the locator (v1 strings, v2 numbers); unknown version refused; client 1.3 → API 1.0"
    }
}
