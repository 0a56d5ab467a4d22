import CourierPayloads
import Testing

/// One document of the conformance corpus, in the spirit of the W3C XML conformance suite: either
/// well-formed with its exact event stream, or malformed with the error it must raise.
struct XMLCorpusCase: CustomTestStringConvertible, Sendable {
    enum Expectation: Sendable {
        case events([String])
        case error(XMLParseError.Code, line: Int? = nil, column: Int? = nil)
    }

    var name: String
    var bytes: [UInt8]
    var expectation: Expectation
    /// Why Foundation's `XMLParser` (libxml2) gives another verdict, when it does.
    var foundationDiffers: String?
    /// Why the document is not given to Foundation's `XMLParser` at all (it crashes on it).
    var foundationCrashes: String?

    init(
        _ name: String, _ text: String, _ expectation: Expectation, foundationDiffers: String? = nil,
        foundationCrashes: String? = nil
    ) {
        self.init(
            name, bytes: Array(text.utf8), expectation, foundationDiffers: foundationDiffers,
            foundationCrashes: foundationCrashes)
    }

    init(
        _ name: String, bytes: [UInt8], _ expectation: Expectation, foundationDiffers: String? = nil,
        foundationCrashes: String? = nil
    ) {
        self.name = name
        self.bytes = bytes
        self.expectation = expectation
        self.foundationDiffers = foundationDiffers
        self.foundationCrashes = foundationCrashes
    }

    var testDescription: String { name }

    var isWellFormed: Bool {
        if case .events = expectation { return true }
        return false
    }
}

private let xmlNS = "http://www.w3.org/XML/1998/namespace"

private func utf16(_ text: String, bigEndian: Bool, byteOrderMark: Bool = true) -> [UInt8] {
    var bytes: [UInt8] = byteOrderMark ? (bigEndian ? [0xFE, 0xFF] : [0xFF, 0xFE]) : []
    for unit in text.utf16 {
        let high = UInt8(unit >> 8)
        let low = UInt8(unit & 0xFF)
        bytes += bigEndian ? [high, low] : [low, high]
    }
    return bytes
}

