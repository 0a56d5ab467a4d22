import CourierPayloads
import Testing

@Suite struct XMLTreeTests {
    static let rss = Array(
        """
        <?xml version="1.0"?>
        <rss version="2.0" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0">
          <channel>
            <title>News</title>
            <item id="a"><title>First</title><feedburner:origLink>http://x/1</feedburner:origLink></item>
            <item><title>Second <![CDATA[& more]]></title></item>
            <item id="c"><title>Third</title><category><title>nested</title></category></item>
          </channel>
        </rss>
        """.utf8)

    @Test func buildsATreeFromTheEvents() throws {
        let tree = try XMLTree(parsing: Self.rss)
        #expect(tree.root.name.localName == "rss")
        #expect(tree.root[attribute: "version"] == "2.0")
        #expect(tree.root.elements.map(\.name.localName) == ["channel"])
        #expect(tree.first("channel/item[2]/title")?.text == "Second & more")
    }

    @Test(
        "Path queries",
        arguments: [
            ("channel/item/title", ["First", "Second & more", "Third"]),
            ("/rss/channel/item/title", ["First", "Second & more", "Third"]),
            ("/channel/item/title", []),
            ("//item[@id]/title", ["First", "Third"]),
            ("//item[@id='c']/title", ["Third"]),
            ("channel/item[3]/title", ["Third"]),
            ("channel/item[9]/title", []),
            ("//title", ["News", "First", "Second & more", "Third", "nested"]),
            ("channel/*/title", ["First", "Second & more", "Third"]),
            ("channel/item/feedburner:origLink", ["http://x/1"]),
            ("channel/item/origLink", ["http://x/1"]),
            ("channel/item//title", ["First", "Second & more", "Third", "nested"]),
            ("channel/item[@id=c]/title", []),
        ])
    func pathQuery(_ path: String, _ expected: [String]) throws {
        let tree = try XMLTree(parsing: Self.rss)
        #expect(tree.all(path).map(\.text) == expected)
    }

    @Test func queriesStartFromAnyElement() throws {
        let tree = try XMLTree(parsing: Self.rss)
        let items = tree.all("channel/item")
        #expect(items.count == 3)
        #expect(items[2].first("category/title")?.text == "nested")
        #expect(items[0].first("title")?.text == "First")
    }

    @Test func malformedDocumentsThrow() {
        #expect(throws: XMLParseError.self) { try XMLTree(parsing: Array("<a><b></a>".utf8)) }
    }
}
