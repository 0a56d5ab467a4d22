import Foundation
import NIOCore
import Testing

@testable import Courier

@Suite struct JSONStreamTests {
    struct Record: Codable, Sendable, Equatable {
        var id: Int
        var name: String
    }

    static func records(_ count: Int) -> [Record] {
        (0..<count).map { Record(id: $0, name: "n\($0) \"quoted\" [x] {y}, \\ \u{e9}") }
    }

    /// Splits bytes into chunks at random points.
    static func chunks(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [ByteBuffer] {
        var result: [ByteBuffer] = []
        var start = 0
        while start < bytes.count {
            let length = 1 + Int(generator.next() % 23)
            result.append(ByteBuffer(bytes: bytes[start..<min(bytes.count, start + length)]))
            start += length
        }
        return result
    }

    @Test func arrayElementsDecodeTheSameWhateverTheChunking() async throws {
        var generator = SeededGenerator(seed: 81)
        for round in 0..<60 {
            let expected = Self.records(Int(generator.next() % 12))
            var text = Array(try JSONEncoder().encode(expected))
            if round % 2 == 0 {
                // Whitespace between tokens must not matter either.
                text = Array(
                    String(decoding: text, as: UTF8.self).replacingOccurrences(of: "},{", with: "} ,\n {").utf8)
                text = Array(" \n".utf8) + text + Array(" \r\n".utf8)
            }
            let body = ResponseBody(chunks: Self.chunks(text, using: &generator))
            var decoded: [Record] = []
            for try await record in body.jsonArrayElements(Record.self) { decoded.append(record) }
            #expect(decoded == expected)
        }
    }

    @Test func arraysOfScalarsAndNestedArraysDecode() async throws {
        var generator = SeededGenerator(seed: 3)
        let text = #"[1, -2.5e3, "a,]b", [1,[2]], {"k":"]"}, null, true]"#
        var values: [JSONValue] = []
        let body = ResponseBody(chunks: Self.chunks(Array(text.utf8), using: &generator))
        for try await value in body.jsonArrayElements(JSONValue.self) { values.append(value) }
        #expect(values == [1, -2500, "a,]b", [1, [2]], ["k": "]"], nil, true])
        var empty: [Int] = []
        for try await value in ResponseBody(data: Data(" [ ] ".utf8)).jsonArrayElements(Int.self) {
            empty.append(value)
        }
        #expect(empty.isEmpty)
    }

    @Test func jsonLinesDecodeTheSameWhateverTheChunking() async throws {
        var generator = SeededGenerator(seed: 18)
        for _ in 0..<60 {
            let expected = Self.records(Int(generator.next() % 12))
            var text = ""
            for record in expected {
                text += String(decoding: try JSONEncoder().encode(record), as: UTF8.self)
                text += generator.next() % 3 == 0 ? "\r\n\n" : "\n"
            }
            if generator.next() % 2 == 0, text.hasSuffix("\n") { text.removeLast() }
            let body = ResponseBody(chunks: Self.chunks(Array(text.utf8), using: &generator))
            var decoded: [Record] = []
            for try await record in body.jsonLines(Record.self) { decoded.append(record) }
            #expect(decoded == expected)
        }
    }

    @Test(arguments: [
        "", "[1,2", "[1,,2]", "[1,2,]", #"{"a":1}"#, "[1] 2", "[1}", #"["unterminated]"#, "[NaN]", "[1, Infinity]",
        #"[{"id":1,"name":2}]"#, "[tru]",
    ])
    func badArraysThrowCannotParseResponse(text: String) async {
        var decoded = 0
        do {
            for try await _ in ResponseBody(data: Data(text.utf8)).jsonArrayElements(Record.self) { decoded += 1 }
            Issue.record("\(text) decoded")
        } catch let error as CourierError {
            #expect(error.code == .cannotParseResponse, "\(text): \(error)")
            #expect(error.kind == .payload)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func badLinesThrowAfterTheGoodOnes() async {
        let text = "{\"id\":1,\"name\":\"a\"}\n{\"id\":NaN,\"name\":\"b\"}\n{\"id\":3,\"name\":\"c\"}\n"
        var decoded: [Record] = []
        do {
            for try await record in ResponseBody(data: Data(text.utf8)).jsonLines(Record.self) {
                decoded.append(record)
            }
            Issue.record("NaN decoded")
        } catch let error as CourierError {
            #expect(error.code == .cannotParseResponse)
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(decoded == [Record(id: 1, name: "a")])
    }

    @Test func anElementOverTheLimitThrowsDataLengthExceedsMaximum() async {
        let big = "[" + String(repeating: "7", count: 5_000) + "]"
        do {
            for try await _ in ResponseBody(data: Data(big.utf8)).jsonArrayElements(
                Double.self, maximumElementSize: 1_000)
            {}
            Issue.record("the large element decoded")
        } catch let error as CourierError {
            #expect(error.code == .dataLengthExceedsMaximum)
            #expect((error.underlyingError as? JSONError)?.code == .elementTooLarge)
        } catch {
            Issue.record("unexpected \(error)")
        }
        let longLine = String(repeating: " ", count: 2_000) + "1\n"
        await #expect(throws: CourierError.self) {
            for try await _ in ResponseBody(data: Data(longLine.utf8)).jsonLines(Int.self, maximumLineLength: 100) {}
        }
    }

    /// A body of `count` records made chunk by chunk as it is read, never whole.
    struct GeneratedArray: AsyncSequence, Sendable {
        typealias Element = ByteBuffer
        let count: Int

        struct AsyncIterator: AsyncIteratorProtocol {
            let count: Int
            var next = 0
            var closed = false

            mutating func next() async -> ByteBuffer? {
                if closed { return nil }
                var buffer = ByteBuffer()
                if next == 0 { buffer.writeString("[") }
                while next < count, buffer.readableBytes < 16_000 {
                    if next > 0 { buffer.writeString(",") }
                    buffer.writeString(#"{"id":\#(next),"name":"record number \#(next) with, commas ] and braces }"}"#)
                    next += 1
                }
                if next == count {
                    buffer.writeString("]")
                    closed = true
                }
                return buffer
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(count: count) }
    }

    @Test func aHugeArrayDecodesInBoundedMemory() async throws {
        // About 2.4 MB of array (150 chunks); each element is held alone, and at most one 16 kB chunk at a time.
        let count = 30_000
        var scanner = JSONArrayScanner(maximumElementSize: 256)
        var iterator = GeneratedArray(count: count).makeAsyncIterator()
        var elements = 0
        var largestBuffer = 0
        var largestElement = 0
        while let chunk = await iterator.next() {
            try chunk.withUnsafeReadableBytes { bytes in
                try scanner.feed(bytes) { element in
                    elements += 1
                    largestElement = max(largestElement, element.count)
                }
            }
            largestBuffer = max(largestBuffer, scanner.bufferedByteCount)
        }
        try scanner.finish()
        #expect(elements == count)
        #expect(largestBuffer < 256)
        #expect(largestElement < 256)

        // Through the public sequence, decoding each element.
        var decoded = 0
        var lastID = -1
        for try await record in ResponseBody(GeneratedArray(count: 10_000)).jsonArrayElements(
            Record.self, maximumElementSize: 256)
        {
            #expect(record.id == lastID + 1)
            lastID = record.id
            decoded += 1
        }
        #expect(decoded == 10_000)
    }
}