let wellFormedCorpus: [XMLCorpusCase] = [
    .init("empty element", "<a/>", .events(["start", "<a>", "</a>", "end"])),
    .init(
        "XML declaration", "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone='yes'?><r>t</r>",
        .events(["start v=1.0 e=UTF-8 s=true", "<r>", "t:t", "</r>", "end"])),
    .init(
        "attribute values: references, both quotes, normalization",
        "<r a=\"x&amp;y\" b='\"q\"' c=\"l1\nl2\tt\" d=\"&#10;\" e=\"&#60;\"/>",
        .events(["start", "<r a=x&y b=\"q\" c=l1 l2 t d=\n e=<>", "</r>", "end"])),
    .init(
        "predefined entities", "<r>&lt;&gt;&amp;&apos;&quot;</r>",
        .events(["start", "<r>", "t:<>&'\"", "</r>", "end"])),
    .init(
        "character references", "<r>&#65;&#x42;&#x1F600;&#38;</r>",
        .events(["start", "<r>", "t:AB\u{1F600}&", "</r>", "end"])),
    .init(
        "CDATA section", "<r><![CDATA[<not markup> & ]] ]]></r>",
        .events(["start", "<r>", "cdata:<not markup> & ]] ", "</r>", "end"])),
    .init(
        "comments and processing instructions", "<?pi data  here?><!-- c --><r><!----></r><!--after-->",
        .events(["start", "?pi data  here", "! c ", "<r>", "!", "</r>", "!after", "end"])),
    .init(
        "processing instruction without data", "<r><?target?></r>",
        .events(["start", "<r>", "?target ", "</r>", "end"]),
        foundationCrashes: "XMLParser on Linux reads the missing data as a null C string"),
    .init(
        "namespaces: default and prefixed",
        "<r xmlns=\"urn:d\" xmlns:p=\"urn:p\"><p:c p:a=\"1\" b=\"2\"/></r>",
        .events([
            "start", "ns =urn:d", "ns p=urn:p", "<r@urn:d>", "<p:c@urn:p p:a@urn:p=1 b=2>", "</p:c@urn:p>",
            "</r@urn:d>", "/ns p", "/ns ", "end",
        ])),
    .init(
        "namespaces: undeclaring the default", "<r xmlns=\"urn:d\"><c xmlns=\"\"/></r>",
        .events(["start", "ns =urn:d", "<r@urn:d>", "ns =", "<c>", "</c>", "/ns ", "</r@urn:d>", "/ns ", "end"])),
    .init(
        "the xml prefix is bound", "<r xml:lang=\"en\"/>",
        .events(["start", "<r xml:lang@\(xmlNS)=en>", "</r>", "end"])),
    .init(
        "line ends are normalized", "<r a=\"1\r\n2\">a\r\nb\rc</r>",
        .events(["start", "<r a=1 2>", "t:a\nb\nc", "</r>", "end"])),
    .init(
        "internal entities, nested", "<!DOCTYPE r [<!ENTITY e \"v&amp;w\"><!ENTITY f \"&e;!\">]><r>&f;</r>",
        .events(["start", "doctype r - -", "<r>", "t:v&w!", "</r>", "end"])),
    .init(
        "internal entity in an attribute is normalized", "<!DOCTYPE r [<!ENTITY e \"a\tb\">]><r x=\"&e;\"/>",
        .events(["start", "doctype r - -", "<r x=a b>", "</r>", "end"])),
    .init(
        "DOCTYPE with a public ID is reported, not fetched",
        "<!DOCTYPE html PUBLIC \"-//W3C//DTD XHTML 1.0 Strict//EN\" \"http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd\"><html/>",
        .events([
            "start",
            "doctype html -//W3C//DTD XHTML 1.0 Strict//EN http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd",
            "<html>", "</html>", "end",
        ])),
    .init(
        "internal subset with element and attribute-list declarations and a comment",
        "<!DOCTYPE r [\n<!ELEMENT r (#PCDATA)>\n<!ATTLIST r a CDATA \"x>y\">\n<!-- it's > -->\n]>\n<r/>",
        .events(["start", "doctype r - -", "<r>", "</r>", "end"])),
    .init(
        "non-ASCII names and text", "<café naïve=\"ü\">日本語</café>",
        .events(["start", "<café naïve=ü>", "t:日本語", "</café>", "end"])),
    .init(
        "whitespace, comments and PIs around the root", "\n<r/>\n<!--x-->\n<?p x?>\n",
        .events(["start", "<r>", "</r>", "!x", "?p x", "end"])),
    .init(
        "'>' and single ']' in text", "<r>a>b ]] ]> ]</r>",
        .events(["start", "<r>", "t:a>b ]] ]> ]", "</r>", "end"])),
    .init(
        "whitespace in end tags and around '='", "<r a = \"1\" ></r >",
        .events(["start", "<r a=1>", "</r>", "end"])),
    .init(
        "mixed content", "<a><b>1</b><c>2<d/>3</c></a>",
        .events(["start", "<a>", "<b>", "t:1", "</b>", "<c>", "t:2", "<d>", "</d>", "t:3", "</c>", "</a>", "end"])),
    .init(
        "an external entity that is declared but never used",
        "<!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><r/>",
        .events(["start", "doctype r - -", "<r>", "</r>", "end"])),
    .init(
        "UTF-8 byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array("<r>é</r>".utf8),
        .events(["start", "<r>", "t:é", "</r>", "end"])),
    .init(
        "UTF-16 little endian with a byte order mark",
        bytes: utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?><r a=\"ü\">日本\u{1F600}</r>", bigEndian: false),
        .events(["start v=1.0 e=UTF-16", "<r a=ü>", "t:日本\u{1F600}", "</r>", "end"])),
    .init(
        "UTF-16 little endian without a byte order mark, recognized from '<?xml'",
        bytes: utf16("<?xml version=\"1.0\" encoding=\"UTF-16\"?><r>é</r>", bigEndian: false, byteOrderMark: false),
        .events(["start v=1.0 e=UTF-16", "<r>", "t:é", "</r>", "end"])),
    .init(
        "UTF-16 big endian with a byte order mark", bytes: utf16("<r>x</r>", bigEndian: true),
        .events(["start", "<r>", "t:x", "</r>", "end"])),
    .init(
        "ISO-8859-1",
        bytes: Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r>caf".utf8) + [0xE9] + Array("</r>".utf8),
        .events(["start v=1.0 e=ISO-8859-1", "<r>", "t:café", "</r>", "end"])),
    .init(
        "windows-1252",
        bytes: Array("<?xml version='1.0' encoding='windows-1252'?><r>".utf8) + [0x93, 0x80, 0x94] + Array("</r>".utf8),
        .events(["start v=1.0 e=windows-1252", "<r>", "t:\u{201C}€\u{201D}", "</r>", "end"])),
    .init(
        "PI and comment before the DOCTYPE", "<?xml version=\"1.0\"?><?style x?><!--c--><!DOCTYPE r><r/>",
        .events(["start v=1.0", "?style x", "!c", "doctype r - -", "<r>", "</r>", "end"])),
    .init(
        "an RSS item",
        """
        <rss version="2.0" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"><channel><item>\
        <title>A &amp; B</title><feedburner:origLink>http://x/1</feedburner:origLink>\
        <enclosure url="http://x/a.mp3" length="12" type="audio/mpeg"/></item></channel></rss>
        """,
        .events([
            "start", "ns feedburner=http://rssnamespace.org/feedburner/ext/1.0", "<rss version=2.0>", "<channel>",
            "<item>", "<title>", "t:A & B", "</title>",
            "<feedburner:origLink@http://rssnamespace.org/feedburner/ext/1.0>", "t:http://x/1",
            "</feedburner:origLink@http://rssnamespace.org/feedburner/ext/1.0>",
            "<enclosure url=http://x/a.mp3 length=12 type=audio/mpeg>", "</enclosure>", "</item>", "</channel>",
            "</rss>", "/ns feedburner", "end",
        ])),
    .init(
        "a character reference to '<' through an entity, in text and in an attribute",
        "<!DOCTYPE a [<!ENTITY e \"&#38;#60;\">]><a x=\"&e;\">&e;</a>",
        .events(["start", "doctype a - -", "<a x=<>", "t:<", "</a>", "end"])),
    .init(
        "the first entity declaration binds; predefined ones may be redeclared",
        "<!DOCTYPE a [<!ENTITY e \"1\"><!ENTITY e \"2\"><!ENTITY lt \"&#38;#60;\">]><a>&e;&lt;</a>",
        .events(["start", "doctype a - -", "<a>", "t:1<", "</a>", "end"])),
    .init(
        "names with digits, dots, hyphens and underscores; '>' in a value; space before '>'",
        "<a-b.c_1 x.y=\">\"  ><_z/></a-b.c_1>",
        .events(["start", "<a-b.c_1 x.y=>>", "<_z>", "</_z>", "</a-b.c_1>", "end"])),
    .init(
        "the last Unicode character and single hyphens in comments", "<a>&#x10FFFF;<!-- a-b --></a>",
        .events(["start", "<a>", "t:\u{10FFFF}", "! a-b ", "</a>", "end"])),
    .init(
        "an xml-stylesheet processing instruction is not the declaration",
        "<?xml-stylesheet href=\"a.xsl\"?><a/>",
        .events(["start", "?xml-stylesheet href=\"a.xsl\"", "<a>", "</a>", "end"])),
    .init(
        "character data with long runs split across references",
        "<r>" + String(repeating: "abc", count: 40) + "&amp;" + String(repeating: "xyz", count: 40) + "</r>",
        .events([
            "start", "<r>", "t:" + String(repeating: "abc", count: 40) + "&" + String(repeating: "xyz", count: 40),
            "</r>", "end",
        ])),
]

