/// A tolerant HTML tree for scraping, built from ``HTMLTokenizer`` tokens the way browsers build theirs
/// in the common cases: void elements never take content, a new `<p>`, `<li>`, `<td>`, `<tr>`, `<dt>`,
/// `<dd>` or `<option>` closes the open one, block elements close an open `<p>`, an end tag closes
/// everything opened after its element and a stray end tag is ignored.
///
/// Nesting deeper than ``maximumDepth`` is flattened (the excess elements become siblings), so hostile
/// input gives a bounded tree; building never fails and never recurses.
///
/// ```swift
/// let page = HTMLDocument(parsing: html)
/// let author = page.meta(name: "author")
/// let paragraphs = try page.text(of: "p.cnn_storypgraphtxt", classMatching: .containsIgnoringCase)
/// ```
///
/// The book's warning stands: a page's markup changes without notice. Prefer a façade or an API over
/// scraping when one exists.
public struct HTMLDocument: Sendable {
    enum Child: Sendable {
        case element(Int)
        case text(String)
    }

    struct Record: Sendable {
        var name: String
        var attributes: [HTMLAttribute]
        var parent: Int?
        var children: [Child] = []
    }

    /// Element 0 is the document itself (named `#document`); the others follow in document order.
    var records: [Record]
    /// The deepest nesting kept.
    public let maximumDepth: Int
    /// The doctype, if the page has one.
    public private(set) var doctype: String?

    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
        "keygen",
    ]
    static let closesParagraph: Set<String> = [
        "address", "article", "aside", "blockquote", "details", "div", "dl", "fieldset", "figcaption", "figure",
        "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "main", "menu", "nav", "ol", "p", "pre",
        "section", "table", "ul", "li", "dd", "dt",
    ]
    static let scopeBoundaries: Set<String> = [
        "#document", "html", "body", "table", "td", "th", "caption", "button", "marquee", "object", "template",
    ]

    /// Parses HTML text.
    public init(parsing html: String, maximumDepth: Int = 256, maximumAttributeCount: Int = 256) {
        self.init(tokens: HTMLTokenizer(html, maximumAttributeCount: maximumAttributeCount), maximumDepth: maximumDepth)
    }

    /// Parses HTML given as UTF-8 bytes.
    public init(bytes: some Collection<UInt8>, maximumDepth: Int = 256, maximumAttributeCount: Int = 256) {
        self.init(
            tokens: HTMLTokenizer(bytes: bytes, maximumAttributeCount: maximumAttributeCount),
            maximumDepth: maximumDepth)
    }

    /// Builds a tree from tokens.
    public init(tokens: some Sequence<HTMLToken>, maximumDepth: Int = 256) {
        self.maximumDepth = max(1, maximumDepth)
        records = [Record(name: "#document", attributes: [], parent: nil)]
        var open: [Int] = [0]
        for token in tokens {
            switch token {
            case .startTag(let name, let attributes, _):
                closeImplied(before: name, open: &open)
                let index = records.count
                records.append(Record(name: name, attributes: attributes, parent: open[open.count - 1]))
                records[open[open.count - 1]].children.append(.element(index))
                if !Self.voidElements.contains(name), open.count <= self.maximumDepth { open.append(index) }
            case .endTag(let name):
                guard !Self.voidElements.contains(name),
                    let position = open.lastIndex(where: { records[$0].name == name }), position > 0
                else { continue }
                open.removeSubrange(position...)
            case .text(let text):
                let parent = open[open.count - 1]
                if case .text(let previous) = records[parent].children.last {
                    records[parent].children[records[parent].children.count - 1] = .text(previous + text)
                } else {
                    records[parent].children.append(.text(text))
                }
            case .doctype(let content):
                if doctype == nil { doctype = content }
            case .comment:
                break
            }
        }
    }

    // The scopes implied end tags look through, made once rather than as a new Set for every start tag.
    private static let paragraphScope = scopeBoundaries.union(["li"])
    private static let listItemScope = scopeBoundaries.union(["ul", "ol"])
    private static let definitionScope = scopeBoundaries.union(["dl"])
    private static let rowScope: Set<String> = ["#document", "table", "thead", "tbody", "tfoot"]
    private static let cellScope: Set<String> = ["#document", "table", "tr"]
    private static let sectionScope: Set<String> = ["#document", "table"]
    private static let optionScope: Set<String> = ["#document", "select", "datalist"]

    private func closeImplied(before name: String, open: inout [Int]) {
        if Self.closesParagraph.contains(name) { close(["p"], within: Self.paragraphScope, &open) }
        switch name {
        case "li": close(["li"], within: Self.listItemScope, &open)
        case "dt", "dd": close(["dt", "dd"], within: Self.definitionScope, &open)
        case "tr": close(["tr"], within: Self.rowScope, &open)
        case "td", "th": close(["td", "th"], within: Self.cellScope, &open)
        case "thead", "tbody", "tfoot": close(["thead", "tbody", "tfoot"], within: Self.sectionScope, &open)
        case "option": close(["option"], within: Self.optionScope, &open)
        default: break
        }
    }

    /// Closes the nearest open element named in `names`, unless a boundary comes first.
    private func close(_ names: [String], within boundaries: Set<String>, _ open: inout [Int]) {
        for position in stride(from: open.count - 1, to: 0, by: -1) {
            let name = records[open[position]].name
            if names.contains(name) {
                open.removeSubrange(position...)
                return
            }
            if boundaries.contains(name) { return }
        }
    }

    // MARK: Reading

    /// The document node; its ``HTMLElement/children`` are the top-level elements.
    public var root: HTMLElement { HTMLElement(document: self, index: 0) }

    /// Every element in document order.
    public var elements: [HTMLElement] { (1..<records.count).map { HTMLElement(document: self, index: $0) } }

    /// The elements the selector matches, in document order.
    /// - Throws: ``HTMLSelector/ParseError`` for a selector it cannot read.
    public func select(_ selector: String, classMatching: HTMLSelector.ClassMatching = .token) throws -> [HTMLElement] {
        try HTMLSelector(selector, classMatching: classMatching).select(in: self)
    }

    /// The first element the selector matches.
    public func first(_ selector: String, classMatching: HTMLSelector.ClassMatching = .token) throws -> HTMLElement? {
        try select(selector, classMatching: classMatching).first
    }

    /// The text of each element the selector matches, whitespace collapsed, empty ones left out.
    public func text(of selector: String, classMatching: HTMLSelector.ClassMatching = .token) throws -> [String] {
        try select(selector, classMatching: classMatching).map(\.normalizedText).filter { !$0.isEmpty }
    }

    /// The `content` of the first `<meta name=…>` in `<head>` with this name (compared case-insensitively),
    /// also found by `property` (Open Graph) or `http-equiv`. Pages without a `<head>` are searched whole.
    public func meta(name: String) -> String? {
        let wanted = name.lowercased()
        let head = elements.first { $0.name == "head" }
        let candidates = (head.map { $0.descendants } ?? elements).filter { $0.name == "meta" }
        for meta in candidates {
            for key in ["name", "property", "http-equiv"] where meta[attribute: key]?.lowercased() == wanted {
                if let content = meta[attribute: "content"] { return content }
            }
        }
        return nil
    }

    /// The text of `<title>`, whitespace collapsed.
    public var title: String? { elements.first { $0.name == "title" }?.normalizedText }
}

