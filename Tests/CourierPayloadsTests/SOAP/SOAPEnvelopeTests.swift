import Courier
import CourierPayloads
import CourierTesting
import Foundation
import Testing

@Suite struct SOAPEnvelopeTests {
    static let quoteRequest = SOAPEnvelope(
        headerBlocks: [
            SOAPHeaderBlock(
                name: "Transaction", namespaceURI: "urn:example:tx", mustUnderstand: true,
                role: "http://www.w3.org/2003/05/soap-envelope/role/next", text: "5 & 6")
        ],
        operation: SOAPOperation(
            name: "GetQuote", namespaceURI: "urn:example:stocks",
            parameters: [
                SOAPParameter("symbol", .string("AT&T <x>")),
                SOAPParameter("days", .int(-5)),
                SOAPParameter("live", .boolean(true)),
                SOAPParameter("ratio", .float(0.5)),
                SOAPParameter("limit", .double(1234.5678)),
                SOAPParameter("nothing", .null),
                SOAPParameter(
                    "range",
                    .structure([
                        SOAPParameter("from", .int(1)),
                        SOAPParameter("inner", .structure([SOAPParameter("deep", .double(.infinity))])),
                    ])),
            ]))

    @Test func buildsTheExactEnvelope() throws {
        let text = String(decoding: try Self.quoteRequest.data(), as: UTF8.self)
        let expected =
            #"<?xml version="1.0" encoding="UTF-8"?>"#
            + #"<env:Envelope xmlns:env="http://www.w3.org/2003/05/soap-envelope" "#
            + #"xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">"#
            + #"<env:Header><h:Transaction xmlns:h="urn:example:tx" env:mustUnderstand="true" "#
            + #"env:role="http://www.w3.org/2003/05/soap-envelope/role/next">5 &amp; 6</h:Transaction></env:Header>"#
            + #"<env:Body><m:GetQuote xmlns:m="urn:example:stocks">"#
            + #"<symbol xsi:type="xsd:string">AT&amp;T &lt;x&gt;</symbol><days xsi:type="xsd:int">-5</days>"#
            + #"<live xsi:type="xsd:boolean">true</live><ratio xsi:type="xsd:float">0.5</ratio>"#
            + #"<limit xsi:type="xsd:double">1234.5678</limit><nothing xsi:nil="true"/>"#
            + #"<range><from xsi:type="xsd:int">1</from><inner><deep xsi:type="xsd:double">INF</deep></inner></range>"#
            + #"</m:GetQuote></env:Body></env:Envelope>"#
        #expect(text == expected)
    }

    @Test func roundTripsHeadersOperationAndTypedValues() throws {
        for indentation in [nil, "  "] {
            let parsed = try SOAPEnvelope(parsing: try Self.quoteRequest.data(indentation: indentation))
            #expect(parsed == Self.quoteRequest)
        }
        let operation = try Self.quoteRequest.operation()
        #expect(operation["days"]?.intValue == -5)
        #expect(operation["range"]?[member: "from"]?.intValue == 1)
    }

    @Test func readsValuesWrittenByOtherToolkits() throws {
        let text = """
            <?xml version="1.0"?>
            <soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"
                xmlns:s="http://www.w3.org/2001/XMLSchema" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">
              <soap:Body>
                <GetQuoteResponse xmlns="urn:example:stocks">
                  <price i:type="s:double"> 12.5 </price>
                  <count i:type="s:long">+3</count>
                  <ok i:type="s:boolean">1</ok>
                  <note>plain text</note>
                </GetQuoteResponse>
              </soap:Body>
            </soap:Envelope>
            """
        let operation = try SOAPEnvelope(parsing: Array(text.utf8)).operation()
        #expect(operation.name == "GetQuoteResponse")
        #expect(operation.namespaceURI == "urn:example:stocks")
        #expect(operation["price"] == .double(12.5))
        #expect(operation["count"] == .int(3))
        #expect(operation["ok"] == .boolean(true))
        #expect(operation["note"] == .string("plain text"))
    }

    static let fault = SOAPFault(
        code: .sender, subcodes: ["m:MessageTimeout", "m:Deeper"], reason: "Sender Timeout",
        detail: [SOAPParameter("MaxTime", .string("P5M"))])

