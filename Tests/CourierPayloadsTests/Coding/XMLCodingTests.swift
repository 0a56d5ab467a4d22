import CourierPayloads
import Foundation
import Testing

@Suite struct XMLCodingTests {
    struct Address: Codable, Equatable {
        var street: String
        var zip: String?
    }

    struct Person: Codable, Equatable {
        var id: Int
        var name: String
        var score: Double
        var active: Bool
        var nickname: String?
        var tags: [String]
        var addresses: [Address]
        var home: Address
        var joined: Date
        var avatar: Data
        var site: URL
        var matrix: [[Int]]
    }

    static let ann = Person(
        id: 7, name: "Ann <\"Lee\"> & 'co' \u{e9} 😀", score: -1.25, active: true, nickname: nil,
        tags: ["a&b", " spaced ", ""],
        addresses: [Address(street: "1 Main St", zip: "12345"), Address(street: "2 Side <Rd>", zip: nil)],
        home: Address(street: "Home", zip: nil), joined: Date(timeIntervalSince1970: 1_700_000_000),
        avatar: Data([0, 1, 2, 255]), site: URL(string: "https://example.com/a?b=c&d=e")!, matrix: [[1, 2], [], [3]])

    @Test func writesTheExpectedElements() throws {
        struct Small: Codable {
            var id: Int
            var items: [String]
            var note: String?
        }
        var encoder = CourierXMLEncoder()
        encoder.options.attributeKeys = ["id"]
        let xml = String(
            decoding: try encoder.encode(Small(id: 7, items: ["pen", "ink"], note: nil), rootElement: "order"),
            as: UTF8.self)
        #expect(
            xml
                == #"<?xml version="1.0" encoding="UTF-8"?><order id="7"><items><element>pen</element><element>ink</element></items></order>"#
        )
        encoder.options.arrays = .repeated
        encoder.writesDeclaration = false
        let repeated = String(
            decoding: try encoder.encode(Small(id: 1, items: ["x", "y"], note: "n"), rootElement: "order"),
            as: UTF8.self)
        #expect(repeated == #"<order id="1"><items>x</items><items>y</items><note>n</note></order>"#)
    }

    @Test(arguments: [
        XMLCodingOptions(),
        XMLCodingOptions(arrays: .wrapped(elementName: "item")),
        XMLCodingOptions(arrays: .repeated),
        XMLCodingOptions(arrays: .repeated, attributeKeys: ["id", "name", "zip", "street"]),
    ])
    func nestedStructsArraysAndOptionalsRoundTrip(options: XMLCodingOptions) throws {
        for indentation in [nil, "  "] {
            let encoder = CourierXMLEncoder(options: options, indentation: indentation)
            let data = try encoder.encode(Self.ann, rootElement: "person")
            let decoded = try CourierXMLDecoder(options: options).decode(Person.self, from: data)
            #expect(decoded == Self.ann, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    @Test func topLevelArraysAndScalarsRoundTrip() throws {
        let encoder = CourierXMLEncoder()
        let decoder = CourierXMLDecoder()
        let numbers = [1.5, -2, .infinity]
        #expect(try decoder.decode([Double].self, from: encoder.encode(numbers, rootElement: "numbers")) == numbers)
        let optionals: [String?] = ["a", nil, "c"]
        #expect(try decoder.decode([String?].self, from: encoder.encode(optionals, rootElement: "list")) == optionals)
        #expect(try decoder.decode(String.self, from: encoder.encode("x < y", rootElement: "text")) == "x < y")
        let dictionary = ["b": 2, "a": 1]
        #expect(
            try decoder.decode([String: Int].self, from: encoder.encode(dictionary, rootElement: "map")) == dictionary)
    }

    @Test func missingAndMistypedValuesThrowDecodingErrors() {
        let decoder = CourierXMLDecoder()
        #expect(throws: DecodingError.self) {
            try decoder.decode(Address.self, from: Array("<address><zip>1</zip></address>".utf8))
        }
        struct Count: Decodable { var count: Int }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Count.self, from: Array("<c><count>many</count></c>".utf8))
        }
        #expect(throws: XMLParseError.self) {
            try decoder.decode(Count.self, from: Array("<c><count>1</count>".utf8))
        }
        #expect(throws: XMLWriter.Error.self) {
            try CourierXMLEncoder().encode(["not a name": 1], rootElement: "map")
        }
    }

    @Test func readsAttributesAndTolerantNumbers() throws {
        struct Item: Decodable, Equatable {
            var id: Int
            var price: Double
            var ok: Bool
        }
        let item = try CourierXMLDecoder().decode(
            Item.self, from: Array(#"<item id="3"><price> 2.5 </price><ok>1</ok></item>"#.utf8))
        #expect(item == Item(id: 3, price: 2.5, ok: true))
    }
}
