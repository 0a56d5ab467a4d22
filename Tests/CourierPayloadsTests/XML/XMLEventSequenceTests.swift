import Courier
import CourierPayloads
import NIOCore
import Testing

@Suite struct XMLEventSequenceTests {
    @Test func parsesAResponseBodyChunkByChunk() async throws {
        let document = "<rss><channel><item><title>One &amp; two</title></item></channel></rss>"
        let bytes = Array(document.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: 7).map {
            ByteBuffer(bytes: bytes[$0..<min($0 + 7, bytes.count)])
        }
        var events: [XMLEvent] = []
        for try await event in ResponseBody(chunks: chunks).xmlEvents() { events.append(event) }
        #expect(render(events) == parse(bytes).events)
    }

    @Test func reportsEventsBeforeTheBodyIsComplete() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self)
        let body = ResponseBody(stream)
        continuation.yield(ByteBuffer(string: "<feed><entry>"))
        var iterator = body.xmlEvents().makeAsyncIterator()
        #expect(try await iterator.next() == .startDocument(version: nil, encoding: nil, standalone: nil))
        let entry = try await iterator.next()
        let expectedName = XMLName(qualifiedName: "feed")
        #expect(entry == .startElement(name: expectedName, attributes: []))
        continuation.yield(ByteBuffer(string: "</entry></feed>"))
        continuation.finish()
        var rest: [XMLEvent] = []
        while let event = try await iterator.next() { rest.append(event) }
        #expect(render(rest) == ["<entry>", "</entry>", "</feed>", "end"])
    }

    @Test func malformedBodiesThrowAPayloadError() async throws {
        let body = ResponseBody(chunks: [ByteBuffer(string: "<a><b></a>")])
        do {
            for try await _ in body.xmlEvents() {}
            Issue.record("expected an error")
        } catch let error as CourierError {
            #expect(error.code == .cannotParseResponse)
            #expect(error.kind == .payload)
            #expect((error.underlyingError as? XMLParseError)?.code == .mismatchedTag)
        }
    }
}
