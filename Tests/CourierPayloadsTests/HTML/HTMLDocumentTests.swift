import CourierPayloads
import CourierTestSupport
import Testing

@Suite struct HTMLDocumentTests {
    @Test func impliedEndTagsCloseParagraphsListItemsAndCells() throws {
        let page = HTMLDocument(
            parsing: """
                <p>one<p>two<div>three</div>
                <ul><li>a<li>b<ul><li>b1</ul><li>c</ul>
                <table><tr><td>1<td>2<tr><th>3</table>
                <dl><dt>t<dd>d<dt>u</dl>
                """)
        #expect(try page.text(of: "p") == ["one", "two"])
        #expect(try page.select("p").allSatisfy { $0.parent?.name == "#document" })
        #expect(try page.text(of: "ul > li") == ["a", "bb1", "b1", "c"])
        #expect(try page.select("li").map { $0.parent?.name } == ["ul", "ul", "ul", "ul"])
        #expect(try page.text(of: "tr") == ["12", "3"])
        #expect(try page.text(of: "td, th") == ["1", "2", "3"])
        #expect(try page.text(of: "dl > *") == ["t", "d", "u"])
    }

    @Test func voidElementsTakeNoContentAndStrayEndTagsAreIgnored() throws {
        let page = HTMLDocument(parsing: "<div><img src=a.png>text<br></span>more<input></div>after</div>")
        let div = try #require(try page.first("div"))
        #expect(div.children.map(\.name) == ["img", "br", "input"])
        #expect(div.text == "textmore")
        #expect(page.root.text == "textmoreafter")
    }

    @Test func selectorsByTagClassIdAttributeAndCombinators() throws {
        let page = HTMLDocument(
            parsing: """
                <div id="main" class="Story big"><p class="lead">L</p><section><p class="body x">B1</p></section>
                <p data-k="v" class="body">B2</p></div><p class="body">Outside</p><a href="/x">link</a><a>none</a>
                """)
        #expect(try page.text(of: "p.body") == ["B1", "B2", "Outside"])
        #expect(try page.text(of: "#main p.body") == ["B1", "B2"])
        #expect(try page.text(of: "#main > p") == ["L", "B2"])
        #expect(try page.text(of: "div.story p", classMatching: .containsIgnoringCase).count == 3)
        #expect(try page.text(of: "div.story p").isEmpty)
        #expect(try page.text(of: ".body.x") == ["B1"])
        #expect(try page.text(of: "[data-k]") == ["B2"])
        #expect(try page.text(of: "p[data-k=v], p[data-k='w']") == ["B2"])
        #expect(try page.text(of: "a[href=\"/x\"]") == ["link"])
        #expect(try page.text(of: "DIV#main > SECTION > *") == ["B1"])
        #expect(try page.select("*").count == 8)
        #expect(try page.text(of: "p.ead", classMatching: .containsIgnoringCase) == ["L"])
        let main = try #require(try page.first("#main"))
        #expect(try main.select("p").count == 3)
        #expect(main.classNames == ["Story", "big"])
    }

    @Test(arguments: ["", "p >", "> p", "p..x", "#", "[a", "[=v]", "[a~=v]", "p,", "p!"])
    func invalidSelectorsThrow(selector: String) {
        #expect(throws: HTMLSelector.ParseError.self) { try HTMLSelector(selector) }
    }

    @Test func metaIsReadFromTheHead() {
        let page = HTMLDocument(
            parsing: """
                <html><head><META NAME="Author" CONTENT="Ann Lee"><meta property="og:title" content="OG">
                <meta name="keywords" content="a, b"></head>
                <body><meta name="section" content="not in head"></body></html>
                """)
        #expect(page.meta(name: "author") == "Ann Lee")
        #expect(page.meta(name: "og:title") == "OG")
        #expect(page.meta(name: "keywords") == "a, b")
        #expect(page.meta(name: "section") == nil)
    }

