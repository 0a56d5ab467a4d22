#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A streaming, incremental XML 1.0 parser with namespaces: feed it byte chunks as they arrive and it
/// reports SAX-style ``XMLEvent``s synchronously, in document order.
///
/// The parser works on bytes, keeps only the construct it is in the middle of (a tag, a comment, a
/// reference), and never fetches anything: external entities are refused and the external DTD subset
/// is ignored. Internal DTD entities are expanded within ``Limits`` (no billion laughs). Input may be
/// UTF-8, UTF-16 (with a byte order mark or detected from `<?xml`), ISO-8859-1 or windows-1252.
///
/// ```swift
/// var parser = XMLStreamParser()
/// for chunk in chunks {
///     try parser.feed(chunk) { event in
///         if case .startElement(let name, _) = event { print(name.localName) }
///     }
/// }
/// try parser.finish { event in … }
/// ```
///
/// Every method throws ``XMLParseError`` (with line and column) on the first well-formedness,
/// encoding or limit error; after an error, or after ``finish(_:)``, the parser is spent. Errors thrown
/// by the event handler end parsing and are rethrown unchanged.
public struct XMLStreamParser: Sendable {
    /// Bounds that keep hostile input from using unbounded time or memory. The defaults fit any
    /// sensible document.
    public struct Limits: Hashable, Sendable {
        /// The deepest element nesting accepted.
        public var maximumDepth: Int
        /// The most attributes (namespace declarations included) on one element.
        public var maximumAttributeCount: Int
        /// The longest element, attribute, entity or target name, in bytes.
        public var maximumNameLength: Int
        /// The total number of bytes all internal entity expansions of a document may produce.
        public var maximumEntityExpansionBytes: Int
        /// How deep entity references may nest inside replacement texts.
        public var maximumEntityDepth: Int
        /// The longest single tag, comment, processing instruction, CDATA section or DOCTYPE, in bytes.
        /// (Character data is streamed, so it has no limit.)
        public var maximumMarkupLength: Int

        /// Creates limits; every argument has a safe default.
        public init(
            maximumDepth: Int = 1024,
            maximumAttributeCount: Int = 1024,
            maximumNameLength: Int = 4096,
            maximumEntityExpansionBytes: Int = 1 << 20,
            maximumEntityDepth: Int = 16,
            maximumMarkupLength: Int = 16 << 20
        ) {
            self.maximumDepth = maximumDepth
            self.maximumAttributeCount = maximumAttributeCount
            self.maximumNameLength = maximumNameLength
            self.maximumEntityExpansionBytes = maximumEntityExpansionBytes
            self.maximumEntityDepth = maximumEntityDepth
            self.maximumMarkupLength = maximumMarkupLength
        }
    }

    /// Whether prefixes are resolved to namespace URIs and `xmlns` attributes reported as prefix mappings.
    public let processesNamespaces: Bool
    /// The limits in force.
    public let limits: Limits

    enum Phase: Sendable {
        case start
        case prolog
        case content
        case epilog
        case finished
    }

    enum MarkupKind: Sendable {
        case startTag
        case endTag
        case comment
        case cdata
        case processingInstruction
        case doctype
    }

    /// Where the search for the end of an unfinished construct resumes when more bytes arrive.
    struct MarkupScan: Sendable {
        var kind: MarkupKind
        var bodyOffset: Int
        var resumeOffset: Int
        var quote: UInt8 = 0
        var bracketDepth = 0
        var commentBodyOffset: Int?
    }

    struct OpenElement: Sendable {
        var name: XMLName
        var declaredPrefixes: Int
    }

    enum Entity: Sendable {
        case internalText([UInt8])
        case external
        case unparsed
    }

    var decoder = XMLInputDecoder()
    /// Decoded UTF-8 not yet consumed, from ``position``.
    var buffer: [UInt8] = []
    var position = 0
    var lineAtBufferStart = 1
    var columnAtBufferStart = 1
    var phase = Phase.start
    var failure: XMLParseError?
    var scan: MarkupScan?
    var openElements: [OpenElement] = []
    var namespaceBindings: [(prefix: String, uri: String)] = []
    var entities: [String: Entity] = [:]
    var entitiesBeingExpanded: [String] = []
    var expandedEntityBytes = 0
    var sawDoctype = false
    var scratch: [UInt8] = []

    static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"
    static let xmlnsNamespace = "http://www.w3.org/2000/xmlns/"

