/// A qualified XML name with its namespace resolution.
///
/// With namespace processing on (the default), `prefix` and `localName` split the qualified name at
/// its colon and `namespaceURI` is the URI the prefix (or the default namespace) is bound to. With
/// namespace processing off, `localName` is the whole qualified name and `namespaceURI` is `nil`.
public struct XMLName: Hashable, Sendable, CustomStringConvertible {
    /// The name as written, such as `"atom:link"`.
    public var qualifiedName: String
    /// The part after the colon, such as `"link"`.
    public var localName: String
    /// The part before the colon, or `nil` when the name has none.
    public var prefix: String?
    /// The namespace the name belongs to, or `nil` when it is in no namespace.
    public var namespaceURI: String?

    /// Creates a name. `localName` defaults to the qualified name (no namespace processing).
    public init(qualifiedName: String, localName: String? = nil, prefix: String? = nil, namespaceURI: String? = nil) {
        self.qualifiedName = qualifiedName
        self.localName = localName ?? qualifiedName
        self.prefix = prefix
        self.namespaceURI = namespaceURI
    }

    /// The name in Clark notation, `{namespace}localName`, or the local name alone when it has no namespace.
    public var description: String {
        if let namespaceURI { return "{\(namespaceURI)}\(localName)" }
        return qualifiedName
    }
}

/// One attribute of a start tag, with its value after entity expansion and normalization.
public struct XMLAttribute: Hashable, Sendable {
    /// The attribute's name. Unprefixed attributes are in no namespace, as the Namespaces spec says.
    public var name: XMLName
    /// The normalized value: references expanded, tab, line feed and carriage return turned into spaces.
    public var value: String

    /// Creates an attribute.
    public init(name: XMLName, value: String) {
        self.name = name
        self.value = value
    }
}

/// The SAX-style events an ``XMLStreamParser`` reports, in document order.
///
/// `characters` may arrive split into several events (at chunk boundaries, around references);
/// join adjacent ones when the whole text matters. Namespace declarations (`xmlns`, `xmlns:p`)
/// are reported as `startPrefixMapping` before the element that declares them and
/// `endPrefixMapping` after its end, not as attributes.
public enum XMLEvent: Hashable, Sendable {
    /// The document started; the values come from the XML declaration when there is one.
    case startDocument(version: String?, encoding: String?, standalone: Bool?)
    /// The document type declaration (`<!DOCTYPE name PUBLIC "…" "…" [ … ]>`). The external subset
    /// is never fetched.
    case doctype(name: String, publicID: String?, systemID: String?)
    /// A namespace prefix (`""` for the default namespace) was bound for the element that follows.
    case startPrefixMapping(prefix: String, namespaceURI: String)
    /// A start tag (an empty-element tag reports a start and an end).
    case startElement(name: XMLName, attributes: [XMLAttribute])
    /// An end tag.
    case endElement(name: XMLName)
    /// A prefix binding went out of scope.
    case endPrefixMapping(prefix: String)
    /// Character data with references expanded and line ends normalized to `\n`.
    case characters(String)
    /// The content of a CDATA section, verbatim.
    case cdata(String)
    /// The text of a comment.
    case comment(String)
    /// A processing instruction other than the XML declaration.
    case processingInstruction(target: String, data: String)
    /// The document ended well-formed.
    case endDocument
}