/// An element of an ``HTMLDocument`` (a light view: the document and a position in it).
public struct HTMLElement: Sendable, CustomStringConvertible {
    let document: HTMLDocument
    let index: Int

    private var record: HTMLDocument.Record { document.records[index] }

    /// The tag name, lower-cased.
    public var name: String { record.name }
    /// The attributes in document order, names lower-cased.
    public var attributes: [HTMLAttribute] { record.attributes }
    /// The value of an attribute (names are compared lower-cased).
    public subscript(attribute name: String) -> String? {
        let lowered = name.lowercased()
        return record.attributes.first { $0.name == lowered }?.value
    }
    /// The `id` attribute.
    public var id: String? { self[attribute: "id"] }
    /// The class names of the `class` attribute.
    public var classNames: [String] {
        (self[attribute: "class"] ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            .map(String.init)
    }
    /// The parent element (the document for top-level elements, `nil` for the document).
    public var parent: HTMLElement? { record.parent.map { HTMLElement(document: document, index: $0) } }
    /// The child elements.
    public var children: [HTMLElement] {
        record.children.compactMap {
            if case .element(let child) = $0 { return HTMLElement(document: document, index: child) }
            return nil
        }
    }

    /// Every element inside this one, in document order (without recursion).
    public var descendants: [HTMLElement] {
        var result: [HTMLElement] = []
        var stack = Array(children.reversed())
        while let element = stack.popLast() {
            result.append(element)
            stack.append(contentsOf: element.children.reversed())
        }
        return result
    }

    /// All the text inside the element, as written (references decoded). `<script>` and `<style>`
    /// content is left out.
    public var text: String {
        var result = ""
        var stack: [HTMLDocument.Child] = record.children.reversed()
        while let child = stack.popLast() {
            switch child {
            case .text(let text): result += text
            case .element(let element):
                let record = document.records[element]
                if record.name == "script" || record.name == "style" { continue }
                stack.append(contentsOf: record.children.reversed())
            }
        }
        return result
    }

    /// ``text`` with runs of whitespace collapsed to one space and trimmed.
    public var normalizedText: String { text.collapsingHTMLWhitespace() }

    /// The elements below this one that the selector matches.
    public func select(_ selector: String, classMatching: HTMLSelector.ClassMatching = .token) throws -> [HTMLElement] {
        let matches = try HTMLSelector(selector, classMatching: classMatching).select(in: document)
        return matches.filter { $0.isDescendant(of: index) }
    }

    func isDescendant(of ancestor: Int) -> Bool {
        var current = document.records[index].parent
        while let position = current {
            if position == ancestor { return true }
            current = document.records[position].parent
        }
        return false
    }

    /// The element's start tag with its attributes, such as `<p class="story">`, for debugging.
    public var description: String {
        let attributes = record.attributes.map { " \($0.name)=\"\($0.value)\"" }.joined()
        return "<\(name)\(attributes)>"
    }
}
