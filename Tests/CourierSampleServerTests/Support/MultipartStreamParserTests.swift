import CourierTestSupport
import Foundation
import NIOCore
import Testing

@testable import CourierSampleServer

@Suite("The streaming multipart parser")
struct MultipartStreamParserTests {
    static let body = Data(
        ("preamble to ignore\r\n--XyZ\r\nContent-Disposition: form-data; name=\"status\"\r\n\r\nshipped\r\n"
            + "--XyZ  \r\nContent-Disposition: form-data; name=\"userfile[]\"; filename=\"a%22b.txt\"\r\n"
            + "Content-Type: text/plain\r\n\r\nline one\r\n-- XyZ not yet\r\n\r\n--XyZ\r\n"
            + "Content-Disposition: form-data; name=\"f\"; filename*=UTF-8''%E6%96%87.txt\r\n\r\n"
            + "\r\n--XyZ--\r\nepilogue").utf8)

    /// Parts as (headers, content) after feeding `body` in pieces of the given sizes (cycled).
    func parse(_ body: Data, boundary: String = "XyZ", pieces: [Int]) throws -> [(
        MultipartStreamParser.Headers, Data
    )] {
        var parser = MultipartStreamParser(boundary: boundary)
        var parts: [(MultipartStreamParser.Headers, Data)] = []
        var offset = 0
        var index = 0
        while offset < body.count {
            let size = min(pieces[index % pieces.count], body.count - offset)
            index += 1
            for event in try parser.feed(ByteBuffer(bytes: body[offset..<(offset + size)])) {
                switch event {
                case .partStart(let headers): parts.append((headers, Data()))
                case .content(let bytes): parts[parts.count - 1].1.append(contentsOf: bytes.readableBytesView)
                case .partEnd: break
                }
            }
            offset += size
        }
        try parser.finish()
        return parts
    }

    @Test("the same parts whatever the chunking", arguments: [[1], [2, 3], [7], [64], [100_000], [1, 13, 5, 2]])
    func chunkingDoesNotMatter(_ pieces: [Int]) throws {
        let parts = try parse(Self.body, pieces: pieces)
        #expect(parts.count == 3)
        #expect(parts[0].0.name == "status")
        #expect(parts[0].0.filename == nil)
        #expect(String(decoding: parts[0].1, as: UTF8.self) == "shipped")
        #expect(parts[1].0.name == "userfile[]")
        #expect(parts[1].0.filename == "a\"b.txt")
        #expect(parts[1].0.contentType == "text/plain")
        #expect(String(decoding: parts[1].1, as: UTF8.self) == "line one\r\n-- XyZ not yet\r\n")
        #expect(parts[2].0.filename == "文.txt")
        #expect(parts[2].1.isEmpty)
    }

    @Test("the boundary comes from the content type")
    func boundaryParsing() {
        #expect(MultipartStreamParser.boundary(ofContentType: "multipart/form-data; boundary=abc") == "abc")
        #expect(
            MultipartStreamParser.boundary(ofContentType: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"")
                == "a b")
        #expect(MultipartStreamParser.boundary(ofContentType: "multipart/form-data") == nil)
        #expect(MultipartStreamParser.boundary(ofContentType: "application/x-www-form-urlencoded; boundary=x") == nil)
    }

    @Test("malformed bodies are errors, never crashes or hangs", .ownThread)
    func malformed() throws {
        #expect(throws: MultipartStreamParser.ParseError.self) {
            _ = try parse(Data("--XyZ\r\nno colon here\r\n\r\nx\r\n--XyZ--".utf8), pieces: [3])
        }
        #expect(throws: MultipartStreamParser.ParseError.self) {
            _ = try parse(Data("--XyZ\r\nA: b\r\n\r\nx\r\n--XyZ!!".utf8), pieces: [5])
        }
        #expect(throws: MultipartStreamParser.ParseError.self) {
            _ = try parse(Data("--XyZ\r\n".utf8) + Data(repeating: 0x41, count: 20_000), pieces: [1000])
        }
        #expect(throws: MultipartStreamParser.ParseError.self) {
            _ = try parse(Data("no boundary anywhere".utf8), pieces: [4])
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let length = Int.random(in: 0..<300, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if Bool.random(using: &generator) { bytes = Array("--XyZ\r\n".utf8) + bytes }
            _ = try? parse(Data(bytes), pieces: [Int.random(in: 1...20, using: &generator)])
        }
    }
}
