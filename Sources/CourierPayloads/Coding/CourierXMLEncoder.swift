import Foundation

/// Encodes `Encodable` values as XML (see ``XMLCodingOptions`` for the mapping), written with
/// ``XMLWriter`` so names are checked and text escaped.
///
/// ```swift
/// struct Order: Codable { var id: Int; var items: [String]; var note: String? }
/// var encoder = CourierXMLEncoder()
/// encoder.options.attributeKeys = ["id"]
/// let xml = try encoder.encode(Order(id: 7, items: ["pen"], note: nil), rootElement: "order")
/// // <?xml version="1.0" encoding="UTF-8"?><order id="7"><items><element>pen</element></items></order>
/// ```
public struct CourierXMLEncoder: Sendable {
    /// The mapping of values to elements.
    public var options: XMLCodingOptions
    /// Pretty-printing indentation, or `nil` for compact output.
    public var indentation: String?
    /// Whether to begin with `<?xml version="1.0" encoding="UTF-8"?>`.
    public var writesDeclaration: Bool

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - options: The mapping of values to elements.
    ///   - indentation: The indentation of nested elements, such as `"  "`, or `nil` for compact output.
    ///   - writesDeclaration: Whether to begin with the XML declaration.
    public init(
        options: XMLCodingOptions = XMLCodingOptions(), indentation: String? = nil, writesDeclaration: Bool = true
    ) {
        self.options = options
        self.indentation = indentation
        self.writesDeclaration = writesDeclaration
    }

    /// Encodes a value as a document whose root element is `rootElement`.
    /// - Throws: `EncodingError` from the value; ``XMLWriter/Error`` when a key is not a valid XML name.
    public func encode(_ value: some Encodable, rootElement: String) throws -> Data {
        let node = XMLEncodingNode()
        try XMLValueEncoder.encode(value, into: node, codingPath: [])
        var writer = XMLWriter(indentation: indentation)
        if writesDeclaration { try writer.writeDeclaration() }
        try write(node, named: rootElement, to: &writer)
        return Data(writer.bytes)
    }

    private func write(_ node: XMLEncodingNode, named name: String, to writer: inout XMLWriter) throws {
        switch node.content {
        case .empty:
            try writer.startElement(name)
            try writer.endElement()
        case .null:
            try writer.startElement(name, attributes: [.init("nil", "true")])
            try writer.endElement()
        case .text(let text):
            try writer.element(name, text: text)
        case .unkeyed(let items):
            try writer.startElement(name)
            for item in items { try write(item, named: options.arrayElementName, to: &writer) }
            try writer.endElement()
        case .keyed(let members):
            var attributes: [XMLWriter.Attribute] = []
            var elements: [(String, XMLEncodingNode)] = []
            for (key, member) in members {
                if options.attributeKeys.contains(key), case .text(let text) = member.content {
                    attributes.append(.init(key, text))
                } else {
                    elements.append((key, member))
                }
            }
            try writer.startElement(name, attributes: attributes)
            for (key, member) in elements {
                if options.arrays == .repeated, case .unkeyed(let items) = member.content {
                    for item in items { try write(item, named: key, to: &writer) }
                } else {
                    try write(member, named: key, to: &writer)
                }
            }
            try writer.endElement()
        }
    }
}

/// The tree a value encodes into before it is written.
final class XMLEncodingNode {
    enum Content {
        case empty
        case null
        case text(String)
        case keyed([(String, XMLEncodingNode)])
        case unkeyed([XMLEncodingNode])
    }

    var content = Content.empty

    func child(forKey key: String) -> XMLEncodingNode {
        let child = XMLEncodingNode()
        if case .keyed(var members) = content {
            members.removeAll { $0.0 == key }
            members.append((key, child))
            content = .keyed(members)
        } else {
            content = .keyed([(key, child)])
        }
        return child
    }

