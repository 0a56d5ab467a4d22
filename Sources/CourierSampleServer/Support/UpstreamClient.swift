import Courier
import Foundation

/// What an upstream answered: status and body.
struct UpstreamResponse: Sendable {
    var status: Int
    var data: Data

    var text: String? { String(data: self.data, encoding: .utf8) }

    /// The `error.message` of a JSON error body, if that is what the upstream sent.
    var errorMessage: String? {
        let object = try? JSONSerialization.jsonObject(with: self.data) as? [String: Any]
        return (object?["error"] as? [String: Any])?["message"] as? String
    }
}

/// The façade's HTTP client for its upstreams: a Courier session (ephemeral, short timeouts).
final class UpstreamClient: Sendable {
    let session: Session

    init() {
        var configuration = SessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        self.session = Session(configuration: configuration)
    }

    func get(_ url: URL) async throws -> UpstreamResponse {
        let response = try await self.session.data(for: Request(url: url))
        return UpstreamResponse(status: response.status.code, data: response.data)
    }

    func invalidate() async {
        await self.session.invalidateAndCancel()
    }
}
