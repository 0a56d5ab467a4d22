import Courier
import CourierPayloads
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

/// What the SOAP weather service answered the JSON→SOAP façade.
enum SOAPWeatherAnswer: Sendable {
    case weather(city: String, state: String, temperature: Int, conditions: String)
    case fault(code: String, subcodes: [String], reason: String)
}

extension UpstreamClient {
    /// Calls the SOAP 1.2 weather service with CourierPayloads' envelope builder and reader.
    func soapWeather(zip: String, endpoint: URL) async throws -> SOAPWeatherAnswer {
        let call = SOAPEnvelope(
            operation: SOAPOperation(
                name: "GetWeather", namespaceURI: "urn:courier:sample:weather",
                parameters: [SOAPParameter("zip", .string(zip))]))
        do {
            let reply = try await self.session.soap(call, to: endpoint)
            let result = try reply.operation()
            guard let city = result["city"]?.stringValue, let state = result["state"]?.stringValue,
                let temperature = result["temperature"]?.intValue, let conditions = result["conditions"]?.stringValue
            else {
                throw SOAPFault(code: .receiver, reason: "the SOAP answer lacks a field")
            }
            return .weather(city: city, state: state, temperature: temperature, conditions: conditions)
        } catch let fault as SOAPFault {
            return .fault(code: fault.code.localName, subcodes: fault.subcodes, reason: fault.reason)
        }
    }
}
