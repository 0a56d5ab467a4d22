import Foundation

/// How ``CourierXMLEncoder`` and ``CourierXMLDecoder`` map Swift values to XML elements.
///
/// Keyed values become child elements named after their keys; simple values become text; `nil`
/// optionals are left out. Arrays follow ``arrays``:
///
/// ```xml
/// <!-- .wrapped(elementName: "element") (the default): struct Basket { var items: [String] } -->
/// <basket><items><element>pen</element><element>ink</element></items></basket>
/// <!-- .repeated -->
/// <basket><items>pen</items><items>ink</items></basket>
/// ```
///
/// Keys named in ``attributeKeys`` are written as attributes when their value is simple, and read
/// from attributes (any key is read from an attribute when no element of its name exists).
public struct XMLCodingOptions: Hashable, Sendable {
    /// How arrays that are values of a key are written.
    public enum ArrayStrategy: Hashable, Sendable {
        /// One element for the key, one child per item with this name.
        case wrapped(elementName: String)
        /// One element per item, each named after the key (arrays of arrays are wrapped inside).
        case repeated
    }

    /// How arrays are written; the decoder reads wrapped arrays whatever their items' names.
    public var arrays: ArrayStrategy = .wrapped(elementName: "element")
    /// Keys whose simple values are attributes rather than child elements.
    public var attributeKeys: Set<String> = []
    /// The name of the items of a top-level array, and of nested arrays with the `.repeated` strategy.
    public var arrayElementName: String {
        if case .wrapped(let name) = arrays { return name }
        return "element"
    }

    /// Creates options with an array strategy and the keys written as attributes.
    public init(arrays: ArrayStrategy = .wrapped(elementName: "element"), attributeKeys: Set<String> = []) {
        self.arrays = arrays
        self.attributeKeys = attributeKeys
    }
}

/// The text forms of the types the bridge writes specially: `Date` as ISO 8601, `Data` as base64,
/// `URL` as its absolute string, booleans as `true`/`false`.
enum XMLScalar {
    static func text(for value: Any) -> String? {
        switch value {
        case let date as Date: return date.formatted(.iso8601)
        case let data as Data: return data.base64EncodedString()
        case let url as URL: return url.absoluteString
        default: return nil
        }
    }

    static func value<T>(_ type: T.Type, from text: String) -> T? {
        if type == Date.self { return (try? Date(text, strategy: .iso8601)) as? T }
        if type == Data.self { return Data(base64Encoded: text) as? T }
        if type == URL.self { return URL(string: text) as? T }
        return nil
    }

    static func isSpecial(_ type: Any.Type) -> Bool {
        type == Date.self || type == Data.self || type == URL.self
    }
}

/// A key made from a string, for containers the bridge builds itself.
struct XMLCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
