import Foundation

/// Decodes `Decodable` values from XML (see ``XMLCodingOptions`` for the mapping), the mirror of
/// ``CourierXMLEncoder``.
///
/// ```swift
/// let order = try CourierXMLDecoder().decode(Order.self, from: xmlBytes)
/// ```
///
/// The root element's name is not checked. Text is read exactly as written (not trimmed), except that
/// numbers and booleans may be surrounded by whitespace. An element with attribute `nil="true"` reads
/// as `nil`, a missing element or attribute as a missing key (`nil` for optionals, an empty array for
/// arrays with the `.repeated` strategy).
public struct CourierXMLDecoder: Sendable {
    /// The mapping of elements to values.
    public var options: XMLCodingOptions

    /// Creates a decoder with the given mapping (by default, arrays wrapped in `element` items, no attributes).
    public init(options: XMLCodingOptions = XMLCodingOptions()) {
        self.options = options
    }

    /// Decodes a value from a document.
    /// - Throws: ``XMLParseError`` for malformed XML; `DecodingError` when the elements do not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type, from bytes: some Collection<UInt8>) throws -> T {
        let tree = try XMLTree(parsing: bytes, processesNamespaces: false)
        return try decode(type, from: tree.root)
    }

    /// Decodes a value from an element of a tree.
    /// - Throws: `DecodingError` when the element does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type, from element: XMLTree.Element) throws -> T {
        try XMLValueDecoder(input: .element(element), options: options, codingPath: []).decodeValue(type)
    }
}

/// Arrays, recognized so a missing key can read as an empty array under the `.repeated` strategy.
private protocol XMLArrayType {}
extension Array: XMLArrayType {}

final class XMLValueDecoder: Decoder {
    enum Input {
        case element(XMLTree.Element)
        case attribute(String)
        case repeated([XMLTree.Element])
    }

