import CourierTesting
import Foundation
import HTTPTypes
import Testing

@testable import Courier

@Suite("Application errors and payload validation")
struct ApplicationErrorDetectorTests {
    func response(_ body: String, status: HTTPResponse.Status = .ok) throws -> Response {
        Response(
            status: status, headerFields: [.contentType: "application/json"],
            url: try #require(URL(string: "https://bank.test/transfer")), body: .data(Data(body.utf8)))
    }

    @Test func theBooksEnvelopeIsAnApplicationError() throws {
        let body = """
            {"error": {"code": 900005, "messages": "Insufficient Funds to Complete Transfer"},
             "data": {"fromAccount": 1, "toAccount": 5, "amount": 500.00}}
            """
        let error = #expect(throws: CourierError.self) { try self.response(body).checkApplicationError() }
        #expect(error?.code == .applicationError)
        #expect(error?.kind == .application)
        #expect(error?.outcome == .failed)
        #expect(error?.applicationCode == 900005)
        #expect(error?.message.contains("Insufficient Funds to Complete Transfer") == true)
        #expect(error?.response?.status == .ok)
    }

    @Test(arguments: [
        #"{"data": {"balance": 12}}"#, #"{"error": null, "data": {}}"#, #"{"error": false}"#, #"{"error": ""}"#,
        #"{"error": []}"#, "[1, 2, 3]", "\"error\"", "not json at all", "", "{", #"{"error": {"code": 1"#,
        "<error>xml</error>",
    ])
    func bodiesWithoutAnErrorPass(body: String) throws {
        #expect(ApplicationErrorDetector.envelope.finding(in: try response(body)) == nil)
    }

    @Test(
        arguments: [
            (#"{"error": {"code": "900005", "messages": "as text"}}"#, 900005, "as text"),
            (#"{"error": {"code": 42.0, "message": "singular key"}}"#, 42, "singular key"),
            (#"{"error": {"code": 4.5, "messages": ["first", 7, "second"]}}"#, nil, "first; second"),
            (#"{"error": {"code": true, "messages": 12}}"#, nil, ApplicationErrorDetector.defaultMessage),
            (#"{"error": {"code": 1e300, "messages": {"nested": 1}}}"#, nil, ApplicationErrorDetector.defaultMessage),
            (#"{"error": {}}"#, nil, ApplicationErrorDetector.defaultMessage),
            (#"{"error": "account locked"}"#, nil, "account locked"),
            (#"{"error": true}"#, nil, ApplicationErrorDetector.defaultMessage),
            (#"{"error": 900007}"#, 900007, ApplicationErrorDetector.defaultMessage),
            (#"{"error": ["a", "b"]}"#, nil, "a; b"),
        ] as [(String, Int?, String)])
    func envelopesWithWrongTypesAreReadAsFarAsTheyMakeSense(body: String, code: Int?, message: String) throws {
        let finding = ApplicationErrorDetector.envelope.finding(in: try response(body))
        #expect(finding == .init(code: code, message: message))
    }

    @Test func deeplyNestedOrHugeGarbageDoesNotCrash() throws {
        let deep = String(repeating: "[", count: 100_000)
        #expect(ApplicationErrorDetector.envelope.finding(in: try response("{\"error\": \(deep)")) == nil)
        var generator = SeededGenerator(seed: 11)
        for _ in 0..<500 {
            let count = Int(generator.next() % 200)
            var bytes = Array("{\"error\": ".utf8)
            bytes += (0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            let response = Response(
                status: .ok, url: try #require(URL(string: "https://x.test/")), body: .data(Data(bytes)))
            _ = ApplicationErrorDetector.envelope.finding(in: response)
        }
    }

    @Test func customMemberNamesAndCustomDetectors() throws {
        let custom = ApplicationErrorDetector.envelope(errorKey: "fault", codeKey: "id", messageKeys: ["text"])
        let finding = custom.finding(in: try response(#"{"fault": {"id": 3, "text": "no"}, "error": "ignored"}"#))
        #expect(finding == .init(code: 3, message: "no"))

        let headerDetector = ApplicationErrorDetector { response, body in
            guard let code = response.value(forHTTPHeaderField: "X-App-Error").flatMap(Int.init) else { return nil }
            return .init(code: code, message: String(decoding: body, as: UTF8.self))
        }
        var flagged = try response("refused")
        flagged.headerFields[HTTPField.Name("X-App-Error")!] = "17"
        let error = #expect(throws: CourierError.self) { try flagged.checkApplicationError(using: headerDetector) }
        #expect(error?.applicationCode == 17)
        #expect(try response("fine").checkApplicationError(using: headerDetector).data == Data("fine".utf8))
    }

    @Test func aSessionWideDetectorFailsTheTask() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .post, "https://bank.test/transfer",
            response: .json(#"{"error": {"code": 900005, "messages": "Insufficient Funds"}, "data": {}}"#))
        stubs.stub(.get, "https://bank.test/balance", response: .json(#"{"data": {"balance": 3}}"#))
        let session = stubbedSession(stubs) { $0.applicationErrorDetector = .envelope }
        let error = await #expect(throws: CourierError.self) {
            try await session.data(for: try Request("https://bank.test/transfer", method: .post))
        }
        #expect(error?.code == .applicationError)
        #expect(error?.applicationCode == 900005)
        #expect(error?.request?.url.path == "/transfer")
        let balance = try await session.data(for: try Request("https://bank.test/balance"))
        #expect(balance.status == .ok)
        await session.finishTasksAndInvalidate()
    }

    @Test func payloadValidationRunsBeforeDecoding() throws {
        struct Balance: Decodable { var balance: Int }
        struct Unsigned: Error {}
        let good = try response(#"{"balance": 3}"#)
        let decoded = try good.validate { response, data in
            #expect(response.status == .ok)
            #expect(!data.isEmpty)
        }.decode(Balance.self)
        #expect(decoded.balance == 3)

        let error = #expect(throws: CourierError.self) {
            try good.validate { _, _ in throw Unsigned() }.decode(Balance.self)
        }
        #expect(error?.code == .cannotParseResponse)
        #expect(error?.kind == .payload)
        #expect(error?.underlyingError is Unsigned)

        let passedThrough = #expect(throws: CourierError.self) {
            try good.validate { _, _ in throw CourierError(.zeroByteResource, kind: .payload, message: "empty") }
        }
        #expect(passedThrough?.code == .zeroByteResource)
    }
}