    func appendItem() -> XMLEncodingNode {
        let child = XMLEncodingNode()
        if case .unkeyed(var items) = content {
            items.append(child)
            content = .unkeyed(items)
        } else {
            content = .unkeyed([child])
        }
        return child
    }

    var count: Int {
        switch content {
        case .keyed(let members): return members.count
        case .unkeyed(let items): return items.count
        default: return 0
        }
    }
}

final class XMLValueEncoder: Encoder {
    let node: XMLEncodingNode
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: XMLEncodingNode, codingPath: [any CodingKey]) {
        self.node = node
        self.codingPath = codingPath
    }

    static func encode(_ value: some Encodable, into node: XMLEncodingNode, codingPath: [any CodingKey]) throws {
        if let text = XMLScalar.text(for: value) {
            node.content = .text(text)
        } else {
            try value.encode(to: XMLValueEncoder(node: node, codingPath: codingPath))
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .keyed = node.content {} else { node.content = .keyed([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .unkeyed = node.content {} else { node.content = .unkeyed([]) }
        return UnkeyedContainer(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueContainer(node: node, codingPath: codingPath)
    }

    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: XMLEncodingNode
        let codingPath: [any CodingKey]

        mutating func encodeNil(forKey key: Key) throws {
            node.child(forKey: key.stringValue).content = .null
        }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try XMLValueEncoder.encode(value, into: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            XMLValueEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
                .container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            XMLValueEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
                .unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            XMLValueEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            XMLValueEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let node: XMLEncodingNode
        let codingPath: [any CodingKey]
        var count: Int { node.count }

        private var nextPath: [any CodingKey] { codingPath + [XMLCodingKey(intValue: count)] }

        mutating func encodeNil() throws {
            node.appendItem().content = .null
        }

        mutating func encode<T: Encodable>(_ value: T) throws {
            let path = nextPath
            try XMLValueEncoder.encode(value, into: node.appendItem(), codingPath: path)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            let path = nextPath
            return XMLValueEncoder(node: node.appendItem(), codingPath: path).container(keyedBy: keyType)
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let path = nextPath
            return XMLValueEncoder(node: node.appendItem(), codingPath: path).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder {
            let path = nextPath
            return XMLValueEncoder(node: node.appendItem(), codingPath: path)
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let node: XMLEncodingNode
        let codingPath: [any CodingKey]

        mutating func encodeNil() throws { node.content = .null }
        mutating func encode(_ value: Bool) throws { node.content = .text(value ? "true" : "false") }
        mutating func encode(_ value: String) throws { node.content = .text(value) }
        mutating func encode(_ value: Double) throws { node.content = .text(Self.text(value)) }
        mutating func encode(_ value: Float) throws { node.content = .text(Self.text(Double(value), "\(value)")) }
        mutating func encode(_ value: Int) throws { node.content = .text(String(value)) }
        mutating func encode(_ value: Int8) throws { node.content = .text(String(value)) }
        mutating func encode(_ value: Int16) throws { node.content = .text(String(value)) }
        mutating func encode(_ value: Int32) throws { node.content = .text(String(value)) }
        mutating func encode(_ value: Int64) throws { node.content = .text(String(value)) }
        mutating func encode(_ value: UInt) throws { node.content = .text(String(value)) }
        mutating func encode(_ value: UInt8) throws { node.content = .text(String(value)) }
        mutating func encode(_ value: UInt16) throws { node.content = .text(String(value)) }
        mutating func encode(_ value: UInt32) throws { node.content = .text(String(value)) }
        mutating func encode(_ value: UInt64) throws { node.content = .text(String(value)) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            try XMLValueEncoder.encode(value, into: node, codingPath: codingPath)
        }

        /// XML Schema's lexical forms for the special values (`INF`, `-INF`, `NaN`).
        private static func text(_ value: Double, _ description: String? = nil) -> String {
            if value.isNaN { return "NaN" }
            if value.isInfinite { return value < 0 ? "-INF" : "INF" }
            return description ?? "\(value)"
        }
    }
}
