import Courier
import Foundation

/// The book's article-share document: a list of articles, each an ordered list of key/value strings,
/// written and read as JSON or XML.
///
/// ```json
/// {"articles":[{"title":"Rain","author":"Ann"}]}
/// ```
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?><articles><article><title>Rain</title><author>Ann</author></article></articles>
/// ```
///
/// Both forms are compact, keep the order of the fields and escape what their syntax needs (`"` and
/// `\` and control characters in JSON; `&`, `<`, `>` in XML).
public struct ArticleShareDocument: Hashable, Sendable {
    /// One key/value pair of an article.
    public struct Field: Hashable, Sendable {
        /// The field's key, such as `title`; in XML it becomes the element name, so it must be a valid XML name.
        public var key: String
        /// The field's value, any text (escaped as each format needs).
        public var value: String

        /// Creates a field.
        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// One article: its fields in order.
    public struct Article: Hashable, Sendable {
        /// The fields in order; a key may repeat.
        public var fields: [Field]

        /// Creates an article from its fields in order.
        public init(fields: [Field]) {
            self.fields = fields
        }

        /// An article from `(key, value)` pairs in order.
        public init(_ pairs: KeyValuePairs<String, String>) {
            self.fields = pairs.map { Field(key: $0.key, value: $0.value) }
        }

        /// The value of the first field with this key.
        public subscript(key: String) -> String? { fields.first { $0.key == key }?.value }
    }

    /// A document that could not be read or written.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// What was wrong, as a sentence.
        public var message: String
        /// The message, prefixed with `article-share document:`.
        public var description: String { "article-share document: \(message)" }
    }

    /// The articles in order.
    public var articles: [Article]

    /// Creates a document from articles in order.
    public init(articles: [Article]) {
        self.articles = articles
    }

    // MARK: JSON

    /// `{"articles":[{"key":"value",…},…]}`, compact, fields in order.
    public func jsonData() -> Data {
        let value = JSONValue.object([
            "articles": .array(
                articles.map { article in
                    JSONValue.object(JSONObject(article.fields.map { ($0.key, JSONValue.string($0.value)) }))
                })
        ])
        // Strings only: nothing can fail validation.
        return (try? value.serialized()) ?? Data()
    }

    /// Reads the JSON form.
    /// - Throws: ``JSONError`` for text that is not JSON; ``Error`` when the shape is not
    ///   `{"articles":[{…}]}` with string values (numbers and booleans are accepted and written as text).
    public init(json: some Collection<UInt8>) throws {
        let root = try JSONValue(parsing: json)
        guard case .array(let items) = root["articles"] else {
            throw Error(message: "the JSON has no \"articles\" array")
        }
        articles = try items.enumerated().map { position, item in
            guard case .object(let object) = item else {
                throw Error(message: "article \(position + 1) is not an object")
            }
            return Article(
                fields: try object.map { key, value in
                    switch value {
                    case .string(let text): return Field(key: key, value: text)
                    case .number:
                        return Field(key: key, value: try value.serializedString(options: .fragmentsAllowed))
                    case .bool(let flag): return Field(key: key, value: flag ? "true" : "false")
                    default: throw Error(message: "the field \"\(key)\" of article \(position + 1) is not text")
                    }
                })
        }
    }

    // MARK: XML

    /// `<?xml version="1.0" encoding="UTF-8"?><articles><article><key>value</key>…</article>…</articles>`.
    /// - Throws: ``XMLWriter/Error`` when a key is not a valid XML element name.
    public func xmlData() throws -> Data {
        var writer = XMLWriter()
        try writer.writeDeclaration()
        try writer.startElement("articles")
        for article in articles {
            try writer.startElement("article")
            for field in article.fields { try writer.element(field.key, text: field.value) }
            try writer.endElement()
        }
        try writer.endElement()
        return Data(writer.bytes)
    }

    /// Reads the XML form: each child of an `<article>` is a field named after its element.
    /// - Throws: ``XMLParseError`` for malformed XML; ``Error`` when the root is not `<articles>`.
    public init(xml: some Collection<UInt8>) throws {
        let tree = try XMLTree(parsing: xml, processesNamespaces: false)
        guard tree.root.name.qualifiedName == "articles" else {
            throw Error(message: "the root element is <\(tree.root.name.qualifiedName)>, not <articles>")
        }
        articles = tree.root.elements.filter { $0.name.qualifiedName == "article" }.map { article in
            Article(fields: article.elements.map { Field(key: $0.name.qualifiedName, value: $0.text) })
        }
    }
}
