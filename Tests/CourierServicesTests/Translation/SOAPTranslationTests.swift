import CourierPayloads
import CourierServicesServer
import CourierTesting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

import class Courier.Session
import struct Courier.SessionConfiguration

/// `SOAPTranslation`: a JSON request to the façade becomes a SOAP 1.2 call to an upstream (an in-process
/// server answering canned envelopes), and the answer comes back as JSON; every failure is a JSON error with
/// the status that says whose fault it was.
@Suite("SOAPTranslation: JSON in, a SOAP 1.2 call upstream, JSON out")
struct SOAPTranslationTests {
    struct Query: Decodable, Sendable {
        var zip: String
        var days: Int?
    }

    struct Weather: Encodable, Sendable {
        var city: String
        var currentTemperature: Int
    }

    static let namespace = "urn:example:weather"

    static func envelope(_ operation: SOAPOperation) throws -> TestServer.Response {
        .data(try SOAPEnvelope(operation: operation).data(), headers: [.contentType: SOAPEnvelope.contentType])
    }

    static func fault(_ fault: SOAPFault, status: Int) throws -> TestServer.Response {
        .data(try SOAPEnvelope(fault: fault).data(), status: status, headers: [.contentType: SOAPEnvelope.contentType])
    }

    /// Runs `body` with a router whose `POST /weather` translates to the upstream `answer` serves.
    func withFacade(
        upstream answer: @escaping @Sendable (TestServer.Request) throws -> TestServer.Response,
        endpoint: URL? = nil, bodyLimit: Int = 1024,
        _ body: @escaping @Sendable (any TestClientProtocol, TestServer) async throws -> Void
    ) async throws {
        let upstream = try await TestServer.start { try answer($0) }
        var configuration = SessionConfiguration.ephemeral
        configuration.retryPolicy = .none
        configuration.timeoutIntervalForRequest = 10
        let session = Session(configuration: configuration)
        let translation = SOAPTranslation<Query, Weather>(
            endpoint: endpoint ?? upstream.url("/soap"), session: session, bodyLimit: bodyLimit,
            call: { query in
                guard query.zip.count == 5 else { throw SOAPTranslationRefusal("a zip has five digits") }
                return SOAPOperation(
                    name: "GetWeather", namespaceURI: Self.namespace,
                    parameters: [SOAPParameter("zip", .string(query.zip))])
            },
            answer: { result in
                guard let city = result["city"]?.stringValue, let temperature = result["temperature"]?.intValue
                else { throw SOAPTranslationRefusal("the answer lacks city or temperature") }
                return Weather(city: city, currentTemperature: temperature)
            })
        let router = Router(context: MiddlewareTestContext.self)
        router.post("/weather", use: translation.respond)
        do {
            try await testRouter(router) { client in try await body(client, upstream) }
        } catch {
            await session.invalidateAndCancel()
            try? await upstream.shutdown()
            throw error
        }
        await session.invalidateAndCancel()
        try? await upstream.shutdown()
    }

    static let lansing: @Sendable (TestServer.Request) throws -> TestServer.Response = { _ in
        try envelope(
            SOAPOperation(
                name: "GetWeatherResponse", namespaceURI: namespace,
                parameters: [SOAPParameter("city", .string("Lansing")), SOAPParameter("temperature", .int(54))]))
    }

    func post(_ client: any TestClientProtocol, _ json: String) async throws -> TestResponse {
        try await client.execute(
            uri: "/weather", method: .post, headers: [.contentType: "application/json"],
            body: ByteBuffer(string: json))
    }

