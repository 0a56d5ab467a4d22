/// A typed SOAP value, written with its `xsi:type` (`xsd:int`, `xsd:boolean`, `xsd:string`, `xsd:float`,
/// `xsd:double`); a structure is an element with one child element per member; `null` is `xsi:nil="true"`.
public indirect enum SOAPValue: Hashable, Sendable {
    /// An `xsd:int`.
    case int(Int)
    /// An `xsd:boolean`, written `true` or `false`.
    case boolean(Bool)
    /// An `xsd:string`.
    case string(String)
    /// An `xsd:float`.
    case float(Float)
    /// An `xsd:double`.
    case double(Double)
    /// A structure: one child element per member, in order.
    case structure([SOAPParameter])
    /// No value: an empty element with `xsi:nil="true"`.
    case null

    /// The integer, when this is an `int`.
    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }
    /// The boolean, when this is a `boolean`.
    public var boolValue: Bool? {
        if case .boolean(let value) = self { return value }
        return nil
    }
    /// The text, when this is a `string`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }
    /// The number, when this is a `float` or a `double` (or an `int`).
    public var doubleValue: Double? {
        switch self {
        case .double(let value): return value
        case .float(let value): return Double(value)
        case .int(let value): return Double(value)
        default: return nil
        }
    }
    /// The members, when this is a structure.
    public var members: [SOAPParameter]? {
        if case .structure(let members) = self { return members }
        return nil
    }
    /// The first member with this name, when this is a structure.
    public subscript(member name: String) -> SOAPValue? {
        members?.first { $0.name == name }?.value
    }

    /// The `xsd:` type name written for the value, or `nil` for structures and null.
    var xsdType: String? {
        switch self {
        case .int: return "int"
        case .boolean: return "boolean"
        case .string: return "string"
        case .float: return "float"
        case .double: return "double"
        case .structure, .null: return nil
        }
    }

    /// The lexical form of a simple value (XML Schema: `true`/`false`, `INF`, `-INF`, `NaN`).
    var lexicalForm: String {
        switch self {
        case .int(let value): return String(value)
        case .boolean(let value): return value ? "true" : "false"
        case .string(let value): return value
        case .float(let value): return Self.lexical(Double(value), description: "\(value)")
        case .double(let value): return Self.lexical(value, description: "\(value)")
        case .structure, .null: return ""
        }
    }

    private static func lexical(_ value: Double, description: String) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-INF" : "INF" }
        return description
    }

    /// Reads the lexical form of an `xsd:` type (the local part of `xsi:type`).
    /// - Returns: `nil` when the text is not a valid value of the type.
    static func parse(_ text: String, xsdType: String) -> SOAPValue? {
        let trimmed = text.trimmingHTMLWhitespace()
        switch xsdType {
        case "int", "integer", "long", "short", "byte", "unsignedInt", "unsignedShort", "unsignedByte",
            "nonNegativeInteger", "positiveInteger":
            return Int(trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed).map(SOAPValue.int)
        case "boolean":
            switch trimmed {
            case "true", "1": return .boolean(true)
            case "false", "0": return .boolean(false)
            default: return nil
            }
        case "float":
            return number(trimmed).map { .float(Float($0)) }
        case "double", "decimal":
            return number(trimmed).map(SOAPValue.double)
        default:
            return .string(text)
        }
    }

    private static func number(_ text: String) -> Double? {
        switch text {
        case "INF", "+INF": return .infinity
        case "-INF": return -.infinity
        case "NaN": return .nan
        default:
            guard !text.isEmpty, text.lowercased() != "nan", !text.lowercased().contains("inf") else { return nil }
            return Double(text)
        }
    }
}

/// A named value: an operation's parameter, a structure's member, a header block's or fault detail's entry.
public struct SOAPParameter: Hashable, Sendable {
    /// The element name (unqualified).
    public var name: String
    /// The typed value.
    public var value: SOAPValue

    /// Creates a parameter: `SOAPParameter("symbol", .string("AAPL"))`.
    public init(_ name: String, _ value: SOAPValue) {
        self.name = name
        self.value = value
    }
}
