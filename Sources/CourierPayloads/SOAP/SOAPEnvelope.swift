import Foundation

/// A SOAP 1.2 envelope: header blocks and a body holding one operation element (a request or a
/// response) or a fault.
///
/// ```swift
/// let envelope = SOAPEnvelope(
///     operation: SOAPOperation(
///         name: "GetQuote", namespaceURI: "urn:example:stocks",
///         parameters: [SOAPParameter("symbol", .string("ACME")), SOAPParameter("days", .int(5))]))
/// let bytes = try envelope.data()          // application/soap+xml; charset=utf-8
/// let reply = try SOAPEnvelope(parsing: responseBytes)
/// let price = try reply.operation()["price"]?.doubleValue   // throws the SOAPFault of a fault reply
/// ```
///
/// Parameters are unqualified child elements of the operation element, each with its `xsi:type`;
/// structures nest (RPC style). When reading, a simple value without `xsi:type` is a string, and
/// only the local part of `xsi:type` counts (`xsd:int`, `s:int` and `int` all read as integers).
public struct SOAPEnvelope: Hashable, Sendable {
    /// The SOAP 1.2 envelope namespace.
    public static let namespaceURI = "http://www.w3.org/2003/05/soap-envelope"
    /// The SOAP 1.1 envelope namespace, recognized only to report a version mismatch.
    public static let soap11NamespaceURI = "http://schemas.xmlsoap.org/soap/envelope/"
    static let xsiNamespaceURI = "http://www.w3.org/2001/XMLSchema-instance"
    static let xsdNamespaceURI = "http://www.w3.org/2001/XMLSchema"
    /// The media type of SOAP 1.2 over HTTP.
    public static let contentType = "application/soap+xml; charset=utf-8"

    /// What the body holds.
    public enum Body: Hashable, Sendable {
        /// A request or a successful response: one operation element.
        case operation(SOAPOperation)
        /// A fault: the service refused or failed (``SOAPFault``).
        case fault(SOAPFault)
    }

    /// The blocks of `env:Header`, in order.
    public var headerBlocks: [SOAPHeaderBlock]
    /// The content of `env:Body`.
    public var body: Body

    /// Creates an envelope with header blocks and a body.
    public init(headerBlocks: [SOAPHeaderBlock] = [], body: Body) {
        self.headerBlocks = headerBlocks
        self.body = body
    }

    /// An envelope carrying an operation.
    public init(headerBlocks: [SOAPHeaderBlock] = [], operation: SOAPOperation) {
        self.init(headerBlocks: headerBlocks, body: .operation(operation))
    }

    /// An envelope carrying a fault (what a service answers).
    public init(fault: SOAPFault) {
        self.init(body: .fault(fault))
    }

    /// The operation of the body.
    /// - Throws: the ``SOAPFault`` when the body is a fault.
    public func operation() throws -> SOAPOperation {
        switch body {
        case .operation(let operation): return operation
        case .fault(let fault): throw fault
        }
    }

    /// The fault of the body, if it is one.
    public var fault: SOAPFault? {
        if case .fault(let fault) = body { return fault }
        return nil
    }

    // MARK: Writing

    /// The envelope as UTF-8 XML with its declaration, compact or indented.
    /// - Throws: ``XMLWriter/Error`` when a name is not a valid XML name.
    public func data(indentation: String? = nil) throws -> Data {
        var writer = XMLWriter(indentation: indentation)
        try writer.writeDeclaration()
        try writer.declareNamespace(prefix: "env", uri: Self.namespaceURI)
        try writer.declareNamespace(prefix: "xsi", uri: Self.xsiNamespaceURI)
        try writer.declareNamespace(prefix: "xsd", uri: Self.xsdNamespaceURI)
        try writer.startElement("env:Envelope")
        if !headerBlocks.isEmpty {
            try writer.startElement("env:Header")
            for block in headerBlocks {
                var attributes: [XMLWriter.Attribute] = []
                if block.mustUnderstand { attributes.append(.init("env:mustUnderstand", "true")) }
                if let role = block.role { attributes.append(.init("env:role", role)) }
                try Self.startElement(
                    block.name, namespaceURI: block.namespaceURI, preferredPrefix: "h", attributes: attributes,
                    writer: &writer)
                if let text = block.text {
                    try writer.text(text)
                } else {
                    for parameter in block.parameters { try Self.write(parameter, to: &writer) }
                }
                try writer.endElement()
            }
            try writer.endElement()
        }
        try writer.startElement("env:Body")
        switch body {
        case .operation(let operation):
            try Self.startElement(
                operation.name, namespaceURI: operation.namespaceURI, preferredPrefix: "m", attributes: [],
                writer: &writer)
            for parameter in operation.parameters { try Self.write(parameter, to: &writer) }
            try writer.endElement()
        case .fault(let fault):
            try Self.write(fault, to: &writer)
        }
        try writer.endElement()
        try writer.endElement()
        return Data(writer.bytes)
    }

