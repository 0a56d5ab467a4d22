import Courier
import CourierPayloads
import Foundation
import NIOCore
import Testing

@Suite struct FeedReaderTests {
    static let rss = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"
             xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
             xmlns:media="http://search.yahoo.com/mrss/">
          <channel>
            <title>Newsreader</title>
            <link>http://example.com/</link>
            <description>Articles &amp; videos</description>
            <item>
              <title>First &amp; foremost</title>
              <link>http://feedproxy.google.com/~r/x/1</link>
              <feedburner:origLink>http://example.com/articles/1</feedburner:origLink>
              <description><![CDATA[<p>Summary <b>one</b></p>]]></description>
              <content:encoded><![CDATA[<p>Full text</p>]]></content:encoded>
              <pubDate>Sun, 22 Nov 2026 12:00:00 GMT</pubDate>
              <guid isPermaLink="false">id-1</guid>
              <dc:creator>Ann Author</dc:creator>
              <enclosure url="http://example.com/1.mp4" length="123456" type="video/mp4"/>
              <media:content url="http://example.com/1-hd.mp4" fileSize="999" type="video/mp4"/>
              <media:title>not the item title</media:title>
            </item>
            <item>
              <title>Second</title>
              <link>http://example.com/articles/2</link>
              <pubDate>Sun, 22 Nov 26 07:00 EST</pubDate>
            </item>
          </channel>
        </rss>
        """

    static let atom = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom">
          <title>Atom news</title>
          <subtitle>Everything</subtitle>
          <link href="http://example.org/"/>
          <link rel="self" href="http://example.org/feed.atom"/>
          <entry>
            <title type="html">Atom &lt;one&gt;</title>
            <link rel="alternate" href="http://example.org/2026/one"/>
            <link rel="enclosure" type="audio/mpeg" length="1337" href="http://example.org/one.mp3"/>
            <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
            <updated>2026-11-22T14:00:00+02:00</updated>
            <author><name>Bob</name><email>bob@example.org</email></author>
            <summary>Some text.</summary>
          </entry>
          <entry>
            <title>Two</title>
            <link href="http://example.org/2026/two"/>
            <published>2026-11-22T12:00:00Z</published>
            <updated>2026-11-23T12:00:00Z</updated>
            <content type="html">&lt;p&gt;Body&lt;/p&gt;</content>
          </entry>
        </feed>
        """

    @Test func readsRSS() throws {
        let feed = try FeedReader.read(Array(Self.rss.utf8))
        #expect(feed.format == .rss)
        #expect(feed.title == "Newsreader")
        #expect(feed.link == "http://example.com/")
        #expect(feed.description == "Articles & videos")
        #expect(feed.items.count == 2)
        let first = try #require(feed.items.first)
        #expect(first.title == "First & foremost")
        #expect(first.link == "http://feedproxy.google.com/~r/x/1")
        #expect(first.originalLink == "http://example.com/articles/1")
        #expect(first.bestLink == "http://example.com/articles/1")
        #expect(first.summary == "<p>Summary <b>one</b></p>")
        #expect(first.content == "<p>Full text</p>")
        #expect(first.id == "id-1")
        #expect(first.author == "Ann Author")
        #expect(first.published?.timeIntervalSince1970 == FeedDateTests.noon)
        #expect(
            first.enclosures == [
                FeedEnclosure(url: "http://example.com/1.mp4", length: 123_456, type: "video/mp4"),
                FeedEnclosure(url: "http://example.com/1-hd.mp4", length: 999, type: "video/mp4"),
            ])
        #expect(feed.items[1].bestLink == "http://example.com/articles/2")
        #expect(feed.items[1].published?.timeIntervalSince1970 == FeedDateTests.noon)
    }

    @Test func readsAtom() throws {
        let feed = try FeedReader.read(Array(Self.atom.utf8))
        #expect(feed.format == .atom)
        #expect(feed.title == "Atom news")
        #expect(feed.description == "Everything")
        #expect(feed.link == "http://example.org/")
        #expect(feed.items.count == 2)
        let first = try #require(feed.items.first)
        #expect(first.title == "Atom <one>")
        #expect(first.link == "http://example.org/2026/one")
        #expect(
            first.enclosures == [FeedEnclosure(url: "http://example.org/one.mp3", length: 1337, type: "audio/mpeg")])
        #expect(first.id == "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a")
        #expect(first.author == "Bob")
        #expect(first.summary == "Some text.")
        #expect(first.published?.timeIntervalSince1970 == FeedDateTests.noon)
        let second = feed.items[1]
        #expect(second.link == "http://example.org/2026/two")
        #expect(second.publishedText == "2026-11-22T12:00:00Z")
        #expect(second.content == "<p>Body</p>")
    }

    @Test func readsRSS1() throws {
        let rdf = """
            <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                     xmlns:dc="http://purl.org/dc/elements/1.1/">
              <channel rdf:about="http://example.com/"><title>RDF</title><link>http://example.com/</link></channel>
              <item rdf:about="http://example.com/1"><title>One</title><link>http://example.com/1</link>
                <dc:date>2026-11-22T12:00:00Z</dc:date></item>
            </rdf:RDF>
            """
        let feed = try FeedReader.read(Array(rdf.utf8))
        #expect(feed.title == "RDF")
        #expect(feed.items.map(\.title) == ["One"])
        #expect(feed.items.first?.published?.timeIntervalSince1970 == FeedDateTests.noon)
    }

    @Test func readsAFeedWhileItStreams() async throws {
        let bytes = Array(Self.rss.utf8)
        let chunks = stride(from: 0, to: bytes.count, by: 100).map {
            ByteBuffer(bytes: bytes[$0..<min($0 + 100, bytes.count)])
        }
        let feed = try await FeedReader.read(ResponseBody(chunks: chunks))
        #expect(feed == (try FeedReader.read(bytes)))
    }

    @Test func malformedFeedsThrow() {
        #expect(throws: XMLParseError.self) { try FeedReader.read(Array("<rss><channel></rss>".utf8)) }
    }
}

@Suite struct FeedReaderEventTests {
    @Test func strayEndEventsAreIgnored() {
        var reader = FeedReader()
        reader.add(.endElement(name: XMLName(qualifiedName: "item")))
        reader.add(.startElement(name: XMLName(qualifiedName: "rss"), attributes: []))
        #expect(reader.feed.format == .rss)
        #expect(reader.feed.items.isEmpty)
    }
}

@Suite struct FeedReaderSessionTests {
    @Test func readsAFeedFromASessionResponseStream() async throws {
        let document =
            "<rss version=\"2.0\"><channel><title>T</title><item><title>A &amp; B</title></item></channel></rss>"
        let encoded = try #require(document.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let session = Session(configuration: .ephemeral)
        let response = try await session.bytes(for: try Request("data:application/rss+xml,\(encoded)"))
        let feed = try await FeedReader.read(response.stream)
        #expect(feed.title == "T")
        #expect(feed.items.map(\.title) == ["A & B"])
        await session.finishTasksAndInvalidate()
    }
}
