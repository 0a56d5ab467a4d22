import Foundation
import Testing

@testable import CourierSecurity

@Suite("MessageAuthenticator")
struct MessageAuthenticatorTests {
    let hmac: HMACAuthenticator

    init() throws {
        hmac = try HMACAuthenticator(key: SecretKey(ascii: "065a62448fb75fce3764dcbe68f9908d"))
    }

    @Test("the transfer layout builds the book's candidate and MAC from strings")
    func bookCandidateFromStrings() throws {
        let values = [
            "toAccount": "1234", "fromAccount": "4321", "amount": "2300", "transferDate": "2012-12-25 00:00:00",
            "transferNotes": "not authenticated",
        ]
        let layout = MessageAuthenticator.transferRequest
        #expect(try layout.candidate(for: values) == "123443212300.002012-12-25 00:00:00")
        #expect(
            try layout.authenticationCode(for: values, using: hmac).hex
                == "51e66ca8fd8eb4bbe02fc6421e0dda1deb94f0c9518996a55bc7a4c242f1c8a9"
        )
    }

    @Test("JSON numbers and dates are formatted as the book does")
    func bookCandidateFromJSON() throws {
        let json = Data(
            #"{"amount":2300,"fromAccount":"4321","toAccount":"1234","transferDate":1356393600,"transferNotes":"x"}"#
                .utf8
        )
        #expect(
            try MessageAuthenticator.transferRequest.candidate(forJSON: json) == "123443212300.002012-12-25 00:00:00")
        #expect(
            MessageAuthenticator.transferRequest.isValid(
                try bytes("51e66ca8fd8eb4bbe02fc6421e0dda1deb94f0c9518996a55bc7a4c242f1c8a9"),
                forJSON: json,
                using: hmac
            )
        )
    }

    @Test(
        "amounts get exactly the configured fraction digits",
        arguments: [
            ("2300", "2300.00"), ("2300.5", "2300.50"), ("0.005", "0.01"), ("-12.345", "-12.35"), ("1e3", nil),
            ("abc", nil), ("12.999", "13.00"),
        ]
    )
    func amounts(input: String, expected: String?) throws {
        let layout = MessageAuthenticator(fields: [.amount("amount")])
        if let expected {
            #expect(try layout.candidate(for: ["amount": input]) == expected)
        } else {
            #expect(securityError { _ = try layout.candidate(for: ["amount": input]) }?.code == .invalidParameter)
        }
    }

    @Test("the field order is the documented one, whatever the input order")
    func fixedOrder() throws {
        let layout = MessageAuthenticator(fields: ["b", "a", "c"])
        #expect(try layout.candidate(for: ["a": "1", "b": "2", "c": "3"]) == "213")
        #expect(layout.fields.map(\.name) == ["b", "a", "c"])
    }

    @Test("a missing field, a nested value or a non-object is an error")
    func missingField() {
        let layout = MessageAuthenticator.transferRequest
        #expect(securityError { _ = try layout.candidate(for: ["toAccount": "1"]) }?.code == .invalidParameter)
        #expect(
            securityError {
                _ = try layout.candidate(
                    forJSON: Data(
                        #"{"toAccount":{"x":1},"fromAccount":"1","amount":1,"transferDate":"2012-12-25 00:00:00"}"#.utf8
                    )
                )
            }?.code == .invalidParameter
        )
        #expect(securityError { _ = try layout.candidate(forJSON: Data("[1,2]".utf8)) }?.code == .invalidParameter)
        #expect(
            securityError {
                _ = try layout.candidate(for: [
                    "toAccount": "1", "fromAccount": "2", "amount": "3", "transferDate": "25/12/2012",
                ])
            }?
            .code == .invalidParameter
        )
    }

    @Test("dates use the configured time zone")
    func timeZones() throws {
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let layout = MessageAuthenticator(fields: [.timestamp("at", timeZone: tokyo)])
        #expect(try layout.candidate(forJSON: Data(#"{"at":0}"#.utf8)) == "1970-01-01 09:00:00")
    }

    @Test("Encodable values are encoded first")
    func encodableValues() throws {
        struct Transfer: Encodable {
            var toAccount = "1234"
            var fromAccount = "4321"
            var amount = Decimal(2300)
            var transferDate = "2012-12-25 00:00:00"
        }
        #expect(
            try MessageAuthenticator.transferRequest.candidate(for: Transfer()) == "123443212300.002012-12-25 00:00:00")
    }
}
