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
        /// `env:VersionMismatch`: the envelope's namespace is not the one the node expected.
        case versionMismatch
        /// `env:MustUnderstand`: a header block marked `mustUnderstand` was not understood.
        case mustUnderstand
        /// `env:DataEncodingUnknown`: the message uses an encoding the node does not support.
        case dataEncodingUnknown
        /// `env:Sender`: the request was wrong (bad or missing data); do not send it again unchanged.
        case sender
        /// `env:Receiver`: the service failed to process a valid request; it may succeed later.
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

        /// The code's local name, such as `Sender`.
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

    /// Creates a fault, to answer with or to test a client against.
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

    /// The code, the subcodes and the reason, such as `SOAP fault Sender (m:MessageTimeout): too late`.
    public var description: String {
        let sub = subcodes.isEmpty ? "" : " (\(subcodes.joined(separator: " / ")))"
        return "SOAP fault \(code)\(sub): \(reason)"
    }
}

/// An envelope that is not a SOAP 1.2 envelope Courier can read.
public struct SOAPError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem the envelope had.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The name of the code, such as `"malformedEnvelope"`.
        public let name: String
        init(_ name: String) { self.name = name }
        /// The code's ``name``.
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

    /// What kind of problem it was.
    public var code: Code
    /// A sentence saying what was wrong.
    public var message: String
    /// The XML error, when the envelope was not well-formed XML.
    public var underlyingError: XMLParseError?

    /// Creates an error.
    public init(_ code: Code, message: String, underlyingError: XMLParseError? = nil) {
        self.code = code
        self.message = message
        self.underlyingError = underlyingError
    }

    /// The message with its code, such as `SOAP error: the Body is empty [malformedEnvelope]`.
    public var description: String { "SOAP error: \(message) [\(code)]" }
}
