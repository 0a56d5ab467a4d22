/// A small in-memory XML document ("XMLDocument-lite") built from ``XMLStreamParser`` events, with
/// simple path queries.
///
/// ```swift
/// let tree = try XMLTree(parsing: bytes)
/// for title in tree.all("/rss/channel/item/title") { print(title.text) }
/// let withID = tree.all("//item[@id]")
/// let second = tree.first("channel/item[2]/title")?.text
/// ```
///
/// Path steps are separated by `/`; a leading `/` anchors at the root element, `//` means "at any
/// depth below". A step is a name (matched against the local name, or the qualified name when the
/// step has a prefix, as in `feedburner:origLink`) or `*`, optionally followed by predicates: `[@a]`
/// (has the attribute), `[@a='v']` (attribute equals) or `[n]` (the n-th match, from 1). Relative
/// paths start at the root element's children, as in `channel/item/title` on an RSS document.
public struct XMLTree: Hashable, Sendable {
    /// One element with its attributes and content.
    public struct Element: Hashable, Sendable {
        /// The element's name.
        public var name: XMLName
        /// The attributes in document order.
        public var attributes: [XMLAttribute]
        /// The content in document order.
        public var children: [Node]

        /// Creates an element.
        public init(name: XMLName, attributes: [XMLAttribute] = [], children: [Node] = []) {
            self.name = name
            self.attributes = attributes
            self.children = children
        }

        /// The child elements.
        public var elements: [Element] {
            children.compactMap {
                if case .element(let element) = $0 { return element }
                return nil
            }
        }

        /// All text and CDATA inside the element and its descendants, concatenated.
        public var text: String {
            var result = ""
            appendText(to: &result)
            return result
        }

        private func appendText(to result: inout String) {
            for child in children {
                switch child {
                case .text(let text), .cdata(let text): result += text
                case .element(let element): element.appendText(to: &result)
                case .comment, .processingInstruction: break
                }
            }
        }

        /// The value of the attribute with this qualified or local name, if present.
        public subscript(attribute name: String) -> String? {
            attributes.first { $0.name.qualifiedName == name }?.value
                ?? attributes.first { $0.name.localName == name && $0.name.prefix == nil }?.value
        }

        /// The first element the path finds below this one.
        public func first(_ path: String) -> Element? { all(path).first }

        /// Every element the path finds below this one, in document order.
        public func all(_ path: String) -> [Element] {
            XMLPath(path).select(from: [self])
        }
    }

    /// One piece of content.
    public indirect enum Node: Hashable, Sendable {
        /// A child element.
        case element(Element)
        /// Character data (adjacent `characters` events joined).
        case text(String)
        /// A CDATA section's content.
        case cdata(String)
        /// A comment's text.
        case comment(String)
        /// A processing instruction.
        case processingInstruction(target: String, data: String)
    }

    /// The root element.
    public var root: Element

    /// Creates a tree around a root element.
    public init(root: Element) {
        self.root = root
    }

    /// Parses a whole document.
    /// - Throws: ``XMLParseError`` when it is malformed.
    public init(
        parsing document: some Collection<UInt8>, processesNamespaces: Bool = true,
        limits: XMLStreamParser.Limits = XMLStreamParser.Limits()
    ) throws {
        var builder = Builder()
        var parser = XMLStreamParser(processesNamespaces: processesNamespaces, limits: limits)
        try parser.feed(document) { builder.add($0) }
        try parser.finish { builder.add($0) }
        guard let root = builder.root else {
            throw XMLParseError(.missingRootElement, message: "the document has no root element", line: 1, column: 1)
        }
        self.root = root
    }

    /// The first element the path finds (see the type's documentation for the syntax).
    public func first(_ path: String) -> Element? { all(path).first }

    /// Every element the path finds, in document order.
    public func all(_ path: String) -> [Element] {
        let path = XMLPath(path)
        if path.isAbsolute { return path.select(fromDocumentRoot: root) }
        return path.select(from: [root])
    }

    /// Builds a tree from events, for callers that drive ``XMLStreamParser`` themselves.
    public struct Builder: Sendable {
        private var stack: [Element] = []
        /// The root element once its end tag was seen.
        public private(set) var root: Element?

        /// Creates an empty builder.
        public init() {}

        /// Adds one event.
        public mutating func add(_ event: XMLEvent) {
            switch event {
            case .startElement(let name, let attributes):
                stack.append(Element(name: name, attributes: attributes))
            case .endElement:
                guard let element = stack.popLast() else { return }
                if stack.isEmpty {
                    root = element
                } else {
                    stack[stack.count - 1].children.append(.element(element))
                }
            case .characters(let text):
                guard !stack.isEmpty else { return }
                if case .text(let previous) = stack[stack.count - 1].children.last {
                    stack[stack.count - 1].children[stack[stack.count - 1].children.count - 1] = .text(previous + text)
                } else {
                    stack[stack.count - 1].children.append(.text(text))
                }
            case .cdata(let text):
                if !stack.isEmpty { stack[stack.count - 1].children.append(.cdata(text)) }
            case .comment(let text):
                if !stack.isEmpty { stack[stack.count - 1].children.append(.comment(text)) }
            case .processingInstruction(let target, let data):
                if !stack.isEmpty {
                    stack[stack.count - 1].children.append(.processingInstruction(target: target, data: data))
                }
            case .startDocument, .doctype, .startPrefixMapping, .endPrefixMapping, .endDocument:
                break
            }
        }
    }
}