    @Test func faultsRoundTripAndAreThrownByOperation() throws {
        let data = try SOAPEnvelope(fault: Self.fault).data()
        let text = String(decoding: data, as: UTF8.self)
        #expect(
            text.contains(
                "<env:Fault><env:Code><env:Value>env:Sender</env:Value><env:Subcode><env:Value>m:MessageTimeout</env:Value>"
                    + "<env:Subcode><env:Value>m:Deeper</env:Value></env:Subcode></env:Subcode></env:Code>"
                    + #"<env:Reason><env:Text xml:lang="en">Sender Timeout</env:Text></env:Reason>"#
                    + #"<env:Detail><MaxTime xsi:type="xsd:string">P5M</MaxTime></env:Detail></env:Fault>"#))
        let parsed = try SOAPEnvelope(parsing: data)
        #expect(parsed.fault == Self.fault)
        #expect(throws: Self.fault) { try parsed.operation() }
        #expect(Self.fault.subcode == "m:MessageTimeout")
        #expect("\(Self.fault)" == "SOAP fault Sender (m:MessageTimeout / m:Deeper): Sender Timeout")
    }

    @Test func aSOAP11EnvelopeIsAVersionMismatch() {
        let text = """
            <s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><x/></s:Body></s:Envelope>
            """
        do {
            _ = try SOAPEnvelope(parsing: Array(text.utf8))
            Issue.record("a SOAP 1.1 envelope was read")
        } catch let error as SOAPError {
            #expect(error.code == .versionMismatch)
            #expect(error.message.contains("SOAP 1.1"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test(arguments: [
        ("<Envelope/>", SOAPError.Code.versionMismatch),
        (#"<e:Letter xmlns:e="http://www.w3.org/2003/05/soap-envelope"/>"#, .malformedEnvelope),
        (#"<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"/>"#, .malformedEnvelope),
        (#"<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body/></e:Envelope>"#, .malformedEnvelope),
        (
            #"<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body><x/></e:Body><e:Header/></e:Envelope>"#,
            .malformedEnvelope
        ),
        (
            #"<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body><e:Fault/></e:Body></e:Envelope>"#,
            .malformedEnvelope
        ),
        (
            #"<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">"#
                + #"<e:Body><op><n i:type="xsd:int">ten</n></op></e:Body></e:Envelope>"#, .invalidValue
        ),
        (#"<e:Envelope xmlns:e="http://www.w3.org/2003/05/soap-envelope"><e:Body>"#, .malformedXML),
    ])
    func malformedEnvelopesThrowClearErrors(text: String, code: SOAPError.Code) {
        do {
            _ = try SOAPEnvelope(parsing: Array(text.utf8))
            Issue.record("\(text) was read")
        } catch let error as SOAPError {
            #expect(error.code == code, "\(text): \(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    func stubbedSession(_ stubs: StubProtocolHandler) -> Session {
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers = [stubs]
        return Session(configuration: configuration)
    }

    @Test func sessionSendsTheEnvelopeAndReadsTheReply() async throws {
        let reply = SOAPEnvelope(
            operation: SOAPOperation(
                name: "GetQuoteResponse", namespaceURI: "urn:example:stocks",
                parameters: [SOAPParameter("price", .double(42.25))]))
        let stubs = StubProtocolHandler()
        stubs.stub(
            .post, "https://soap.test/quotes",
            response: .data(try reply.data(), contentType: SOAPEnvelope.contentType))
        let session = stubbedSession(stubs)
        let answer = try await session.soap(
            Self.quoteRequest, to: URL(string: "https://soap.test/quotes")!, action: "urn:example:stocks#GetQuote")
        #expect(try answer.operation()["price"]?.doubleValue == 42.25)
        let sent = try #require(stubs.receivedRequests.first)
        #expect(
            sent.value(forHTTPHeaderField: "Content-Type")
                == #"application/soap+xml; charset=utf-8; action="urn:example:stocks#GetQuote""#)
        #expect(try SOAPEnvelope(parsing: sent.body.inMemoryData ?? Data()) == Self.quoteRequest)
        await session.finishTasksAndInvalidate()
    }

    @Test func sessionThrowsTheFaultOfAnErrorReply() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(
            .post, "https://soap.test/quotes",
            response: .data(
                try SOAPEnvelope(fault: Self.fault).data(), status: 400, contentType: SOAPEnvelope.contentType))
        stubs.stub(.post, "https://soap.test/broken", response: .text("Internal error", status: 500))
        stubs.stub(
            .post, "https://soap.test/old",
            response: .text(
                #"<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body><r/></s:Body></s:Envelope>"#))
        let session = stubbedSession(stubs)
        await #expect(throws: Self.fault) {
            try await session.soap(Self.quoteRequest, to: URL(string: "https://soap.test/quotes")!)
        }
        do {
            _ = try await session.soap(Self.quoteRequest, to: URL(string: "https://soap.test/broken")!)
            Issue.record("a 500 without an envelope was accepted")
        } catch let error as CourierError {
            #expect(error.code == .unacceptableStatusCode)
            #expect(error.statusCode == 500)
        }
        do {
            _ = try await session.soap(Self.quoteRequest, to: URL(string: "https://soap.test/old")!)
            Issue.record("a SOAP 1.1 reply was accepted")
        } catch let error as SOAPError {
            #expect(error.code == .versionMismatch)
        }
        await session.finishTasksAndInvalidate()
    }
}
