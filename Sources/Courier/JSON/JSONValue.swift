import Foundation

/// Any JSON value, for the book's dictionary-style handling of payloads whose shape is not fixed.
///
/// Unlike `JSONSerialization`'s `Any`, a `JSONValue` tells booleans from numbers, keeps the order of
/// object members as they were parsed or inserted, and never crashes on bad input: parsing and
/// serializing throw ``JSONError``.
///
/// ```swift
/// let value = try JSONValue(parsing: Data(#"{"items":[{"id":7,"name":"pen"}]}"#.utf8))
/// let name = value["items"]?[0]?["name"]?.stringValue      // "pen"
/// let id = value["items"]?[0]?["id"]?.intValue             // 7
/// let data = try value.serialized(options: [.prettyPrinted, .sortedKeys])
/// ```
///
/// Numbers are held as `Double`: integers beyond ±2⁵³ lose precision, as in JavaScript.
public enum JSONValue: Hashable, Sendable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, integer or not.
    case number(Double)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object, with its members in order.
    case object(JSONObject)

    // MARK: Accessors

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// Whether this is `null`.
    public var isNull: Bool { self == .null }

    /// The boolean, when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, when this is a number.
    public var doubleValue: Double? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// The number as an `Int`, when this is a whole number in `Int`'s exactly representable range.
    public var intValue: Int? {
        guard case .number(let value) = self, value.isFinite, value == value.rounded(),
            abs(value) <= 9_007_199_254_740_992
        else { return nil }
        return Int(value)
    }

    /// The text, when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements, when this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members, when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    // MARK: Parsing and serializing

    /// Parses JSON text (UTF-8, an optional byte order mark is skipped).
    /// - Parameters:
    ///   - allowsFragments: accept a top-level value that is not an array or object (`"text"`, `42`),
    ///     like `JSONSerialization`'s `.fragmentsAllowed`.
    ///   - maximumDepth: the deepest nesting accepted, so hostile input cannot exhaust the stack.
    /// - Throws: ``JSONError`` with the byte offset of the problem.
    public init(parsing data: some Collection<UInt8>, allowsFragments: Bool = false, maximumDepth: Int = 512) throws {
        var parser = JSONParser(bytes: Array(data), maximumDepth: maximumDepth)
        self = try parser.parseDocument(allowsFragments: allowsFragments)
    }

    /// Parses JSON text given as a string.
    public init(parsing text: String, allowsFragments: Bool = false, maximumDepth: Int = 512) throws {
        try self.init(parsing: Array(text.utf8), allowsFragments: allowsFragments, maximumDepth: maximumDepth)
    }

    /// How ``serialized(options:)`` writes.
    public struct WritingOptions: OptionSet, Hashable, Sendable {
        /// The options as bits.
        public let rawValue: Int
        /// Creates options from bits.
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Line breaks and two-space indentation.
        public static let prettyPrinted = WritingOptions(rawValue: 1 << 0)
        /// Object members sorted by key (code point order) instead of insertion order.
        public static let sortedKeys = WritingOptions(rawValue: 1 << 1)
        /// Allow a top-level value that is not an array or object.
        public static let fragmentsAllowed = WritingOptions(rawValue: 1 << 2)
    }

    /// Checks that the value can be written as JSON, without writing it.
    /// - Throws: ``JSONError`` `invalidTopLevelValue` for a top-level fragment when fragments are not
    ///   allowed, `nonFiniteNumber` (with the path, such as `$.items[2].price`) for NaN or infinity.
    public func validate(allowsFragments: Bool = false) throws {
        if !allowsFragments {
            switch self {
            case .array, .object: break
            default:
                throw JSONError(
                    .invalidTopLevelValue,
                    message: "the top-level JSON value must be an array or an object unless fragments are allowed")
            }
        }
        try Self.checkNumbers(self, path: "$")
    }

    private static func checkNumbers(_ value: JSONValue, path: String) throws {
        switch value {
        case .number(let number):
            guard number.isFinite else {
                throw JSONError(
                    .nonFiniteNumber, message: "JSON cannot represent \(number) (at \(path)); send null or a string")
            }
        case .array(let items):
            for (index, item) in items.enumerated() { try checkNumbers(item, path: "\(path)[\(index)]") }
        case .object(let object):
            for (key, item) in object { try checkNumbers(item, path: "\(path).\(key)") }
        case .null, .bool, .string:
            break
        }
    }

    /// Writes the value as UTF-8 JSON text, compact unless `.prettyPrinted`, members in insertion order
    /// unless `.sortedKeys`.
    /// - Throws: ``JSONError`` from ``validate(allowsFragments:)``; nothing is written then.
    public func serialized(options: WritingOptions = []) throws -> Data {
        try validate(allowsFragments: options.contains(.fragmentsAllowed))
        var writer = JSONTextWriter(options: options)
        writer.write(self, level: 0)
        return Data(writer.bytes)
    }

    /// The value as JSON text (see ``serialized(options:)``).
    public func serializedString(options: WritingOptions = []) throws -> String {
        String(decoding: try serialized(options: options), as: UTF8.self)
    }
}

