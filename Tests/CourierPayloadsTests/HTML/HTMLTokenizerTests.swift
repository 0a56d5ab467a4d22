import CourierPayloads
import CourierTestSupport
import Testing

@Suite struct HTMLTokenizerTests {
    func tokens(_ html: String) -> [HTMLToken] { Array(HTMLTokenizer(html)) }

    @Test func readsTagsAttributesInEveryStyleAndCaseInsensitiveNames() {
        let result = tokens(#"<DIV Class="a b" id='x' data-n=5 hidden checked=""><IMG SRC=pic.png/></div>"#)
        #expect(
            result == [
                .startTag(
                    name: "div",
                    attributes: [
                        HTMLAttribute(name: "class", value: "a b"), HTMLAttribute(name: "id", value: "x"),
                        HTMLAttribute(name: "data-n", value: "5"), HTMLAttribute(name: "hidden", value: ""),
                        HTMLAttribute(name: "checked", value: ""),
                    ], selfClosing: false),
                .startTag(name: "img", attributes: [HTMLAttribute(name: "src", value: "pic.png/")], selfClosing: false),
                .endTag(name: "div"),
            ])
        #expect(tokens("<br/>") == [.startTag(name: "br", attributes: [], selfClosing: true)])
    }

    @Test func decodesNamedAndNumericReferences() {
        #expect(
            tokens("Fish &amp; chips &copy; &eacute;t&eacute; &#233; &#xE9; &#X1F600; &hellip;&nbsp;&mdash;")
                == [.text("Fish & chips © été é é 😀 …\u{A0}—")])
        #expect(
            tokens("&unknown; & &amp &lt3 &#0; &#xD800; &#99999999;") == [
                .text("&unknown; & & <3 \u{FFFD} \u{FFFD} \u{FFFD}")
            ])
        #expect(
            tokens(#"<a href="?a=1&amp;b=2&copy=3" title=&quot;q&quot;>"#)
                == [
                    .startTag(
                        name: "a",
                        attributes: [
                            HTMLAttribute(name: "href", value: "?a=1&b=2&copy=3"),
                            HTMLAttribute(name: "title", value: "\"q\""),
                        ], selfClosing: false)
                ])
    }

    @Test func scriptAndStyleAreRawText() {
        let result = tokens("<script>if (a < b && c) { x = '</div>'; }</SCRIPT ><style>p > a { }</style>")
        #expect(
            result == [
                .startTag(name: "script", attributes: [], selfClosing: false),
                .text("if (a < b && c) { x = '</div>'; }"),
                .endTag(name: "script"),
                .startTag(name: "style", attributes: [], selfClosing: false),
                .text("p > a { }"),
                .endTag(name: "style"),
            ])
        #expect(
            tokens("<title>A &amp; <b>B</b></title>") == [
                .startTag(name: "title", attributes: [], selfClosing: false), .text("A & <b>B</b>"),
                .endTag(name: "title"),
            ])
    }

    @Test func commentsDoctypesAndBogusMarkup() {
        #expect(
            tokens("<!DOCTYPE html><!-- a <b> -- c --><?php echo ?><! weird >x") == [
                .doctype("html"), .comment(" a <b> -- c "), .comment("php echo ?"), .comment(" weird "), .text("x"),
            ])
    }

    @Test func strayLessThanSignsAreText() {
        #expect(tokens("1 < 2 <3 <") == [.text("1 "), .text("< 2 "), .text("<3 "), .text("<")])
        #expect(tokens("a</ b>c</>d") == [.text("a"), .comment(" b"), .text("c"), .text("d")])
    }

    @Test func truncatedInputEndsCleanly() {
        #expect(
            tokens("<p>text<a href=\"x") == [.startTag(name: "p", attributes: [], selfClosing: false), .text("text")])
        #expect(tokens("<!-- open") == [.comment(" open")])
        #expect(
            tokens("<script>never closed") == [
                .startTag(name: "script", attributes: [], selfClosing: false), .text("never closed"),
            ])
        #expect(tokens("</p") == [])
        #expect(tokens("x</") == [.text("x"), .text("</")])
    }

    @Test(.ownThread) func attributeFloodsAreBounded() {
        var html = "<div"
        for index in 0..<20_000 { html += " a\(index)=\(index)" }
        html += " a0=dup>"
        let result = tokens(html)
        guard case .startTag(_, let attributes, _) = result.first else {
            Issue.record("no start tag")
            return
        }
        #expect(attributes.count == 256)
        #expect(attributes.first == HTMLAttribute(name: "a0", value: "0"))
        #expect(
            tokens("<p a=1 a=2>") == [
                .startTag(name: "p", attributes: [HTMLAttribute(name: "a", value: "1")], selfClosing: false)
            ])
    }
}
