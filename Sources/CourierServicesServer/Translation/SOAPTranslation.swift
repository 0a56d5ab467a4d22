import CourierPayloads
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import struct Courier.CourierError
import class Courier.Session

/// Input translation, the remote façade's other duty (chapter 2): a JSON request is turned into a SOAP 1.2
/// call to an upstream service, and the answer back into JSON, so the façade's clients never see XML.
///
/// ```swift
/// struct WeatherQuery: Decodable, Sendable { var zip: String }
/// struct Weather: Encodable, Sendable { var city: String; var currentTemperature: Int }
///
/// let weather = SOAPTranslation<WeatherQuery, Weather>(
///     endpoint: URL(string: "https://legacy.example.com/soap/weather")!, session: session,
///     call: { query in
///         SOAPOperation(name: "GetWeather", namespaceURI: "urn:example:weather",
///                       parameters: [SOAPParameter("zip", .string(query.zip))])
///     },
///     answer: { result in
///         guard let city = result["city"]?.stringValue, let temperature = result["temperature"]?.intValue
///         else { throw SOAPTranslationRefusal("the answer lacks city or temperature") }
///         return Weather(city: city, currentTemperature: temperature)
///     })
/// router.post("/facade/weather", use: weather.respond)
/// ```
///
/// Every failure is a ``ServiceHTTPError`` with a JSON body:
/// - 400 for a body that is not JSON or not an `Input` (naming the field), for an input `call` refuses,
///   and for a `Sender` fault of the upstream (the client's data was wrong; its subcodes and reason are
///   passed on);
/// - 413 for a body over ``bodyLimit``;
/// - 502 for a `Receiver` (or any other) fault, an answer that is not a SOAP 1.2 envelope, an answer
///   `answer` refuses, and an upstream that cannot be reached;
/// - 504 when the upstream does not answer in time.
public struct SOAPTranslation<Input: Decodable & Sendable, Output: Encodable & Sendable>: Sendable {
    /// The SOAP service's URL.
    public var endpoint: URL
    /// SOAP 1.2's `action` parameter of the content type, when the service wants one.
    public var action: String?
    /// The session that carries the SOAP calls (its timeouts, trust and retry policy apply).
    public var session: Session
    /// The largest JSON body accepted, in bytes.
    public var bodyLimit: Int
    private let call: @Sendable (Input) throws -> SOAPOperation
    private let answer: @Sendable (SOAPOperation) throws -> Output

    /// Creates a translation.
    ///
    /// - Parameters:
    ///   - endpoint: The SOAP service's URL.
    ///   - action: SOAP 1.2's `action`, if any.
    ///   - session: The session for the upstream calls.
    ///   - bodyLimit: The largest JSON body accepted; 64 KiB by default.
    ///   - call: The SOAP operation for an input; throw (for example ``SOAPTranslationRefusal``) to refuse
    ///     the input with a 400.
    ///   - answer: The output for the service's result operation; throw to report an unusable answer (502).
    public init(
        endpoint: URL, action: String? = nil, session: Session, bodyLimit: Int = 64 * 1024,
        call: @escaping @Sendable (Input) throws -> SOAPOperation,
        answer: @escaping @Sendable (SOAPOperation) throws -> Output
    ) {
        self.endpoint = endpoint
        self.action = action
        self.session = session
        self.bodyLimit = bodyLimit
        self.call = call
        self.answer = answer
    }

    /// Translates one JSON request: decodes `Input`, calls the service, and returns its answer as `Output`.
    ///
    /// - Throws: ``ServiceHTTPError`` as described on the type.
    public func translate(json: Data) async throws(ServiceHTTPError) -> Output {
        let input: Input
        do {
            input = try JSONDecoder().decode(Input.self, from: json)
        } catch {
            throw ServiceHTTPError(.badRequest, Self.describe(error as? DecodingError, json: json))
        }
        let operation: SOAPOperation
        do {
            operation = try call(input)
        } catch {
            throw ServiceHTTPError(.badRequest, "the request cannot be translated: \(Self.reason(error))")
        }
        let reply: SOAPEnvelope
        do {
            reply = try await session.soap(SOAPEnvelope(operation: operation), to: endpoint, action: action)
        } catch let fault as SOAPFault {
            let status: HTTPResponse.Status = fault.code == .sender ? .badRequest : .badGateway
            let subcodes = fault.subcodes.isEmpty ? "" : " " + fault.subcodes.joined(separator: " ")
            throw ServiceHTTPError(
                status, "the SOAP service answered a \(fault.code.localName) fault\(subcodes): \(fault.reason)")
        } catch let error as SOAPError {
            throw ServiceHTTPError(.badGateway, "the SOAP service's answer cannot be read: \(error)")
        } catch let error as CourierError where error.code == .timedOut {
            throw ServiceHTTPError(.gatewayTimeout, "the SOAP service did not answer in time")
        } catch {
            throw ServiceHTTPError(.badGateway, "the SOAP service could not be reached: \(Self.reason(error))")
        }
        do {
            return try answer(try reply.operation())
        } catch {
            throw ServiceHTTPError(.badGateway, "the SOAP service's answer is not usable: \(Self.reason(error))")
        }
    }

    /// The Hummingbird handler: reads the JSON body (at most ``bodyLimit`` bytes), translates it, and answers
    /// `200` with `Output` as JSON (keys sorted, so equal answers are equal bytes).
    ///
    /// - Throws: ``ServiceHTTPError`` as described on the type.
    public func respond(to request: Request, context: some RequestContext) async throws -> Response {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: bodyLimit)
        } catch {
            throw ServiceHTTPError(.contentTooLarge, "the request body is larger than \(bodyLimit) bytes")
        }
        let output = try await translate(json: Data(buffer: body))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(output)
        } catch {
            throw ServiceHTTPError(.internalServerError, "the answer cannot be encoded as JSON: \(error)")
        }
        return Response(
            status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A decoding failure in words: which field is missing or has the wrong type.
    static func describe(_ error: DecodingError?, json: Data) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map(\.stringValue).joined(separator: ".")
        }
        switch error {
        case .keyNotFound(let key, let context)?:
            let parent = path(context)
            return "missing field \"\(parent.isEmpty ? key.stringValue : parent + "." + key.stringValue)\""
        case .typeMismatch(let type, let context)?, .valueNotFound(let type, let context)?:
            return "the field \"\(path(context))\" is not a \(Self.name(of: type))"
        case .dataCorrupted(let context)? where !context.codingPath.isEmpty:
            return "the field \"\(path(context))\" is not valid"
        default:
            return json.isEmpty ? "a JSON object body is required" : "the body is not valid JSON"
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Int.Type, is Double.Type, is Float.Type: "number"
        case is Bool.Type: "boolean"
        default: "\(type)"
        }
    }

    private static func reason(_ error: any Error) -> String {
        (error as? SOAPTranslationRefusal)?.message ?? "\(error)"
    }
}

/// A refusal a ``SOAPTranslation``'s `call` or `answer` throws, with the message the client sees.
public struct SOAPTranslationRefusal: Error, Sendable, CustomStringConvertible {
    /// What is wrong, for the client.
    public var message: String

    /// Creates a refusal.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