    /// Creates a parser.
    /// - Parameters:
    ///   - processesNamespaces: resolve prefixes and report `xmlns` declarations as prefix mappings
    ///     (the default); with `false`, names are reported as written and `xmlns` as attributes.
    ///   - limits: bounds against hostile input.
    public init(processesNamespaces: Bool = true, limits: Limits = Limits()) {
        self.processesNamespaces = processesNamespaces
        self.limits = limits
    }

    /// Parses the next chunk of the document, calling `handler` for every event it completes.
    ///
    /// Chunks may split the document anywhere, even inside a character; text may be reported in
    /// several `characters` events.
    /// - Throws: ``XMLParseError`` on malformed input, or what `handler` throws.
    public mutating func feed(_ chunk: some Collection<UInt8>, _ handler: (XMLEvent) throws -> Void) throws {
        try checkUsable()
        do {
            var decodingFailure: XMLInputDecoder.Failure?
            do {
                try decoder.decode(chunk, into: &buffer)
            } catch {
                decodingFailure = error
            }
            try run(final: false, handler)
            if let decodingFailure {
                throw makeError(decodingFailure.code, decodingFailure.message, at: buffer.count)
            }
        } catch {
            recordFailure(error)
            throw error
        }
    }

    /// Ends the document: reports what is left and `endDocument`.
    /// - Throws: ``XMLParseError`` when the document is truncated (open elements, an unfinished
    ///   construct, no root element) or malformed, or what `handler` throws.
    public mutating func finish(_ handler: (XMLEvent) throws -> Void) throws {
        try checkUsable()
        do {
            var decodingFailure: XMLInputDecoder.Failure?
            do {
                try decoder.finish(into: &buffer)
            } catch {
                decodingFailure = error
            }
            if let decodingFailure {
                throw makeError(decodingFailure.code, decodingFailure.message, at: buffer.count)
            }
            try run(final: true, handler)
            switch phase {
            case .start, .prolog:
                throw makeError(.missingRootElement, "the document has no root element", at: buffer.count)
            case .content:
                let open = openElements.last.map { "<\($0.name.qualifiedName)>" } ?? "an element"
                throw makeError(
                    .unexpectedEndOfDocument, "the document ends before the end tag of \(open)", at: buffer.count)
            case .epilog:
                phase = .finished
                try handler(.endDocument)
            case .finished:
                break
            }
        } catch {
            recordFailure(error)
            throw error
        }
    }

    /// Parses a whole document and returns its events.
    /// - Throws: ``XMLParseError`` on malformed input.
    public static func events(
        in document: some Collection<UInt8>,
        processesNamespaces: Bool = true,
        limits: Limits = Limits()
    ) throws -> [XMLEvent] {
        var parser = XMLStreamParser(processesNamespaces: processesNamespaces, limits: limits)
        var events: [XMLEvent] = []
        try parser.feed(document) { events.append($0) }
        try parser.finish { events.append($0) }
        return events
    }

    // MARK: State

    private func checkUsable() throws {
        if let failure { throw failure }
        if phase == .finished {
            throw XMLParseError(
                .parserNotUsable, message: "the parser has already finished its document", line: lineAtBufferStart,
                column: columnAtBufferStart)
        }
    }

    private mutating func recordFailure(_ error: any Error) {
        if let error = error as? XMLParseError {
            failure = error
        } else {
            failure = XMLParseError(
                .parserNotUsable, message: "parsing stopped because the event handler threw \(error)",
                line: lineAtBufferStart, column: columnAtBufferStart)
        }
    }