    @Test(.ownThread) func tenThousandDeepNestingIsFlattenedNotACrash() throws {
        let depth = 10_000
        let html =
            String(repeating: "<div><span>", count: depth) + "deep" + String(repeating: "</span></div>", count: depth)
        let page = HTMLDocument(parsing: html)
        #expect(page.elements.count == 2 * depth)
        #expect(page.root.text == "deep")
        var deepest = 0
        // Every 7th element and the last ones (walking up from all 20 000 would take longer than the parse).
        let elements = page.elements
        let sampled = stride(from: 0, to: elements.count, by: 7).map { elements[$0] } + elements.suffix(300)
        for element in sampled {
            var level = 0
            var current = element.parent
            while let parent = current {
                level += 1
                current = parent.parent
            }
            deepest = max(deepest, level)
        }
        #expect(deepest <= page.maximumDepth + 1)
        #expect(try page.select("div span div span").count > 0)
        let unclosed = HTMLDocument(parsing: String(repeating: "<p><b><i>", count: 5_000))
        #expect(unclosed.elements.count == 15_000)
    }

    @Test(.ownThread) func everyTruncationOfAPageGivesABoundedTree() throws {
        let page = Array(
            """
            <!DOCTYPE html><html><head><title>T</title><meta name="author" content="A &amp; B"></head>
            <body><div id=a class="x y"><p class=lead>One &eacute;<p>Two<ul><li>a<li>b</ul>
            <table><tr><td>1<td>2</table><script>if (a < b) {}</script><!-- c --></div></body></html>
            """.utf8)
        for end in 0...page.count {
            let document = HTMLDocument(bytes: page[..<end])
            #expect(document.elements.count <= end)
            #expect(try document.select("div p, li, td").count <= document.elements.count)
        }
        let whole = HTMLDocument(bytes: page)
        #expect(whole.meta(name: "author") == "A & B")
        #expect(try whole.text(of: "#a .lead") == ["One é"])
    }

    @Test(.ownThread) func anAttributeFloodInADocumentStaysBounded() throws {
        var html = "<p"
        for index in 0..<50_000 { html += " class\(index)=x" }
        html += ">text</p>"
        let document = HTMLDocument(parsing: html)
        let paragraph = try #require(try document.first("p"))
        #expect(paragraph.attributes.count == 256)
        #expect(paragraph.text == "text")
    }

    @Test func theBooksArticleScraperReadsMetaAndStoryParagraphs() throws {
        let html = """
            <!DOCTYPE html>
            <html>
            <head>
              <title>Storm hits the coast - CNN.com</title>
              <meta name="keywords" content="storm, coast ,  weather,">
              <meta name="author" content="By Jane Doe, CNN">
              <meta name="section" content="US">
              <script>var ads = "<p class='cnn_storypgraphtxt'>not a paragraph</p>";</script>
            </head>
            <body>
              <div class="cnn_strycntntlft">
                <p class="cnn_storypgraphTXT cnn_storypgraph2">The storm reached the coast early on
                   <b>Tuesday</b>, forecasters said.
                <p class="cnn_storypgraphtxt">Winds of 120 km/h &mdash; the strongest in a decade &amp; more.</p>
                <p class="other">An advert</p>
                <p class="cnn_storypgraphtxt">   </p>
              </div>
            </body>
            </html>
            """
        let article = try Article(scraping: HTMLDocument(parsing: html))
        #expect(article.title == "Storm hits the coast - CNN.com")
        #expect(article.keywords == ["storm", "coast", "weather"])
        #expect(article.author == "By Jane Doe, CNN")
        #expect(article.section == "US")
        #expect(
            article.paragraphs == [
                "The storm reached the coast early on Tuesday, forecasters said.",
                "Winds of 120 km/h — the strongest in a decade & more.",
            ])
        let shared = article.shareFields
        #expect(shared.fields.map(\.key) == ["title", "author", "section", "keywords", "text"])
        #expect(shared["keywords"] == "storm, coast, weather")
    }
}