    /// Starts a qualified element, or an unqualified one for an empty namespace.
    private static func startElement(
        _ name: String, namespaceURI: String, preferredPrefix: String, attributes: [XMLWriter.Attribute],
        writer: inout XMLWriter
    ) throws {
        if namespaceURI.isEmpty {
            try writer.startElement(name, attributes: attributes)
        } else {
            try writer.startElement(
                localName: name, namespaceURI: namespaceURI, preferredPrefix: preferredPrefix, attributes: attributes)
        }
    }

    static func write(_ parameter: SOAPParameter, to writer: inout XMLWriter) throws {
        switch parameter.value {
        case .structure(let members):
            try writer.startElement(parameter.name)
            for member in members { try write(member, to: &writer) }
            try writer.endElement()
        case .null:
            try writer.startElement(parameter.name, attributes: [.init("xsi:nil", "true")])
            try writer.endElement()
        default:
            let type = parameter.value.xsdType ?? "string"
            try writer.element(
                parameter.name, attributes: [.init("xsi:type", "xsd:\(type)")], text: parameter.value.lexicalForm)
        }
    }

    private static func write(_ fault: SOAPFault, to writer: inout XMLWriter) throws {
        try writer.startElement("env:Fault")
        try writer.startElement("env:Code")
        let code: String
        if case .other(let name) = fault.code { code = name } else { code = "env:\(fault.code.localName)" }
        try writer.element("env:Value", text: code)
        for subcode in fault.subcodes {
            try writer.startElement("env:Subcode")
            try writer.element("env:Value", text: subcode)
        }
        for _ in fault.subcodes { try writer.endElement() }
        try writer.endElement()
        try writer.startElement("env:Reason")
        try writer.element(
            "env:Text", attributes: fault.reasonLanguage.map { [XMLWriter.Attribute("xml:lang", $0)] } ?? [],
            text: fault.reason)
        try writer.endElement()
        if !fault.detail.isEmpty {
            try writer.startElement("env:Detail")
            for entry in fault.detail { try write(entry, to: &writer) }
            try writer.endElement()
        }
        try writer.endElement()
    }

    // MARK: Reading

    /// Reads an envelope.
    /// - Throws: ``SOAPError``: `versionMismatch` for a SOAP 1.1 (or other) envelope namespace,
    ///   `malformedEnvelope` for a missing or misplaced `Body`, `invalidValue` for a value that does
    ///   not match its `xsi:type`, `malformedXML` (with the ``XMLParseError``) for bad XML.
    ///   A fault in the body is not thrown here: it is ``body`` `.fault` (see ``operation()``).
    public init(parsing bytes: some Collection<UInt8>) throws {
        let tree: XMLTree
        do {
            tree = try XMLTree(parsing: bytes)
        } catch let error as XMLParseError {
            throw SOAPError(
                .malformedXML, message: "the envelope is not well-formed XML: \(error)", underlyingError: error)
        }
        let root = tree.root
        guard root.name.localName == "Envelope" else {
            throw SOAPError(
                .malformedEnvelope, message: "the root element is <\(root.name.qualifiedName)>, not Envelope")
        }
        guard root.name.namespaceURI == Self.namespaceURI else {
            let version = root.name.namespaceURI == Self.soap11NamespaceURI ? "a SOAP 1.1" : "an unknown"
            throw SOAPError(
                .versionMismatch,
                message:
                    "\(version) envelope (namespace \(root.name.namespaceURI ?? "none")); Courier speaks SOAP 1.2 ("
                    + Self.namespaceURI + ")")
        }
        let parts = root.elements
        var position = 0
        var headerBlocks: [SOAPHeaderBlock] = []
        if position < parts.count, Self.isEnvelopeElement(parts[position], "Header") {
            headerBlocks = try parts[position].elements.map(Self.readHeaderBlock)
            position += 1
        }
        guard position < parts.count, Self.isEnvelopeElement(parts[position], "Body") else {
            throw SOAPError(.malformedEnvelope, message: "the envelope has no env:Body after its optional env:Header")
        }
        guard position + 1 == parts.count else {
            throw SOAPError(.malformedEnvelope, message: "nothing may follow env:Body in a SOAP 1.2 envelope")
        }
        guard let content = parts[position].elements.first else {
            throw SOAPError(.malformedEnvelope, message: "env:Body is empty")
        }
        self.headerBlocks = headerBlocks
        if Self.isEnvelopeElement(content, "Fault") {
            body = .fault(try Self.readFault(content))
        } else {
            body = .operation(
                SOAPOperation(
                    name: content.name.localName, namespaceURI: content.name.namespaceURI ?? "",
                    parameters: try content.elements.map(Self.readParameter)))
        }
    }

    static func isEnvelopeElement(_ element: XMLTree.Element, _ localName: String) -> Bool {
        element.name.localName == localName && element.name.namespaceURI == namespaceURI
    }

    private static func envelopeAttribute(_ element: XMLTree.Element, _ localName: String) -> String? {
        element.attributes.first { $0.name.localName == localName && $0.name.namespaceURI == namespaceURI }?.value
    }