    let input: Input
    let options: XMLCodingOptions
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(input: Input, options: XMLCodingOptions, codingPath: [any CodingKey]) {
        self.input = input
        self.options = options
        self.codingPath = codingPath
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        if XMLScalar.isSpecial(type) {
            let text = try self.text()
            guard let value = XMLScalar.value(type, from: text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: codingPath, debugDescription: "\"\(text)\" is not a valid \(type)"))
            }
            return value
        }
        return try T(from: self)
    }

    func text() throws -> String {
        switch input {
        case .element(let element): return element.text
        case .attribute(let value): return value
        case .repeated(let elements):
            guard let first = elements.first else {
                throw DecodingError.valueNotFound(
                    String.self, .init(codingPath: codingPath, debugDescription: "no element holds the value"))
            }
            return first.text
        }
    }

    var isNil: Bool {
        switch input {
        case .element(let element): return element[attribute: "nil"] == "true"
        case .attribute: return false
        case .repeated(let elements): return elements.isEmpty
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let element: XMLTree.Element
        switch input {
        case .element(let single): element = single
        case .repeated(let elements) where !elements.isEmpty: element = elements[0]
        default:
            throw DecodingError.typeMismatch(
                [String: Any].self, .init(codingPath: codingPath, debugDescription: "expected an element with children")
            )
        }
        return KeyedDecodingContainer(KeyedContainer<Key>(element: element, decoder: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        switch input {
        case .element(let element): return UnkeyedContainer(items: element.elements, decoder: self)
        case .repeated(let elements): return UnkeyedContainer(items: elements, decoder: self)
        case .attribute:
            throw DecodingError.typeMismatch(
                [Any].self, .init(codingPath: codingPath, debugDescription: "an attribute cannot hold an array"))
        }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(decoder: self)
    }

    func decodeScalar<T: LosslessStringConvertible>(_ type: T.Type) throws -> T {
        let raw = try text()
        if let value = T(raw) { return value }
        let trimmed = raw.trimmingHTMLWhitespace()
        if type == Bool.self {
            if trimmed == "1" { return true as! T }
            if trimmed == "0" { return false as! T }
        }
        if type == Double.self || type == Float.self {
            let special: Double? = trimmed == "INF" ? .infinity : trimmed == "-INF" ? -.infinity : nil
            if let special { return (type == Double.self ? special as Any : Float(special) as Any) as! T }
        }
        guard let value = T(trimmed) else {
            throw DecodingError.typeMismatch(
                type, .init(codingPath: codingPath, debugDescription: "\"\(raw)\" is not a valid \(type)"))
        }
        return value
    }

    struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let element: XMLTree.Element
        let decoder: XMLValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        var allKeys: [Key] {
            var seen = Set<String>()
            let names = element.elements.map(\.name.qualifiedName) + element.attributes.map(\.name.qualifiedName)
            return names.filter { seen.insert($0).inserted }.compactMap { Key(stringValue: $0) }
        }

        private func children(_ key: Key) -> [XMLTree.Element] {
            element.elements.filter { $0.name.qualifiedName == key.stringValue }
        }

        func contains(_ key: Key) -> Bool {
            !children(key).isEmpty || element[attribute: key.stringValue] != nil
        }

        private func input(for key: Key, arrayExpected: Bool) -> XMLValueDecoder.Input? {
            let matches = children(key)
            if decoder.options.arrays == .repeated, arrayExpected { return .repeated(matches) }
            if let first = matches.first { return .element(first) }
            if let attribute = element[attribute: key.stringValue] { return .attribute(attribute) }
            return nil
        }

        private func nestedDecoder(for key: Key, arrayExpected: Bool = false) throws -> XMLValueDecoder {
            guard let input = input(for: key, arrayExpected: arrayExpected) else {
                throw DecodingError.keyNotFound(
                    key,
                    .init(codingPath: codingPath, debugDescription: "no element or attribute \"\(key.stringValue)\""))
            }
            return XMLValueDecoder(input: input, options: decoder.options, codingPath: codingPath + [key])
        }

        func decodeNil(forKey key: Key) throws -> Bool {
            guard let input = input(for: key, arrayExpected: false) else { return true }
            return XMLValueDecoder(input: input, options: decoder.options, codingPath: codingPath).isNil
        }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try nestedDecoder(for: key, arrayExpected: type is any XMLArrayType.Type).decodeValue(type)
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            try nestedDecoder(for: key).decodeScalar(type)
        }
        func decode(_ type: String.Type, forKey key: Key) throws -> String { try nestedDecoder(for: key).text() }
        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try nestedDecoder(for: key).decodeScalar(type)
        }
        func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
            try nestedDecoder(for: key).decodeScalar(type)
        }
        func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try nestedDecoder(for: key).decodeScalar(type) }
        func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
            try nestedDecoder(for: key).decodeScalar(type)
        }
        func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
            try nestedDecoder(for: key).decodeScalar(type)
        }

        func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type, forKey key: Key
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try nestedDecoder(for: key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try nestedDecoder(for: key, arrayExpected: true).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder {
            try nestedDecoder(for: Key(stringValue: "super")!)
        }

        func superDecoder(forKey key: Key) throws -> any Decoder {
            try nestedDecoder(for: key)
        }
    }

    struct UnkeyedContainer: UnkeyedDecodingContainer {
        let items: [XMLTree.Element]
        let decoder: XMLValueDecoder
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        init(items: [XMLTree.Element], decoder: XMLValueDecoder) {
            self.items = items
            self.decoder = decoder
        }

        private mutating func nextDecoder() throws -> XMLValueDecoder {
            guard !isAtEnd else {
                throw DecodingError.valueNotFound(
                    Any.self, .init(codingPath: codingPath, debugDescription: "the array has no more elements"))
            }
            defer { currentIndex += 1 }
            return XMLValueDecoder(
                input: .element(items[currentIndex]), options: decoder.options,
                codingPath: codingPath + [XMLCodingKey(intValue: currentIndex)])
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex][attribute: "nil"] == "true" else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try nextDecoder().decodeValue(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy type: NestedKey.Type
        ) throws -> KeyedDecodingContainer<NestedKey> {
            try nextDecoder().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
            try nextDecoder().unkeyedContainer()
        }

        mutating func superDecoder() throws -> any Decoder { try nextDecoder() }
    }

    struct SingleValueContainer: SingleValueDecodingContainer {
        let decoder: XMLValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }

        func decodeNil() -> Bool { decoder.isNil }
        func decode(_ type: Bool.Type) throws -> Bool { try decoder.decodeScalar(type) }
        func decode(_ type: String.Type) throws -> String { try decoder.text() }
        func decode(_ type: Double.Type) throws -> Double { try decoder.decodeScalar(type) }
        func decode(_ type: Float.Type) throws -> Float { try decoder.decodeScalar(type) }
        func decode(_ type: Int.Type) throws -> Int { try decoder.decodeScalar(type) }
        func decode(_ type: Int8.Type) throws -> Int8 { try decoder.decodeScalar(type) }
        func decode(_ type: Int16.Type) throws -> Int16 { try decoder.decodeScalar(type) }
        func decode(_ type: Int32.Type) throws -> Int32 { try decoder.decodeScalar(type) }
        func decode(_ type: Int64.Type) throws -> Int64 { try decoder.decodeScalar(type) }
        func decode(_ type: UInt.Type) throws -> UInt { try decoder.decodeScalar(type) }
        func decode(_ type: UInt8.Type) throws -> UInt8 { try decoder.decodeScalar(type) }
        func decode(_ type: UInt16.Type) throws -> UInt16 { try decoder.decodeScalar(type) }
        func decode(_ type: UInt32.Type) throws -> UInt32 { try decoder.decodeScalar(type) }
        func decode(_ type: UInt64.Type) throws -> UInt64 { try decoder.decodeScalar(type) }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
    }
}