let malformedCorpus: [XMLCorpusCase] = [
    .init("overlapping elements", "<a><b></a></b>", .error(.mismatchedTag, line: 1, column: 7)),
    .init("mismatched tag on a later line", "<a>\n  <b>\n</a>", .error(.mismatchedTag, line: 3, column: 1)),
    .init(
        "unclosed at end of input", "<a>", .error(.unexpectedEndOfDocument),
        foundationDiffers: "XMLParser on Linux misses the end of a document this short"),
    .init("unclosed nested at end of input", "<a><b>text", .error(.unexpectedEndOfDocument)),
    .init(
        "empty document", "", .error(.missingRootElement),
        foundationCrashes: "XMLParser(stream:) on Linux crashes on empty input"),
    .init("only a comment", "<!-- x -->", .error(.missingRootElement)),
    .init("name starting with a digit", "<1a/>", .error(.invalidName, line: 1, column: 2)),
    .init("space after '<'", "< a/>", .error(.invalidName)),
    .init("duplicate attribute", "<a x=\"1\" x=\"2\"/>", .error(.duplicateAttribute, line: 1, column: 10)),
    .init("'<' in an attribute value", "<a x=\"<\"/>", .error(.invalidAttributeValue)),
    .init("unquoted attribute value", "<a x=1/>", .error(.invalidAttributeValue)),
    .init("attribute without a value", "<a x/>", .error(.malformedMarkup)),
    .init("attributes not separated", "<a b=\"1\"c=\"2\"/>", .error(.malformedMarkup)),
    .init("undefined entity", "<a>&foo;</a>", .error(.undefinedEntity, line: 1, column: 4)),
    .init("']]>' in text", "<a>x]]>y</a>", .error(.cdataEndInText, line: 1, column: 5)),
    .init("two root elements", "<a/><b/>", .error(.contentAfterRootElement)),
    .init("text before the root", "text<a/>", .error(.textOutsideRootElement)),
    .init("text after the root", "<a/>text", .error(.textOutsideRootElement)),
    .init("character reference to NUL", "<a>&#0;</a>", .error(.invalidReference)),
    .init("character reference to a surrogate", "<a>&#xD800;</a>", .error(.invalidReference)),
    .init("character reference beyond Unicode", "<a>&#x110000;</a>", .error(.invalidReference)),
    .init("bare ampersand", "<a>fish & chips</a>", .error(.invalidReference)),
    .init("reference without ';'", "<a>&amp</a>", .error(.invalidReference)),
    .init("'--' inside a comment", "<!-- a -- b --><a/>", .error(.malformedMarkup)),
    .init("comment ending in '--->'", "<a><!-- x ---></a>", .error(.malformedMarkup)),
    .init(
        "unbound prefix", "<p:a/>", .error(.unboundPrefix)),
    .init(
        "prefix bound to an empty URI", "<a xmlns:p=\"\"/>", .error(.invalidNamespaceDeclaration)),
    .init(
        "rebinding the xml prefix", "<a xmlns:xml=\"urn:x\"/>", .error(.invalidNamespaceDeclaration)),
    .init(
        "same attribute through two prefixes", "<a xmlns:p=\"u\" xmlns:q=\"u\" p:x=\"1\" q:x=\"2\"/>",
        .error(.duplicateAttribute)),
    .init(
        "two colons in a name", "<a:b:c xmlns:a=\"u\"/>", .error(.invalidName)),
    .init("XML declaration not at the start", " <?xml version=\"1.0\"?><a/>", .error(.misplacedDeclaration)),
    .init("XML declaration inside the root", "<a><?xml version=\"1.0\"?></a>", .error(.misplacedDeclaration)),
    .init("XML version 2.0", "<?xml version=\"2.0\"?><a/>", .error(.malformedMarkup)),
    .init("XML declaration without version", "<?xml encoding=\"UTF-8\"?><a/>", .error(.malformedMarkup)),
    .init("DOCTYPE after the root", "<a/><!DOCTYPE a>", .error(.misplacedDeclaration)),
    .init("DOCTYPE inside the root", "<a><!DOCTYPE a></a>", .error(.misplacedDeclaration)),
    .init("recursive entity", "<!DOCTYPE a [<!ENTITY e \"x&e;\">]><a>&e;</a>", .error(.recursiveEntity)),
    .init(
        "reference to an external entity",
        "<!DOCTYPE a [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><a>&x;</a>", .error(.externalEntityReference),
        foundationDiffers: "libxml2 skips an external entity it does not load"),
    .init(
        "entity putting '<' into an attribute", "<!DOCTYPE a [<!ENTITY e \"<b/>\">]><a x=\"&e;\"/>",
        .error(.invalidAttributeValue)),
    .init("control character", "<a>\u{1}</a>", .error(.invalidCharacter, line: 1, column: 4)),
    .init("NUL after the root", "<a/>\u{0}", .error(.invalidCharacter)),
    .init(
        "invalid UTF-8", bytes: Array("<a>".utf8) + [0xC3, 0x28] + Array("</a>".utf8),
        .error(.invalidEncoding, line: 1, column: 4)),
    .init("overlong UTF-8", bytes: Array("<a>".utf8) + [0xC0, 0xAF] + Array("</a>".utf8), .error(.invalidEncoding)),
    .init(
        "UTF-8 encoded surrogate", bytes: Array("<a>".utf8) + [0xED, 0xA0, 0x80] + Array("</a>".utf8),
        .error(.invalidEncoding)),
    .init("truncated UTF-8 at the end", bytes: Array("<a/>".utf8) + [0xE6, 0x97], .error(.invalidEncoding)),
    .init("end tag without a start", "</a>", .error(.mismatchedTag)),
    .init("wrong end tag", "<a></b>", .error(.mismatchedTag)),
    .init("truncated inside a comment", "<a><!-- unclosed", .error(.unexpectedEndOfDocument)),
    .init("truncated inside an end tag", "<a></a", .error(.unexpectedEndOfDocument)),
    .init("truncated inside an attribute", "<a x=\"1", .error(.unexpectedEndOfDocument)),
    .init("CDATA outside the root", "<![CDATA[x]]><a/>", .error(.textOutsideRootElement)),
    .init("unsupported encoding", "<?xml version=\"1.0\" encoding=\"EBCDIC-FOO\"?><a/>", .error(.unsupportedEncoding)),
    .init("'/' not before '>'", "<a x=\"1\"/ >", .error(.malformedMarkup)),
    .init("unknown '<!' markup", "<a><!FOO></a>", .error(.malformedMarkup)),
    .init("reference in the prolog", "&amp;<a/>", .error(.textOutsideRootElement)),
    .init("end tag with an attribute", "<a></a x=\"1\">", .error(.malformedMarkup)),
    .init("character reference to U+FFFE", "<a>&#xFFFE;</a>", .error(.invalidReference)),
    .init("only an XML declaration", "<?xml version=\"1.0\"?>", .error(.missingRootElement)),
    .init(
        "only a byte order mark", bytes: [0xEF, 0xBB, 0xBF], .error(.missingRootElement),
        foundationDiffers: "XMLParser on Linux reports no error for a document without content"),
    .init(
        "entity with markup in text", "<!DOCTYPE a [<!ENTITY e \"<b/>\">]><a>&e;</a>", .error(.entityContainsMarkup),
        foundationDiffers: "libxml2 expands markup in entities; this parser refuses it"),
    .init(
        "parameter entity reference in an entity value", "<!DOCTYPE a [<!ENTITY e \"%p;\">]><a/>",
        .error(.malformedMarkup)),
]

let conformanceCorpus = wellFormedCorpus + malformedCorpus
