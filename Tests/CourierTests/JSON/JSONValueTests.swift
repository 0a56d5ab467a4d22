import Courier
import CourierTesting
import Foundation
import Testing

@Suite struct JSONValueTests {
    @Test func parsesEveryKindOfValueAndReadsThemBack() throws {
        let value = try JSONValue(
            parsing: #"{"a":[1,2.5,-3e2],"b":{"c":true,"d":null},"e":"x\u00e9\n\ud83d\ude00","f":false}"#)
        #expect(value["a"]?[0]?.intValue == 1)
        #expect(value["a"]?[1]?.doubleValue == 2.5)
        #expect(value["a"]?[2]?.doubleValue == -300)
        #expect(value["a"]?[3] == nil)
        #expect(value["b"]?["c"]?.boolValue == true)
        #expect(value["b"]?["d"]?.isNull == true)
        #expect(value["e"]?.stringValue == "xé\n😀")
        #expect(value["f"]?.boolValue == false)
        #expect(value["missing"] == nil)
        #expect(value["a"]?["not an object"] == nil)
        #expect(value["a"]?.arrayValue?.count == 3)
        #expect(value.objectValue?.keys == ["a", "b", "e", "f"])
    }

    @Test func keepsMemberOrderAndWritesCompactPrettyAndSorted() throws {
        let text = #"{"zeta":1,"alpha":[true,null],"mid":{"y":"2","x":3.25}}"#
        let value = try JSONValue(parsing: text)
        #expect(try value.serializedString() == text)
        #expect(
            try value.serializedString(options: .sortedKeys)
                == #"{"alpha":[true,null],"mid":{"x":3.25,"y":"2"},"zeta":1}"#)
        let pretty = try value.serializedString(options: [.prettyPrinted])
        #expect(
            pretty == """
                {
                  "zeta": 1,
                  "alpha": [
                    true,
                    null
                  ],
                  "mid": {
                    "y": "2",
                    "x": 3.25
                  }
                }
                """)
        #expect(try JSONValue(parsing: pretty) == value)
        #expect(try JSONValue(parsing: "[]").serializedString(options: .prettyPrinted) == "[]")
    }

    @Test func objectsAreEqualWhateverTheirOrder() throws {
        #expect(try JSONValue(parsing: #"{"a":1,"b":2}"#) == JSONValue(parsing: #"{"b":2,"a":1}"#))
        var object: JSONObject = ["a": 1, "b": 2]
        object["a"] = nil
        object["c"] = "three"
        #expect(object.keys == ["b", "c"])
        #expect(object.count == 2)
    }

    @Test func escapesWhatJSONNeedsAndRoundTrips() throws {
        let value: JSONValue = ["text": "quote \" backslash \\ tab \t nl \n ctl \u{01} slash / é 😀"]
        let text = try value.serializedString()
        #expect(text == #"{"text":"quote \" backslash \\ tab \t nl \n ctl \u0001 slash / é 😀"}"#)
        #expect(try JSONValue(parsing: text) == value)
    }

    @Test func fragmentsNeedTheOption() throws {
        #expect(throws: JSONError.self) { try JSONValue(parsing: "42") }
        #expect(try JSONValue(parsing: " 42 ", allowsFragments: true) == .number(42))
        #expect(try JSONValue(parsing: #""hi""#, allowsFragments: true) == .string("hi"))
        #expect(throws: JSONError.self) { try JSONValue.string("x").serialized() }
        #expect(try JSONValue.string("x").serializedString(options: .fragmentsAllowed) == #""x""#)
        do {
            _ = try JSONValue.bool(true).serialized()
            Issue.record("a fragment was written")
        } catch let error as JSONError {
            #expect(error.code == .invalidTopLevelValue)
        }
    }