// MARK: Literals

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` as JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` and `false` as JSON booleans.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer literal as a number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A floating-point literal as a number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string literal as a string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal as an array: `["a", 1, true]`.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal as an object, keeping the literal's order: `["id": 7, "name": "pen"]`.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(elements))
    }
}

// MARK: Codable

extension JSONValue: Codable {
    private struct MemberKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes any JSON value from a decoder (for example a `JSONDecoder`), so a `JSONValue` can stand for a
    /// field of a `Decodable` type whose shape is not fixed.
    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: MemberKey.self) {
            var object = JSONObject()
            for key in container.allKeys {
                object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !container.isAtEnd { items.append(try container.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    /// Encodes the value as it is: objects keep their member order.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .number(let value):
            var container = encoder.singleValueContainer()
            if let whole = JSONValue.number(value).intValue {
                try container.encode(whole)
            } else {
                try container.encode(value)
            }
        case .string(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        case .array(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(item) }
        case .object(let object):
            var container = encoder.container(keyedBy: MemberKey.self)
            for (key, item) in object { try container.encode(item, forKey: MemberKey(stringValue: key)) }
        }
    }
}

/// A JSON object: members with unique string keys, kept in insertion order.
///
/// Lookup by key is a dictionary lookup; iteration follows insertion (or parse) order. Two objects
/// are equal when they have the same members, whatever their order, as JSON defines.
public struct JSONObject: Hashable, Sendable, Sequence, ExpressibleByDictionaryLiteral {
    /// The keys in order.
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    /// An empty object.
    public init() {}

    /// An object with these members in this order; a repeated key keeps its first position and its last value.
    public init(_ members: some Sequence<(String, JSONValue)>) {
        for (key, value) in members { self[key] = value }
    }

    /// Creates an object from a dictionary literal, keeping the literal's order.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }

    /// The number of members.
    public var count: Int { keys.count }
    /// Whether there are no members.
    public var isEmpty: Bool { keys.isEmpty }

    /// The value for `key`; setting `nil` removes the member, setting a new key appends it.
    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// The members as a dictionary (order lost).
    public var dictionary: [String: JSONValue] { storage }

    /// Returns an iterator over the members as `(key, value)` pairs in order.
    public func makeIterator() -> AnyIterator<(key: String, value: JSONValue)> {
        var index = 0
        let keys = self.keys
        let storage = self.storage
        return AnyIterator {
            guard index < keys.count else { return nil }
            defer { index += 1 }
            return (keys[index], storage[keys[index]]!)
        }
    }

    /// Two objects are equal when they have the same members, whatever their order.
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool { lhs.storage == rhs.storage }
    /// Hashes the members, whatever their order.
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}
