/// Writes well-formed XML: the declaration, nested elements closed by name automatically,
/// attributes and text escaped, namespaces declared and looked up, comments, CDATA and processing
/// instructions; compact or pretty-printed.
///
/// ```swift
/// var writer = XMLWriter(indentation: "  ")
/// try writer.writeDeclaration()
/// try writer.startElement("articles")
/// try writer.element("title", text: "Fish & chips")
/// try writer.endElement()
/// print(writer.string)
/// ```
///
/// The output accumulates in ``bytes``; call ``takeBytes()`` to hand it on piece by piece (to a file
/// or a request body stream) while writing a large document. Methods throw ``XMLWriter/Error``
/// rather than write something that would not parse back.
public struct XMLWriter: Sendable {
    /// A misuse that would make the document malformed.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong.
        public var message: String

        /// The message, prefixed with `XMLWriter:`.
        public var description: String { "XMLWriter: \(message)" }
    }

    /// An attribute to write; its value is escaped.
    public struct Attribute: Hashable, Sendable {
        /// The qualified name, such as `"href"` or `"xml:lang"`.
        public var name: String
        /// The value, unescaped.
        public var value: String

        /// Creates an attribute.
        public init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    private struct OpenElement: Sendable {
        var name: String
        var declaredPrefixes: Int
        var hasChildElements = false
        var hasText = false
    }

    /// The text written so far and not yet taken.
    public private(set) var bytes: [UInt8] = []
    /// The indentation per level for pretty printing, or `nil` for compact output.
    public let indentation: String?
    private var openElements: [OpenElement] = []
    private var namespaceBindings: [(prefix: String, uri: String)] = []
    private var pendingNamespaces: [(prefix: String, uri: String)] = []
    private var startTagIsOpen = false
    private var wroteRoot = false
    private var generatedPrefixCount = 0

    /// Creates a writer.
    /// - Parameter indentation: the indentation per level (such as `"  "`) to pretty-print, or `nil`
    ///   for compact output. Elements that contain text are never re-indented inside, so content is
    ///   preserved.
    public init(indentation: String? = nil) {
        self.indentation = indentation
    }

    /// The output so far as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Whether every element that was started has been ended.
    public var isComplete: Bool { wroteRoot && openElements.isEmpty }

    /// Returns the output so far and empties the buffer, for streaming a document out as it is written.
    public mutating func takeBytes() -> [UInt8] {
        closeStartTag()
        defer { bytes.removeAll(keepingCapacity: true) }
        return bytes
    }

    /// Writes `<?xml version="1.0" encoding="UTF-8"?>` (the output is always UTF-8).
    /// - Throws: when anything was written before.
    public mutating func writeDeclaration(standalone: Bool? = nil) throws {
        guard bytes.isEmpty, !wroteRoot else { throw Error(message: "the XML declaration must come first") }
        append("<?xml version=\"1.0\" encoding=\"UTF-8\"")
        if let standalone { append(" standalone=\"\(standalone ? "yes" : "no")\"") }
        append("?>")
    }

    /// Declares a namespace on the next start tag (`xmlns:prefix="uri"`, or `xmlns="uri"` for the
    /// empty prefix).
    public mutating func declareNamespace(prefix: String, uri: String) throws {
        if !prefix.isEmpty { try Self.checkName(prefix, allowingColon: false) }
        if !prefix.isEmpty && uri.isEmpty {
            throw Error(message: "the prefix \(prefix) cannot be bound to an empty URI")
        }
        pendingNamespaces.append((prefix, uri))
    }

    /// Starts an element named as written, with its attributes.
    /// - Throws: for an invalid name, a second root element, or a duplicate attribute.
    public mutating func startElement(_ qualifiedName: String, attributes: [Attribute] = []) throws {
        try Self.checkName(qualifiedName, allowingColon: true)
        guard !(wroteRoot && openElements.isEmpty) else {
            throw Error(message: "a document has one root element; <\(qualifiedName)> would be a second")
        }
        var seen = Set<String>()
        for attribute in attributes {
            try Self.checkName(attribute.name, allowingColon: true)
            guard seen.insert(attribute.name).inserted else {
                throw Error(message: "the attribute \(attribute.name) is given twice")
            }
        }
        closeStartTag()
        breakLineForMarkup()
        if !openElements.isEmpty { openElements[openElements.count - 1].hasChildElements = true }
        append("<")
        append(qualifiedName)
        for namespace in pendingNamespaces {
            append(namespace.prefix.isEmpty ? " xmlns=\"" : " xmlns:\(namespace.prefix)=\"")
            appendEscaped(namespace.uri, inAttribute: true)
            append("\"")
            namespaceBindings.append(namespace)
        }
        for attribute in attributes {
            append(" ")
            append(attribute.name)
            append("=\"")
            appendEscaped(attribute.value, inAttribute: true)
            append("\"")
        }
        openElements.append(OpenElement(name: qualifiedName, declaredPrefixes: pendingNamespaces.count))
        pendingNamespaces.removeAll()
        startTagIsOpen = true
        wroteRoot = true
    }

    /// Starts an element in a namespace, using the prefix bound to it in scope or declaring one
    /// (`ns1`, `ns2`, … or `preferredPrefix`) when none is.
    public mutating func startElement(
        localName: String, namespaceURI: String, preferredPrefix: String? = nil, attributes: [Attribute] = []
    ) throws {
        try Self.checkName(localName, allowingColon: false)
        let allBindings = namespaceBindings + pendingNamespaces
        if let binding = allBindings.last(where: { $0.uri == namespaceURI }),
            allBindings.last(where: { $0.prefix == binding.prefix })?.uri == namespaceURI
        {
            try startElement(
                binding.prefix.isEmpty ? localName : "\(binding.prefix):\(localName)", attributes: attributes)
            return
        }
        var prefix = preferredPrefix ?? ""
        if prefix.isEmpty || allBindings.contains(where: { $0.prefix == prefix }) {
            repeat {
                generatedPrefixCount += 1
                prefix = "ns\(generatedPrefixCount)"
            } while allBindings.contains(where: { $0.prefix == prefix })
        }
        try declareNamespace(prefix: prefix, uri: namespaceURI)
        try startElement("\(prefix):\(localName)", attributes: attributes)
    }

    /// Ends the innermost open element (`<a/>` when it has no content).
    /// - Throws: when no element is open.
    public mutating func endElement() throws {
        guard let element = openElements.popLast() else { throw Error(message: "there is no open element to end") }
        if startTagIsOpen {
            append("/>")
            startTagIsOpen = false
        } else {
            if element.hasChildElements && !element.hasText, let indentation {
                append("\n")
                for _ in 0..<openElements.count { append(indentation) }
            }
            append("</")
            append(element.name)
            append(">")
        }
        namespaceBindings.removeLast(element.declaredPrefixes)
    }

    /// Writes escaped character data inside the open element.
    /// - Throws: outside the root element, or for characters XML does not allow.
    public mutating func text(_ content: String) throws {
        guard !openElements.isEmpty else { throw Error(message: "text must be inside the root element") }
        try Self.checkCharacters(content)
        if content.isEmpty { return }
        closeStartTag()
        openElements[openElements.count - 1].hasText = true
        appendEscaped(content, inAttribute: false)
    }

    /// Writes `<name attributes>text</name>`.
    public mutating func element(_ qualifiedName: String, attributes: [Attribute] = [], text content: String) throws {
        try startElement(qualifiedName, attributes: attributes)
        try text(content)
        try endElement()
    }

    /// Writes a CDATA section (split in two where the content holds `]]>`).
    public mutating func cdata(_ content: String) throws {
        guard !openElements.isEmpty else { throw Error(message: "a CDATA section must be inside the root element") }
        try Self.checkCharacters(content)
        closeStartTag()
        openElements[openElements.count - 1].hasText = true
        append("<![CDATA[")
        append(content.split(separator: "]]>", omittingEmptySubsequences: false).joined(separator: "]]]]><![CDATA[>"))
        append("]]>")
    }

    /// Writes a comment.
    /// - Throws: when the text contains `--` or ends with `-`, which a comment cannot hold.
    public mutating func comment(_ content: String) throws {
        guard !content.contains("--"), !content.hasSuffix("-") else {
            throw Error(message: "a comment cannot contain '--' or end with '-'")
        }
        try Self.checkCharacters(content)
        closeStartTag()
        breakLineForMarkup()
        append("<!--")
        append(content)
        append("-->")
    }

    /// Writes a processing instruction.
    /// - Throws: for an invalid or reserved (`xml`) target, or data containing `?>`.
    public mutating func processingInstruction(target: String, data: String = "") throws {
        try Self.checkName(target, allowingColon: false)
        guard target.lowercased() != "xml" else { throw Error(message: "the target xml is reserved") }
        guard !data.contains("?>") else { throw Error(message: "processing instruction data cannot contain '?>'") }
        try Self.checkCharacters(data)
        closeStartTag()
        breakLineForMarkup()
        append("<?")
        append(target)
        if !data.isEmpty {
            append(" ")
            append(data)
        }
        append("?>")
    }

    /// Writes an event from ``XMLStreamParser``, so a parsed document can be written back (the
    /// DOCTYPE without its internal subset, whose entities the parser already expanded).
    public mutating func write(_ event: XMLEvent) throws {
        switch event {
        case .startDocument(let version, _, let standalone):
            if version != nil { try writeDeclaration(standalone: standalone) }
        case .doctype(let name, let publicID, let systemID):
            try Self.checkName(name, allowingColon: true)
            breakLineForMarkup()
            append("<!DOCTYPE \(name)")
            if let publicID, let systemID {
                append(" PUBLIC \"\(publicID)\" \"\(systemID)\"")
            } else if let systemID {
                append(" SYSTEM \"\(systemID)\"")
            }
            append(">")
        case .startPrefixMapping(let prefix, let uri):
            if prefix.isEmpty || !uri.isEmpty { pendingNamespaces.append((prefix, uri)) }
        case .startElement(let name, let attributes):
            try startElement(
                name.qualifiedName, attributes: attributes.map { Attribute($0.name.qualifiedName, $0.value) })
        case .endElement:
            try endElement()
        case .characters(let content):
            try text(content)
        case .cdata(let content):
            try cdata(content)
        case .comment(let content):
            try comment(content)
        case .processingInstruction(let target, let data):
            try processingInstruction(target: target, data: data)
        case .endPrefixMapping, .endDocument:
            break
        }
    }

    // MARK: Output

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func closeStartTag() {
        if startTagIsOpen {
            bytes.append(UInt8(ascii: ">"))
            startTagIsOpen = false
        }
    }

    /// In pretty mode, starts markup on a new, indented line unless it sits in text content.
    private mutating func breakLineForMarkup() {
        guard let indentation, !bytes.isEmpty else { return }
        if let parent = openElements.last, parent.hasText { return }
        append("\n")
        for _ in 0..<openElements.count { append(indentation) }
    }

    private mutating func appendEscaped(_ text: String, inAttribute: Bool) {
        Self.appendEscaped(text, inAttribute: inAttribute, to: &bytes)
    }

    /// `text` escaped for XML (or HTML) content, or with `inAttribute` for an attribute value in double quotes, as
    /// the writer escapes it: `&`, `<`, `>` and a carriage return always, `"`, tab and line feed in attributes.
    package static func escaped(_ text: String, inAttribute: Bool) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        appendEscaped(text, inAttribute: inAttribute, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendEscaped(_ text: String, inAttribute: Bool, to bytes: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\"") where inAttribute: bytes.append(contentsOf: "&quot;".utf8)
            case 0x0D: bytes.append(contentsOf: "&#13;".utf8)
            case 0x09 where inAttribute: bytes.append(contentsOf: "&#9;".utf8)
            case 0x0A where inAttribute: bytes.append(contentsOf: "&#10;".utf8)
            default: bytes.append(byte)
            }
        }
    }

    // MARK: Checks

    private static func checkName(_ name: String, allowingColon: Bool) throws {
        var isFirst = true
        var valid = !name.isEmpty
        for scalar in name.unicodeScalars where valid {
            let value = scalar.value
            let isStart =
                (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || value == 0x5F
                || (value == 0x3A && allowingColon) || XMLStreamParser.isNameStartCharacter(value)
            let isOther =
                (value >= 0x30 && value <= 0x39) || value == 0x2D || value == 0x2E
                || XMLStreamParser.isNameCharacter(value)
            valid = isFirst ? isStart : (isStart || isOther)
            isFirst = false
        }
        guard valid else { throw Error(message: "\"\(name)\" is not a valid XML name") }
    }

    private static func checkCharacters(_ text: String) throws {
        for scalar in text.unicodeScalars where !XMLStreamParser.isXMLCharacter(scalar.value) {
            throw Error(
                message: "the character U+\(String(scalar.value, radix: 16, uppercase: true)) cannot appear in XML")
        }
    }
}