    @Test func nonFiniteNumbersThrowWithTheirPath() {
        for bad in [Double.nan, .infinity, -.infinity] {
            let value: JSONValue = ["items": [["price": .number(bad)]]]
            do {
                _ = try value.serialized()
                Issue.record("\(bad) was written")
            } catch let error as JSONError {
                #expect(error.code == .nonFiniteNumber)
                #expect(error.message.contains("$.items[0].price"))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test(arguments: [
        ("", JSONError.Code.unexpectedEnd), ("[1,2", .unexpectedEnd), (#"{"a":1"#, .unexpectedEnd),
        (#"{"a" 1}"#, .invalidSyntax), ("[1,]", .invalidSyntax), ("[01]", .invalidSyntax), ("[1.]", .invalidSyntax),
        ("[NaN]", .nonFiniteNumber), ("[Infinity]", .nonFiniteNumber), ("[-Infinity]", .nonFiniteNumber),
        ("[1] x", .trailingContent), (#"["\ud800"]"#, .invalidUnicode), (#"["a\qb"]"#, .invalidSyntax),
        ("[\"a\nb\"]", .invalidSyntax), ("{1:2}", .invalidSyntax), ("[tru]", .invalidSyntax),
        (String(repeating: "[", count: 600), .depthLimitExceeded),
    ])
    func invalidTextThrowsAClearError(text: String, code: JSONError.Code) {
        do {
            _ = try JSONValue(parsing: text)
            Issue.record("\(text) parsed")
        } catch let error as JSONError {
            #expect(error.code == code, "\(text): \(error)")
            #expect(error.offset != nil)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func invalidUTF8InAStringThrows() {
        #expect(throws: JSONError.self) { try JSONValue(parsing: [0x5B, 0x22, 0xFF, 0x22, 0x5D]) }
    }

    @Test func isCodableThroughFoundation() throws {
        let value: JSONValue = ["n": 3, "list": [1.5, "two", nil, false], "nested": ["k": "v"]]
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
        #expect(try JSONValue(parsing: data) == value)
    }

    @Test func randomValuesRoundTripThroughTheWriterAndTheParser() throws {
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<300 {
            let value = Self.randomValue(depth: 0, using: &generator)
            for options: JSONValue.WritingOptions in [[], [.prettyPrinted], [.sortedKeys, .prettyPrinted]] {
                let data = try value.serialized(options: options.union(.fragmentsAllowed))
                #expect(try JSONValue(parsing: data, allowsFragments: true) == value)
                // Foundation agrees with what Courier writes.
                _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            }
        }
    }

    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> JSONValue {
        let choice = depth > 3 ? generator.next() % 4 : generator.next() % 6
        switch choice {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2:
            let numbers: [Double] = [0, -1, 42, 1e21, 1.5e-7, 123_456.789, -0.25, 9_007_199_254_740_991]
            return .number(numbers[Int(generator.next() % UInt64(numbers.count))])
        case 3:
            let alphabet = Array("ab\"\\\n\u{1}é😀 /")
            return .string(
                String(
                    (0..<(generator.next() % 8)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }))
        case 4:
            return .array((0..<(generator.next() % 4)).map { _ in randomValue(depth: depth + 1, using: &generator) })
        default:
            return .object(
                JSONObject(
                    (0..<(generator.next() % 4)).map { index in
                        ("k\(index)\(generator.next() % 3)", randomValue(depth: depth + 1, using: &generator))
                    }))
        }
    }
}

@Suite struct JSONSessionTests {
    struct Reading: Codable, Sendable, Equatable {
        var sensor: String
        var value: Double
    }

    @Test func encodableBodiesWithNaNThrowAClearErrorBeforeSending() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(matching: { _ in true }, response: .status(204))
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers = [stubs]
        let session = Session(configuration: configuration)
        var request = try Request("https://api.test/readings", method: .post)
        request.body = .json(Reading(sensor: "t1", value: .nan))
        do {
            _ = try await session.data(for: request)
            Issue.record("a NaN was sent")
        } catch let error as CourierError {
            #expect(error.kind == .payload)
            #expect(error.outcome == .notSent)
            #expect(error.message.contains("$.value"))
            #expect((error.underlyingError as? JSONError)?.code == .nonFiniteNumber)
        }
        #expect(stubs.receivedRequests.isEmpty)
        await session.finishTasksAndInvalidate()
    }

    @Test func jsonValueBodiesAreValidatedWhenMade() throws {
        #expect(throws: JSONError.self) { try RequestBody.json(["x": .number(.infinity)], options: []) }
        let body = try RequestBody.json(["b": 1, "a": 2], options: [])
        #expect(body.inMemoryData == Data(#"{"b":1,"a":2}"#.utf8))
        #expect(body.contentType == "application/json")
    }

    @Test func decodeUsesTheSessionsDecoder() async throws {
        let stubs = StubProtocolHandler()
        stubs.stub(.get, "https://api.test/reading", response: .json(#"{"sensor_name":"t1","value":2.5}"#))
        var configuration = SessionConfiguration.ephemeral
        configuration.protocolHandlers = [stubs]
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        configuration.jsonDecoder = decoder
        let session = Session(configuration: configuration)
        struct Named: Decodable, Equatable {
            var sensorName: String
            var value: Double
        }
        let response = try await session.data(for: try Request("https://api.test/reading"))
        #expect(try response.decode(Named.self) == Named(sensorName: "t1", value: 2.5))
        // An explicit decoder still wins, and a response made by hand uses a default decoder.
        #expect(throws: CourierError.self) { try response.decode(Named.self, decoder: JSONDecoder()) }
        let handMade = Response(status: .ok, url: URL(string: "https://api.test/")!, body: .data(response.data))
        #expect(throws: CourierError.self) { try handMade.decode(Named.self) }
        await session.finishTasksAndInvalidate()
    }
}