    private static func readHeaderBlock(_ element: XMLTree.Element) throws -> SOAPHeaderBlock {
        let mustUnderstand = envelopeAttribute(element, "mustUnderstand")
        let children = element.elements
        return SOAPHeaderBlock(
            name: element.name.localName, namespaceURI: element.name.namespaceURI ?? "",
            mustUnderstand: mustUnderstand == "true" || mustUnderstand == "1",
            role: envelopeAttribute(element, "role"),
            parameters: try children.map(readParameter),
            text: children.isEmpty ? element.text : nil)
    }

    static func readParameter(_ element: XMLTree.Element) throws -> SOAPParameter {
        SOAPParameter(element.name.localName, try readValue(element))
    }

    private static func xsiAttribute(_ element: XMLTree.Element, _ localName: String) -> String? {
        element.attributes.first {
            $0.name.localName == localName && ($0.name.namespaceURI == xsiNamespaceURI || $0.name.prefix == "xsi")
        }?.value
    }

    static func readValue(_ element: XMLTree.Element) throws -> SOAPValue {
        if let isNil = xsiAttribute(element, "nil"), isNil == "true" || isNil == "1" { return .null }
        let children = element.elements
        if !children.isEmpty { return .structure(try children.map(readParameter)) }
        guard let type = xsiAttribute(element, "type") else { return .string(element.text) }
        let localType = type.split(separator: ":").last.map(String.init) ?? type
        guard let value = SOAPValue.parse(element.text, xsdType: localType) else {
            throw SOAPError(
                .invalidValue,
                message: "<\(element.name.qualifiedName)> holds \"\(element.text)\", which is not an xsd:\(localType)")
        }
        return value
    }

    private static func readFault(_ element: XMLTree.Element) throws -> SOAPFault {
        let parts = element.elements
        guard let code = parts.first(where: { isEnvelopeElement($0, "Code") }),
            let value = code.elements.first(where: { isEnvelopeElement($0, "Value") })
        else {
            throw SOAPError(.malformedEnvelope, message: "env:Fault has no env:Code/env:Value")
        }
        var subcodes: [String] = []
        var level = code
        // Subcodes nest; the tree's depth is bounded by the parser's limits.
        while let subcode = level.elements.first(where: { isEnvelopeElement($0, "Subcode") }) {
            guard let subValue = subcode.elements.first(where: { isEnvelopeElement($0, "Value") }) else {
                throw SOAPError(.malformedEnvelope, message: "env:Subcode has no env:Value")
            }
            subcodes.append(subValue.text.trimmingHTMLWhitespace())
            level = subcode
        }
        guard let reason = parts.first(where: { isEnvelopeElement($0, "Reason") }),
            let text = reason.elements.first(where: { isEnvelopeElement($0, "Text") })
        else {
            throw SOAPError(.malformedEnvelope, message: "env:Fault has no env:Reason/env:Text")
        }
        let detail = try parts.first(where: { isEnvelopeElement($0, "Detail") })?.elements.map(readParameter) ?? []
        return SOAPFault(
            code: SOAPFault.Code(qualifiedName: value.text.trimmingHTMLWhitespace()), subcodes: subcodes,
            reason: text.text, reasonLanguage: text[attribute: "xml:lang"], detail: detail)
    }
}

/// The operation element of a SOAP body: its name, namespace and parameters.
public struct SOAPOperation: Hashable, Sendable {
    /// The local name, such as `GetQuote` or `GetQuoteResponse`.
    public var name: String
    /// The namespace of the operation element.
    public var namespaceURI: String
    /// The parameters in order.
    public var parameters: [SOAPParameter]

    /// Creates an operation element in `namespaceURI` with its parameters in order.
    public init(name: String, namespaceURI: String, parameters: [SOAPParameter] = []) {
        self.name = name
        self.namespaceURI = namespaceURI
        self.parameters = parameters
    }

    /// The value of the first parameter with this name.
    public subscript(name: String) -> SOAPValue? { parameters.first { $0.name == name }?.value }
}

/// One block of `env:Header`, such as a transaction id or credentials.
public struct SOAPHeaderBlock: Hashable, Sendable {
    /// The local name of the block element.
    public var name: String
    /// The namespace of the block element (header blocks must be qualified).
    public var namespaceURI: String
    /// `env:mustUnderstand="true"`.
    public var mustUnderstand: Bool
    /// `env:role`, when given.
    public var role: String?
    /// Child elements of the block.
    public var parameters: [SOAPParameter]
    /// The text of a block without child elements.
    public var text: String?

    /// Creates a header block; give `parameters` for child elements or `text` for a block that holds only text.
    public init(
        name: String, namespaceURI: String, mustUnderstand: Bool = false, role: String? = nil,
        parameters: [SOAPParameter] = [], text: String? = nil
    ) {
        self.name = name
        self.namespaceURI = namespaceURI
        self.mustUnderstand = mustUnderstand
        self.role = role
        self.parameters = parameters
        self.text = text
    }
}