    @Test("a JSON request is sent on as a SOAP 1.2 envelope and the answer comes back as JSON")
    func translates() async throws {
        try await withFacade(upstream: Self.lansing) { client, upstream in
            let response = try await post(client, #"{"zip":"48907"}"#)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let weather = try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any]
            #expect(weather?["city"] as? String == "Lansing")
            #expect(weather?["currentTemperature"] as? Int == 54)
            let sent = try #require(upstream.recordedRequests.first)
            #expect(sent.method == "POST")
            #expect(sent.headers[.contentType]?.hasPrefix("application/soap+xml") == true)
            let call = try SOAPEnvelope(parsing: sent.body).operation()
            #expect(call.name == "GetWeather" && call.namespaceURI == Self.namespace)
            #expect(call["zip"]?.stringValue == "48907")
        }
    }

    @Test("a body that is not the input is a 400 naming the field, and nothing goes upstream")
    func badInput() async throws {
        try await withFacade(upstream: Self.lansing) { client, upstream in
            for (json, message) in [
                (#"{"city":"Richmond"}"#, #"missing field "zip""#),
                (#"{"zip":48907}"#, #"the field "zip" is not a string"#),
                (#"{"zip":"48907","days":"two"}"#, #"the field "days" is not a number"#),
                ("zip=48907", "the body is not valid JSON"),
                ("", "a JSON object body is required"),
                (#"{"zip":"123"}"#, "the request cannot be translated: a zip has five digits"),
            ] {
                let response = try await post(client, json)
                #expect(response.status == .badRequest, "\(json)")
                #expect(response.errorMessage == message, "\(json): \(response.text)")
            }
            #expect(upstream.recordedRequests.isEmpty)
        }
    }

    @Test("a Sender fault is the client's 400, a Receiver fault the upstream's 502, both with code and reason")
    func faults() async throws {
        try await withFacade(upstream: { request in
            let zip = try SOAPEnvelope(parsing: request.body).operation()["zip"]?.stringValue
            if zip == "00000" {
                return try Self.fault(
                    SOAPFault(code: .sender, subcodes: ["w:UnknownZip"], reason: "no weather station for 00000"),
                    status: 400)
            }
            return try Self.fault(SOAPFault(code: .receiver, reason: "the station is down"), status: 500)
        }) { client, _ in
            let unknown = try await post(client, #"{"zip":"00000"}"#)
            #expect(unknown.status == .badRequest)
            #expect(
                unknown.errorMessage
                    == "the SOAP service answered a Sender fault w:UnknownZip: no weather station for 00000")
            let down = try await post(client, #"{"zip":"23219"}"#)
            #expect(down.status == .badGateway)
            #expect(down.errorMessage == "the SOAP service answered a Receiver fault: the station is down")
        }
    }

    @Test("an answer that is not a SOAP envelope, or lacks a field, is a 502 that says so")
    func unusableAnswers() async throws {
        try await withFacade(upstream: { request in
            let zip = try SOAPEnvelope(parsing: request.body).operation()["zip"]?.stringValue
            if zip == "11111" { return .text("<html>maintenance</html>") }
            return try Self.envelope(
                SOAPOperation(
                    name: "GetWeatherResponse", namespaceURI: Self.namespace,
                    parameters: [SOAPParameter("city", .string("Lansing"))]))
        }) { client, _ in
            let html = try await post(client, #"{"zip":"11111"}"#)
            #expect(html.status == .badGateway)
            #expect(html.errorMessage?.hasPrefix("the SOAP service's answer cannot be read") == true, "\(html.text)")
            let partial = try await post(client, #"{"zip":"22222"}"#)
            #expect(partial.status == .badGateway)
            #expect(
                partial.errorMessage
                    == "the SOAP service's answer is not usable: the answer lacks city or temperature")
        }
    }

    @Test("an upstream nobody answers at is a 502, and a body over the limit a 413")
    func unreachableAndTooLarge() async throws {
        try await withFacade(upstream: Self.lansing, endpoint: URL(string: "http://127.0.0.1:1/soap")!) { client, _ in
            let dead = try await post(client, #"{"zip":"48907"}"#)
            #expect(dead.status == .badGateway)
            #expect(dead.errorMessage?.hasPrefix("the SOAP service could not be reached") == true, "\(dead.text)")
            let large = try await post(
                client, #"{"zip":"48907","pad":""# + String(repeating: "x", count: 2000) + #""}"#)
            #expect(large.status == .contentTooLarge)
            #expect(large.errorMessage == "the request body is larger than 1024 bytes")
        }
    }
}