    /// An error located at a byte index of ``buffer``.
    func makeError(_ code: XMLParseError.Code, _ message: String, at index: Int) -> XMLParseError {
        var line = lineAtBufferStart
        var column = columnAtBufferStart
        for byte in buffer[0..<min(max(index, 0), buffer.count)] {
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return XMLParseError(code, message: message, line: line, column: column)
    }

    private mutating func run(final: Bool, _ handler: (XMLEvent) throws -> Void) throws {
        do {
            // A second reference for the duration of the pass (errors read `buffer` for their
            // position); it ends before `compact()` so dropping consumed bytes does not copy.
            let input = buffer
            try input.withUnsafeBufferPointer { bytes in
                try process(bytes, final: final, handler)
            }
        }
        compact()
    }

    /// Drops consumed bytes, keeping the line and column of the first byte kept.
    private mutating func compact() {
        guard position > 0 else { return }
        var line = lineAtBufferStart
        var column = columnAtBufferStart
        buffer.withUnsafeBufferPointer { bytes in
            var lastNewline = -1
            for index in 0..<position where bytes[index] == 0x0A {
                line += 1
                lastNewline = index
            }
            if lastNewline >= 0 { column = 1 }
            for index in (lastNewline + 1)..<position where bytes[index] & 0xC0 != 0x80 {
                column += 1
            }
        }
        lineAtBufferStart = line
        columnAtBufferStart = column
        if position == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else {
            buffer.removeSubrange(0..<position)
        }
        position = 0
    }

    // MARK: The main loop

    private mutating func process(
        _ bytes: UnsafeBufferPointer<UInt8>, final: Bool, _ handler: (XMLEvent) throws -> Void
    ) throws {
        if phase == .start {
            guard try handleDocumentStart(bytes, final: final, handler) else { return }
        }
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<") {
                guard let (kind, end) = try findMarkupEnd(bytes, final: final) else { return }
                scan = nil
                try checkMarkupLength(kind, end: end)
                try handleMarkup(kind, bytes, start: position, end: end, handler)
                position = end
            } else {
                guard try handleText(bytes, final: final, handler) else { return }
            }
        }
    }

    /// Reads the XML declaration if there is one and reports `startDocument`. Returns `false` while
    /// it needs more bytes to tell.
    private mutating func handleDocumentStart(
        _ bytes: UnsafeBufferPointer<UInt8>, final: Bool, _ handler: (XMLEvent) throws -> Void
    ) throws -> Bool {
        let opening: [UInt8] = Array("<?xml".utf8)
        let available = bytes.count - position
        let compared = min(available, opening.count)
        let startsLikeDeclaration = (0..<compared).allSatisfy { bytes[position + $0] == opening[$0] }
        if startsLikeDeclaration && available < opening.count + 1 && !final { return false }
        guard startsLikeDeclaration, available > opening.count, Self.isWhitespace(bytes[position + opening.count])
        else {
            phase = .prolog
            try handler(.startDocument(version: nil, encoding: nil, standalone: nil))
            return true
        }
        guard let (kind, end) = try findMarkupEnd(bytes, final: final) else { return false }
        scan = nil
        try checkMarkupLength(kind, end: end)
        let declaration = try parseDeclaration(bytes, start: position, end: end)
        position = end
        phase = .prolog
        try handler(declaration)
        return true
    }

    // MARK: Finding the end of markup

    /// The kind and end (one past `>`) of the construct at ``position``, or `nil` while incomplete.
    private mutating func findMarkupEnd(
        _ bytes: UnsafeBufferPointer<UInt8>, final: Bool
    ) throws -> (MarkupKind, Int)? {
        let available = bytes.count - position
        if scan == nil {
            guard let started = try classifyMarkup(bytes, final: final) else { return nil }
            scan = started
        }
        guard var current = scan else { return nil }
        var index = position + current.resumeOffset
        let count = bytes.count
        switch current.kind {
        case .startTag:
            var quote = current.quote
            while index < count {
                let byte = bytes[index]
                if quote != 0 {
                    if byte == quote { quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return (.startTag, index + 1)
                }
                index += 1
            }
            current.quote = quote
            current.resumeOffset = available
        case .endTag, .comment, .cdata, .processingInstruction:
            // The terminator is '>' preceded by `repeatCount` copies of `repeated`: "-->", "]]>", "?>", ">".
            let (repeated, repeatCount): (UInt8, Int)
            switch current.kind {
            case .comment: (repeated, repeatCount) = (UInt8(ascii: "-"), 2)
            case .cdata: (repeated, repeatCount) = (UInt8(ascii: "]"), 2)
            case .processingInstruction: (repeated, repeatCount) = (UInt8(ascii: "?"), 1)
            default: (repeated, repeatCount) = (0, 0)
            }
            let bodyStart = position + current.bodyOffset
            while index < count {
                if bytes[index] == UInt8(ascii: ">") && index - repeatCount >= bodyStart {
                    var matches = true
                    for offset in 1...max(repeatCount, 1) where repeatCount > 0 && bytes[index - offset] != repeated {
                        matches = false
                    }
                    if matches { return (current.kind, index + 1) }
                }
                index += 1
            }
            current.resumeOffset = available
        case .doctype:
            while index < count {
                let byte = bytes[index]
                if let commentBody = current.commentBodyOffset {
                    if byte == UInt8(ascii: ">") && index - 2 >= position + commentBody
                        && bytes[index - 1] == UInt8(ascii: "-") && bytes[index - 2] == UInt8(ascii: "-")
                    {
                        current.commentBodyOffset = nil
                    }
                } else if current.quote != 0 {
                    if byte == current.quote { current.quote = 0 }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    current.quote = byte
                } else if byte == UInt8(ascii: "[") {
                    current.bracketDepth += 1
                } else if byte == UInt8(ascii: "]") {
                    current.bracketDepth -= 1
                } else if byte == UInt8(ascii: "<") && current.bracketDepth > 0 {
                    if index + 3 >= count { break }
                    if bytes[index + 1] == UInt8(ascii: "!") && bytes[index + 2] == UInt8(ascii: "-")
                        && bytes[index + 3] == UInt8(ascii: "-")
                    {
                        current.commentBodyOffset = index + 4 - position
                        index += 4
                        continue
                    }
                } else if byte == UInt8(ascii: ">") && current.bracketDepth <= 0 {
                    return (.doctype, index + 1)
                }
                index += 1
            }
            current.resumeOffset = index - position
        }
        scan = current
        if available > limits.maximumMarkupLength {
            throw makeError(
                .markupLengthLimitExceeded,
                "a single \(Self.describe(current.kind)) is longer than the limit of \(limits.maximumMarkupLength) bytes",
                at: position)
        }
        if final {
            throw makeError(
                .unexpectedEndOfDocument, "the document ends inside a \(Self.describe(current.kind))", at: bytes.count)
        }
        return nil
    }

    private func checkMarkupLength(_ kind: MarkupKind, end: Int) throws {
        if end - position > limits.maximumMarkupLength {
            throw makeError(
                .markupLengthLimitExceeded,
                "a single \(Self.describe(kind)) is longer than the limit of \(limits.maximumMarkupLength) bytes",
                at: position)
        }
    }

    private func classifyMarkup(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) throws -> MarkupScan? {
        let available = bytes.count - position
        guard available >= 2 else {
            if final { throw makeError(.unexpectedEndOfDocument, "the document ends after '<'", at: bytes.count) }
            return nil
        }
        switch bytes[position + 1] {
        case UInt8(ascii: "/"):
            return MarkupScan(kind: .endTag, bodyOffset: 2, resumeOffset: 2)
        case UInt8(ascii: "?"):
            return MarkupScan(kind: .processingInstruction, bodyOffset: 2, resumeOffset: 2)
        case UInt8(ascii: "!"):
            var couldStillMatch = false
            let openings: [(StaticString, MarkupKind)] = [
                ("<!--", .comment), ("<![CDATA[", .cdata), ("<!DOCTYPE", .doctype),
            ]
            for (opening, kind) in openings {
                let length = opening.utf8CodeUnitCount
                if available >= length {
                    if Self.matches(bytes, position, opening) {
                        return MarkupScan(kind: kind, bodyOffset: length, resumeOffset: length)
                    }
                } else if UnsafeBufferPointer(start: opening.utf8Start, count: available).elementsEqual(
                    UnsafeBufferPointer(rebasing: bytes[position..<position + available]))
                {
                    couldStillMatch = true
                }
            }
            if couldStillMatch && !final { return nil }
            if couldStillMatch {
                throw makeError(.unexpectedEndOfDocument, "the document ends inside markup", at: bytes.count)
            }
            throw makeError(
                .malformedMarkup, "'<!' must start a comment, a CDATA section or a DOCTYPE", at: position)
        default:
            return MarkupScan(kind: .startTag, bodyOffset: 1, resumeOffset: 1)
        }
    }

    static func describe(_ kind: MarkupKind) -> String {
        switch kind {
        case .startTag: return "start tag"
        case .endTag: return "end tag"
        case .comment: return "comment"
        case .cdata: return "CDATA section"
        case .processingInstruction: return "processing instruction"
        case .doctype: return "DOCTYPE declaration"
        }
    }

    // MARK: Markup

    private mutating func handleMarkup(
        _ kind: MarkupKind, _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int,
        _ handler: (XMLEvent) throws -> Void
    ) throws {
        switch kind {
        case .startTag:
            try parseStartTag(bytes, start: start, end: end, handler)
        case .endTag:
            try parseEndTag(bytes, start: start, end: end, handler)
        case .comment:
            let bodyStart = start + 4
            let bodyEnd = end - 3
            var index = bodyStart
            while index < bodyEnd {
                if bytes[index] == UInt8(ascii: "-") && (index + 1 == bodyEnd || bytes[index + 1] == UInt8(ascii: "-"))
                {
                    throw makeError(.malformedMarkup, "a comment must not contain '--' or end with '-'", at: index)
                }
                index += 1
            }
            try handler(.comment(Self.string(bytes, bodyStart, bodyEnd)))
        case .cdata:
            guard phase == .content else {
                throw makeError(.textOutsideRootElement, "a CDATA section must be inside the root element", at: start)
            }
            try handler(.cdata(Self.string(bytes, start + 9, end - 3)))
        case .processingInstruction:
            try parseProcessingInstruction(bytes, start: start, end: end, handler)
        case .doctype:
            guard phase == .prolog, !sawDoctype else {
                throw makeError(
                    .misplacedDeclaration, "a DOCTYPE must come once, before the root element", at: start)
            }
            sawDoctype = true
            try parseDoctype(bytes, start: start, end: end, handler)
        }
    }

    private mutating func parseStartTag(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, _ handler: (XMLEvent) throws -> Void
    ) throws {
        if phase == .epilog {
            throw makeError(.contentAfterRootElement, "a document has exactly one root element", at: start)
        }
        if openElements.count >= limits.maximumDepth {
            throw makeError(
                .depthLimitExceeded, "elements nest deeper than the limit of \(limits.maximumDepth)", at: start)
        }
        let close = end - 1
        let nameStart = start + 1
        let nameEnd = try scanName(bytes, from: nameStart, limit: close)
        var index = nameEnd
        var rawAttributes: [(nameStart: Int, nameEnd: Int, value: String)] = []
        var isEmptyElement = false
        while true {
            let whitespaceStart = index
            while index < close && Self.isWhitespace(bytes[index]) { index += 1 }
            if index == close { break }
            if bytes[index] == UInt8(ascii: "/") {
                guard index + 1 == close else {
                    throw makeError(.malformedMarkup, "'/' in a start tag must come right before '>'", at: index)
                }
                isEmptyElement = true
                break
            }
            guard index > whitespaceStart else {
                throw makeError(.malformedMarkup, "attributes must be separated by whitespace", at: index)
            }
            let attributeNameStart = index
            let attributeNameEnd = try scanName(bytes, from: index, limit: close)
            index = attributeNameEnd
            try skipEquals(bytes, &index, close, otherwise: "an attribute name must be followed by '='")
            let (valueStart, valueEnd) = try quotedLiteral(
                bytes, &index, close, .invalidAttributeValue, unquoted: "an attribute value must be quoted",
                unclosed: "an attribute value is not closed")
            if rawAttributes.count >= limits.maximumAttributeCount {
                throw makeError(
                    .attributeLimitExceeded,
                    "an element has more attributes than the limit of \(limits.maximumAttributeCount)",
                    at: attributeNameStart)
            }
            let value = try attributeValue(bytes, start: valueStart, end: valueEnd)
            rawAttributes.append((attributeNameStart, attributeNameEnd, value))
        }
        try checkDuplicates(bytes, rawAttributes)

        let qualifiedName = Self.string(bytes, nameStart, nameEnd)
        phase = .content
        guard processesNamespaces else {
            let name = XMLName(qualifiedName: qualifiedName)
            let attributes = rawAttributes.map {
                XMLAttribute(
                    name: XMLName(qualifiedName: Self.string(bytes, $0.nameStart, $0.nameEnd)), value: $0.value)
            }
            try openElement(name, declaredPrefixes: 0, attributes: attributes, isEmpty: isEmptyElement, handler)
            return
        }

        var declaredPrefixes = 0
        var plainAttributes: [(nameStart: Int, nameEnd: Int, value: String)] = []
        for attribute in rawAttributes {
            let length = attribute.nameEnd - attribute.nameStart
            let isDefault = length == 5 && Self.matches(bytes, attribute.nameStart, "xmlns")
            let isPrefixed = length > 6 && Self.matches(bytes, attribute.nameStart, "xmlns:")
            guard isDefault || isPrefixed else {
                plainAttributes.append(attribute)
                continue
            }
            let prefix = isDefault ? "" : Self.string(bytes, attribute.nameStart + 6, attribute.nameEnd)
            try checkNamespaceDeclaration(prefix: prefix, uri: attribute.value, bytes, attribute.nameStart)
            namespaceBindings.append((prefix, attribute.value))
            declaredPrefixes += 1
            try handler(.startPrefixMapping(prefix: prefix, namespaceURI: attribute.value))
        }
        let name = try resolve(bytes, nameStart, nameEnd, qualifiedName: qualifiedName, isAttribute: false)
        var attributes: [XMLAttribute] = []
        attributes.reserveCapacity(plainAttributes.count)
        for attribute in plainAttributes {
            let attributeName = try resolve(
                bytes, attribute.nameStart, attribute.nameEnd,
                qualifiedName: Self.string(bytes, attribute.nameStart, attribute.nameEnd), isAttribute: true)
            attributes.append(XMLAttribute(name: attributeName, value: attribute.value))
        }
        if attributes.count > 1 {
            for (offset, attribute) in attributes.enumerated() where attribute.name.namespaceURI != nil {
                for other in attributes[(offset + 1)...]
                where other.name.namespaceURI == attribute.name.namespaceURI
                    && other.name.localName == attribute.name.localName
                {
                    throw makeError(
                        .duplicateAttribute,
                        "the attribute \(attribute.name) appears twice on <\(qualifiedName)> (through two prefixes)",
                        at: start)
                }
            }
        }
        try openElement(
            name, declaredPrefixes: declaredPrefixes, attributes: attributes, isEmpty: isEmptyElement, handler)
    }

    private mutating func openElement(
        _ name: XMLName, declaredPrefixes: Int, attributes: [XMLAttribute], isEmpty: Bool,
        _ handler: (XMLEvent) throws -> Void
    ) throws {
        try handler(.startElement(name: name, attributes: attributes))
        let element = OpenElement(name: name, declaredPrefixes: declaredPrefixes)
        if isEmpty {
            try closeElement(element, handler)
        } else {
            openElements.append(element)
        }
    }

    private mutating func closeElement(_ element: OpenElement, _ handler: (XMLEvent) throws -> Void) throws {
        try handler(.endElement(name: element.name))
        for _ in 0..<element.declaredPrefixes {
            let binding = namespaceBindings.removeLast()
            try handler(.endPrefixMapping(prefix: binding.prefix))
        }
        if openElements.isEmpty { phase = .epilog }
    }

    private func checkDuplicates(
        _ bytes: UnsafeBufferPointer<UInt8>, _ attributes: [(nameStart: Int, nameEnd: Int, value: String)]
    ) throws {
        guard attributes.count > 1 else { return }
        if attributes.count <= 16 {
            for first in 0..<attributes.count {
                for second in (first + 1)..<attributes.count {
                    let a = attributes[first]
                    let b = attributes[second]
                    if a.nameEnd - a.nameStart == b.nameEnd - b.nameStart
                        && UnsafeBufferPointer(rebasing: bytes[a.nameStart..<a.nameEnd]).elementsEqual(
                            UnsafeBufferPointer(rebasing: bytes[b.nameStart..<b.nameEnd]))
                    {
                        throw makeError(
                            .duplicateAttribute,
                            "the attribute \(Self.string(bytes, b.nameStart, b.nameEnd)) appears twice", at: b.nameStart
                        )
                    }
                }
            }
            return
        }
        var seen = Set<String>()
        for attribute in attributes {
            let name = Self.string(bytes, attribute.nameStart, attribute.nameEnd)
            if !seen.insert(name).inserted {
                throw makeError(.duplicateAttribute, "the attribute \(name) appears twice", at: attribute.nameStart)
            }
        }
    }

    private func checkNamespaceDeclaration(
        prefix: String, uri: String, _ bytes: UnsafeBufferPointer<UInt8>, _ at: Int
    ) throws {
        if prefix == "xmlns" {
            throw makeError(.invalidNamespaceDeclaration, "the prefix xmlns must not be declared", at: at)
        }
        if prefix.contains(":") {
            throw makeError(.invalidName, "the namespace prefix \(prefix) must not contain ':'", at: at)
        }
        if prefix == "xml" && uri != Self.xmlNamespace {
            throw makeError(
                .invalidNamespaceDeclaration, "the prefix xml must only be bound to \(Self.xmlNamespace)", at: at)
        }
        if prefix != "xml" && uri == Self.xmlNamespace {
            throw makeError(
                .invalidNamespaceDeclaration, "only the prefix xml may be bound to \(Self.xmlNamespace)", at: at)
        }
        if uri == Self.xmlnsNamespace {
            throw makeError(
                .invalidNamespaceDeclaration, "no prefix may be bound to \(Self.xmlnsNamespace)", at: at)
        }
        if !prefix.isEmpty && uri.isEmpty {
            throw makeError(
                .invalidNamespaceDeclaration, "the prefix \(prefix) must not be bound to an empty URI", at: at)
        }
    }

    /// Splits a qualified name at its colon and finds its namespace.
    private func resolve(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, qualifiedName: String, isAttribute: Bool
    ) throws -> XMLName {
        var colon: Int?
        for index in start..<end where bytes[index] == UInt8(ascii: ":") {
            guard colon == nil else {
                throw makeError(.invalidName, "the name \(qualifiedName) has more than one ':'", at: start)
            }
            colon = index
        }
        guard let colon else {
            if isAttribute { return XMLName(qualifiedName: qualifiedName, localName: qualifiedName) }
            let uri = lookup(prefix: "")
            return XMLName(
                qualifiedName: qualifiedName, localName: qualifiedName, prefix: nil,
                namespaceURI: uri?.isEmpty == false ? uri : nil)
        }
        guard colon > start, colon + 1 < end, Self.isNameStart(bytes, colon + 1) else {
            throw makeError(.invalidName, "the name \(qualifiedName) is not a valid qualified name", at: start)
        }
        let prefix = Self.string(bytes, start, colon)
        guard let uri = lookup(prefix: prefix) else {
            throw makeError(
                .unboundPrefix, "the prefix \(prefix) of \(qualifiedName) is not bound to a namespace", at: start)
        }
        return XMLName(
            qualifiedName: qualifiedName, localName: Self.string(bytes, colon + 1, end), prefix: prefix,
            namespaceURI: uri)
    }

    private func lookup(prefix: String) -> String? {
        for binding in namespaceBindings.reversed() where binding.prefix == prefix { return binding.uri }
        if prefix == "xml" { return Self.xmlNamespace }
        return nil
    }

    private mutating func parseEndTag(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, _ handler: (XMLEvent) throws -> Void
    ) throws {
        let nameStart = start + 2
        let nameEnd = try scanName(bytes, from: nameStart, limit: end - 1)
        var index = nameEnd
        while index < end - 1 && Self.isWhitespace(bytes[index]) { index += 1 }
        guard index == end - 1 else {
            throw makeError(.malformedMarkup, "an end tag holds only its name", at: index)
        }
        let written = UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd])
        guard let element = openElements.last else {
            throw makeError(
                .mismatchedTag, "the end tag </\(Self.string(bytes, nameStart, nameEnd))> has no start tag", at: start)
        }
        guard element.name.qualifiedName.utf8.elementsEqual(written) else {
            throw makeError(
                .mismatchedTag,
                "the end tag </\(Self.string(bytes, nameStart, nameEnd))> does not match <\(element.name.qualifiedName)>",
                at: start)
        }
        openElements.removeLast()
        try closeElement(element, handler)
    }

    private func parseProcessingInstruction(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, _ handler: (XMLEvent) throws -> Void
    ) throws {
        let bodyEnd = end - 2
        let targetStart = start + 2
        let targetEnd = try scanName(bytes, from: targetStart, limit: bodyEnd)
        let target = Self.string(bytes, targetStart, targetEnd)
        if target.lowercased() == "xml" {
            throw makeError(
                .misplacedDeclaration, "the XML declaration must be at the very start of the document", at: start)
        }
        if processesNamespaces && target.contains(":") {
            throw makeError(.invalidName, "a processing instruction target must not contain ':'", at: targetStart)
        }
        var dataStart = targetEnd
        if dataStart < bodyEnd {
            guard Self.isWhitespace(bytes[dataStart]) else {
                throw makeError(
                    .malformedMarkup, "a processing instruction target must be followed by a space", at: dataStart)
            }
            while dataStart < bodyEnd && Self.isWhitespace(bytes[dataStart]) { dataStart += 1 }
        }
        try handler(.processingInstruction(target: target, data: Self.string(bytes, dataStart, bodyEnd)))
    }

    private func parseDeclaration(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) throws -> XMLEvent {
        var index = start + 5
        let close = end - 2
        var values: [String: String] = [:]
        var order: [String] = []
        while true {
            let whitespaceStart = index
            while index < close && Self.isWhitespace(bytes[index]) { index += 1 }
            if index == close { break }
            guard index > whitespaceStart else {
                throw makeError(.malformedMarkup, "the XML declaration needs spaces between its parts", at: index)
            }
            let nameStart = index
            while index < close && (bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z")) {
                index += 1
            }
            let name = Self.string(bytes, nameStart, index)
            try skipEquals(bytes, &index, close, otherwise: "the XML declaration is malformed")
            let (valueStart, valueEnd) = try quotedLiteral(
                bytes, &index, close, unquoted: "the XML declaration's values must be quoted",
                unclosed: "the XML declaration has an unclosed value")
            values[name] = Self.string(bytes, valueStart, valueEnd)
            order.append(name)
        }
        let expectedOrder = ["version", "encoding", "standalone"].filter { values[$0] != nil }
        guard order.first == "version", order == expectedOrder else {
            throw makeError(
                .malformedMarkup,
                "the XML declaration must be version, then optionally encoding and standalone, in that order",
                at: start)
        }
        let version = values["version"] ?? ""
        guard version.hasPrefix("1."), version.count > 2, version.dropFirst(2).allSatisfy(\.isASCII),
            version.dropFirst(2).allSatisfy(\.isNumber)
        else {
            throw makeError(.malformedMarkup, "the XML version \"\(version)\" is not 1.x", at: start)
        }
        var standalone: Bool?
        if let value = values["standalone"] {
            guard value == "yes" || value == "no" else {
                throw makeError(.malformedMarkup, "standalone must be \"yes\" or \"no\"", at: start)
            }
            standalone = value == "yes"
        }
        if let encoding = values["encoding"], !Self.isEncodingName(encoding) {
            throw makeError(.malformedMarkup, "the encoding name \"\(encoding)\" is malformed", at: start)
        }
        return .startDocument(version: version, encoding: values["encoding"], standalone: standalone)
    }

    // MARK: Character data

    /// Reports text up to the next `<`; returns `false` when it needs more bytes.
    private mutating func handleText(
        _ bytes: UnsafeBufferPointer<UInt8>, final: Bool, _ handler: (XMLEvent) throws -> Void
    ) throws -> Bool {
        let start = position
        let count = bytes.count
        var index = start
        if let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(UInt8(ascii: "<")), count - start)
        {
            index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            try processText(bytes, start: start, end: index, handler)
            position = index
            return true
        }
        // Keep back an unfinished reference and up to two ']' that could begin "]]>".
        var cut = count
        var back = count - 1
        let window = max(start, count - (limits.maximumNameLength + 12))
        while back >= window {
            if bytes[back] == UInt8(ascii: ";") { break }
            if bytes[back] == UInt8(ascii: "&") {
                cut = back
                break
            }
            back -= 1
        }
        if final {
            try processText(bytes, start: start, end: cut, handler)
            if cut < count && phase == .content {
                throw makeError(.unexpectedEndOfDocument, "the document ends inside a reference", at: count)
            }
            try processText(bytes, start: cut, end: count, handler)
            position = count
            return false
        }
        if cut == count {
            while cut > start && count - cut < 2 && bytes[cut - 1] == UInt8(ascii: "]") { cut -= 1 }
        }
        if cut > start {
            try processText(bytes, start: start, end: cut, handler)
            position = cut
        }
        return false
    }

    private mutating func processText(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, _ handler: (XMLEvent) throws -> Void
    ) throws {
        guard start < end else { return }
        guard phase == .content else {
            for index in start..<end where !Self.isWhitespace(bytes[index]) {
                throw makeError(
                    .textOutsideRootElement,
                    phase == .epilog
                        ? "only whitespace, comments and processing instructions may follow the root element"
                        : "only whitespace, comments, processing instructions and a DOCTYPE may precede the root element",
                    at: index)
            }
            return
        }
        // One pass in document order, so the first error is the same however the text was chunked.
        var expanded: [UInt8]?
        var copiedUpTo = start
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") && index - 2 >= start && bytes[index - 1] == UInt8(ascii: "]")
                && bytes[index - 2] == UInt8(ascii: "]")
            {
                throw makeError(.cdataEndInText, "']]>' is not allowed in character data", at: index - 2)
            }
            guard byte == UInt8(ascii: "&") else {
                index += 1
                continue
            }
            if expanded == nil {
                expanded = scratch
                scratch = []
                expanded?.removeAll(keepingCapacity: true)
            }
            expanded?.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<index]))
            var text = expanded ?? []
            expanded = nil
            index = try expandReference(bytes, at: index, end: end, into: &text, inAttribute: false, errorAt: index)
            expanded = text
            copiedUpTo = index
        }
        guard var text = expanded else {
            try handler(.characters(Self.string(bytes, start, end)))
            return
        }
        text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copiedUpTo..<end]))
        let string = String(decoding: text, as: UTF8.self)
        scratch = text
        try handler(.characters(string))
    }

    private mutating func attributeValue(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) throws -> String {
        var plain = true
        for index in start..<end {
            switch bytes[index] {
            case UInt8(ascii: "<"):
                throw makeError(.invalidAttributeValue, "'<' is not allowed in an attribute value", at: index)
            case UInt8(ascii: "&"), 0x09, 0x0A:
                plain = false
            default:
                break
            }
        }
        if plain { return Self.string(bytes, start, end) }
        var value: [UInt8] = []
        value.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "&") {
                index = try expandReference(bytes, at: index, end: end, into: &value, inAttribute: true, errorAt: index)
            } else {
                value.append(byte == 0x09 || byte == 0x0A ? 0x20 : byte)
                index += 1
            }
        }
        return String(decoding: value, as: UTF8.self)
    }

    // MARK: Helpers

    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ text: StaticString) -> Bool {
        guard start + text.utf8CodeUnitCount <= bytes.count else { return false }
        for offset in 0..<text.utf8CodeUnitCount where bytes[start + offset] != text.utf8Start[offset] {
            return false
        }
        return true
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }
}
