/// A SOAP 1.2 fault (`env:Fault`), thrown when a service answers with one.
///
/// ```swift
/// do {
///     let reply = try await session.soap(envelope, to: endpoint)
/// } catch let fault as SOAPFault where fault.code == .sender {
///     print(fault.reason, fault.subcodes)
/// }
/// ```
public struct SOAPFault: Error, Hashable, Sendable, CustomStringConvertible {
    /// The fault code of `env:Code/env:Value`.
    public enum Code: Hashable, Sendable, CustomStringConvertible {
        case versionMismatch
        case mustUnderstand
        case dataEncodingUnknown
        case sender
        case receiver
        /// A code outside SOAP 1.2's five, as written.
        case other(String)

        /// Reads `env:Sender` (any prefix) and the like.
        init(qualifiedName: String) {
            let local = qualifiedName.split(separator: ":").last.map(String.init) ?? qualifiedName
            switch local {
            case "VersionMismatch": self = .versionMismatch
            case "MustUnderstand": self = .mustUnderstand
            case "DataEncodingUnknown": self = .dataEncodingUnknown
            case "Sender": self = .sender
            case "Receiver": self = .receiver
            default: self = .other(qualifiedName)
            }
        }

        /// The local name in the envelope namespace (`Sender`), or the text of `.other`.
        public var localName: String {
            switch self {
            case .versionMismatch: return "VersionMismatch"
            case .mustUnderstand: return "MustUnderstand"
            case .dataEncodingUnknown: return "DataEncodingUnknown"
            case .sender: return "Sender"
            case .receiver: return "Receiver"
            case .other(let name): return name
            }
        }

        public var description: String { localName }
    }

    /// `env:Code/env:Value`.
    public var code: Code
    /// The values of nested `env:Subcode/env:Value` elements, outermost first, as written (`m:MessageTimeout`).
    public var subcodes: [String]
    /// The first `env:Reason/env:Text`.
    public var reason: String
    /// The `xml:lang` of that text, when given.
    public var reasonLanguage: String?
    /// The entries of `env:Detail`, when present.
    public var detail: [SOAPParameter]

    public init(
        code: Code, subcodes: [String] = [], reason: String, reasonLanguage: String? = "en",
        detail: [SOAPParameter] = []
    ) {
        self.code = code
        self.subcodes = subcodes
        self.reason = reason
        self.reasonLanguage = reasonLanguage
        self.detail = detail
    }

    /// The first subcode, if any.
    public var subcode: String? { subcodes.first }

    public var description: String {
        let sub = subcodes.isEmpty ? "" : " (\(subcodes.joined(separator: " / ")))"
        return "SOAP fault \(code)\(sub): \(reason)"
    }
}

/// An envelope that is not a SOAP 1.2 envelope Courier can read.
public struct SOAPError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        public let name: String
        init(_ name: String) { self.name = name }
        public var description: String { name }

        /// The envelope is SOAP 1.1 (or another version): the namespace is not SOAP 1.2's.
        public static let versionMismatch = Code("versionMismatch")
        /// The root is not an `Envelope`, the `Body` is missing or out of place, or the body is empty.
        public static let malformedEnvelope = Code("malformedEnvelope")
        /// A value does not match its `xsi:type` (`<n xsi:type="xsd:int">ten</n>`).
        public static let invalidValue = Code("invalidValue")
        /// The envelope is not well-formed XML (the ``XMLParseError`` is `underlyingError`).
        public static let malformedXML = Code("malformedXML")
    }

    public var code: Code
    public var message: String
    public var underlyingError: XMLParseError?

    public init(_ code: Code, message: String, underlyingError: XMLParseError? = nil) {
        self.code = code
        self.message = message
        self.underlyingError = underlyingError
    }

    public var description: String { "SOAP error: \(message) [\(code)]" }
}
