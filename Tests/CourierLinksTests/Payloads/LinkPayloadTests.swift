import CourierLinks
import CourierTestSupport
import Foundation
import Testing

@Suite struct LinkPayloadTests {
    struct Note: Codable, Equatable {
        var employee: Int
        var text: String
        var tags: [String]
    }

    static let note = Note(employee: 5, text: "employee/5/ + ünïcode ~ %", tags: ["a+b", "c/d"])

    @Test(arguments: PayloadFormat.allCases)
    func roundTripsCodableValues(format: PayloadFormat) throws {
        let payload = LinkPayload(format: format)
        let text = try payload.encode(Self.note)
        #expect(text.utf8.allSatisfy(PercentEncoding.isUnreserved))
        #expect(!text.contains("+") && !text.contains("/") && !text.contains("="))
        #expect(try payload.decode(Note.self, from: text) == Self.note)
    }

    @Test func travelsInAQueryItemUnchanged() throws {
        let payload = LinkPayload()
        let url = try LinkURL("acme-records://note?" + payload.queryItem("note data", Self.note))
        let text = try #require(url.queryValue("note data"))
        #expect(try payload.decode(Note.self, from: text) == Self.note)
    }

    @Test func encodesEqualValuesToEqualText() throws {
        let payload = LinkPayload()
        #expect(try payload.encode(["b": 1, "a": 2]) == payload.encode(["a": 2, "b": 1]))
    }

    @Test func acceptsExactlyTheMaximumAndRefusesOneByteMore() throws {
        let payload = LinkPayload(maximumSize: 10)
        let atLimit = try payload.encode(data: Data(repeating: 0xFF, count: 10))
        #expect(atLimit.utf8.count == payload.maximumEncodedLength)
        #expect(try payload.decodeData(atLimit).count == 10)
        #expect { try payload.encode(data: Data(repeating: 0xFF, count: 11)) } throws: {
            ($0 as? LinkError)?.code == .payloadTooLarge
        }
        let over = try LinkPayload(maximumSize: 11).encode(data: Data(repeating: 0xFF, count: 11))
        #expect { try payload.decodeData(over) } throws: { ($0 as? LinkError)?.code == .payloadTooLarge }
    }

    @Test(.ownThread) func refusesHugeTextBeforeDecodingIt() {
        let payload = LinkPayload(maximumSize: 1024)
        let huge = String(repeating: "A", count: 10 * 1024 * 1024)
        #expect { try payload.decodeData(huge) } throws: { ($0 as? LinkError)?.code == .payloadTooLarge }
    }

    @Test(arguments: ["+/8", "-_8=", "AAA=", "dGVzdA==", "ab/c"])
    func refusesPlainBase64WithItsOwnError(text: String) {
        #expect {
            try LinkPayload().decodeData(text)
        } throws: { error in
            let linkError = error as? LinkError
            return linkError?.code == .plainBase64Refused && linkError?.message.contains("base64url") == true
        }
    }

    @Test(arguments: ["A", "AAAAA", "A B", "AB\nCD", "%41%41", "*abc", "-_9", "é"])
    func refusesMalformedBase64URL(text: String) {
        #expect { try LinkPayload().decodeData(text) } throws: { ($0 as? LinkError)?.code == .malformedPayload }
    }

    @Test func refusesBytesThatAreNotTheExpectedType() throws {
        let payload = LinkPayload()
        let text = try payload.encode(data: Data("not json".utf8))
        #expect { try payload.decode(Note.self, from: text) } throws: { ($0 as? LinkError)?.code == .malformedPayload }
        let plist = LinkPayload(format: .propertyList)
        #expect { try plist.decode(Note.self, from: text) } throws: { ($0 as? LinkError)?.code == .malformedPayload }
    }

    @Test func emptyDataIsAnEmptyPayload() throws {
        #expect(try LinkPayload().encode(data: Data()) == "")
        #expect(try LinkPayload().decodeData("") == Data())
    }
}
