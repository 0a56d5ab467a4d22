extension XMLStreamParser {
    // MARK: Names

    /// The end of the name that starts at `start`, checked against the XML name rules.
    func scanName(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, limit: Int, errorAt: Int? = nil
    ) throws -> Int {
        guard start < limit, Self.isNameStart(bytes, start) else {
            throw makeError(.invalidName, "a name was expected here", at: errorAt ?? start)
        }
        var index = start
        while index < limit {
            let byte = bytes[index]
            if byte < 0x80 {
                guard Self.isASCIINameCharacter(byte) else { break }
                index += 1
            } else {
                let (scalar, length) = Self.scalar(bytes, at: index)
                guard Self.isNameCharacter(scalar) else { break }
                index += length
            }
        }
        if index - start > limits.maximumNameLength {
            throw makeError(
                .nameLengthLimitExceeded, "a name is longer than the limit of \(limits.maximumNameLength) bytes",
                at: errorAt ?? start)
        }
        return index
    }

    static func isNameStart(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        let byte = bytes[index]
        if byte < 0x80 {
            let lower = byte | 0x20
            return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: ":")
        }
        return isNameStartCharacter(scalar(bytes, at: index).0)
    }

    static func isASCIINameCharacter(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// NameStartChar of XML 1.0 (fifth edition) above ASCII.
    static func isNameStartCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xC0...0xD6, 0xD8...0xF6, 0xF8...0x2FF, 0x370...0x37D, 0x37F...0x1FFF, 0x200C...0x200D,
            0x2070...0x218F, 0x2C00...0x2FEF, 0x3001...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFFD,
            0x10000...0xEFFFF:
            return true
        default:
            return false
        }
    }

    static func isNameCharacter(_ scalar: UInt32) -> Bool {
        isNameStartCharacter(scalar) || scalar == 0xB7 || (0x300...0x36F).contains(scalar)
            || (0x203F...0x2040).contains(scalar)
    }

    /// Decodes the scalar at `index` of input the decoder already validated.
    static func scalar(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let first = bytes[index]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : first >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= bytes.count else { return (UInt32(first), 1) }
        var value = UInt32(first) & (0xFF >> UInt32(length + 1))
        for offset in 1..<length { value = (value << 6) | UInt32(bytes[index + offset] & 0x3F) }
        return (value, length)
    }

    static func isXMLCharacter(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return true
        default: return false
        }
    }

    static func isEncodingName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard let first = bytes.first, (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z") else {
            return false
        }
        return bytes.allSatisfy {
            isASCIINameCharacter($0) && $0 != UInt8(ascii: ":")
        }
    }

    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        if scalar < 0x80 {
            output.append(UInt8(scalar))
        } else if scalar < 0x800 {
            output.append(UInt8(0xC0 | (scalar >> 6)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        } else if scalar < 0x10000 {
            output.append(UInt8(0xE0 | (scalar >> 12)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        } else {
            output.append(UInt8(0xF0 | (scalar >> 18)))
            output.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
            output.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
            output.append(UInt8(0x80 | (scalar & 0x3F)))
        }
    }

    // MARK: References

    /// Parses the character reference at `index` (`&#…;` or `&#x…;`), returning the scalar and the
    /// index after `;`, or `nil` when it is malformed.
    static func characterReference(_ bytes: UnsafeBufferPointer<UInt8>, at ampersand: Int, end: Int) -> (UInt32, Int)? {
        var index = ampersand + 2
        var radix: UInt32 = 10
        if index < end && bytes[index] == UInt8(ascii: "x") {
            radix = 16
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < end {
            let byte = bytes[index]
            let digit: UInt32
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digit = UInt32(byte - UInt8(ascii: "0"))
            } else if radix == 16 && (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f") {
                digit = UInt32((byte | 0x20) - UInt8(ascii: "a") + 10)
            } else {
                break
            }
            value = min(value * radix + digit, 0x11_0000)
            index += 1
        }
        guard index > digitsStart, index < end, bytes[index] == UInt8(ascii: ";") else { return nil }
        return (value, index + 1)
    }

    /// Expands the reference at `ampersand` into `output` and returns the index after its `;`.
    /// Errors are located at `errorAt` (the reference in the document, also for nested expansions).
    mutating func expandReference(
        _ bytes: UnsafeBufferPointer<UInt8>, at ampersand: Int, end: Int, into output: inout [UInt8],
        inAttribute: Bool, errorAt: Int
    ) throws -> Int {
        guard ampersand + 1 < end else {
            throw makeError(.invalidReference, "'&' must start a reference such as &amp;", at: errorAt)
        }
        if bytes[ampersand + 1] == UInt8(ascii: "#") {
            guard let (value, next) = Self.characterReference(bytes, at: ampersand, end: end) else {
                throw makeError(.invalidReference, "a character reference is malformed", at: errorAt)
            }
            guard Self.isXMLCharacter(value) else {
                throw makeError(
                    .invalidReference,
                    "a character reference names U+\(String(value, radix: 16, uppercase: true)), which XML does not allow",
                    at: errorAt)
            }
            Self.appendUTF8(value, to: &output)
            return next
        }
        guard Self.isNameStart(bytes, ampersand + 1) else {
            throw makeError(.invalidReference, "'&' must start a reference such as &amp;", at: errorAt)
        }
        let nameStart = ampersand + 1
        let nameEnd = try scanName(bytes, from: nameStart, limit: end, errorAt: errorAt)
        guard nameEnd < end, bytes[nameEnd] == UInt8(ascii: ";") else {
            throw makeError(.invalidReference, "a reference must end with ';'", at: errorAt)
        }
        if let predefined = Self.predefinedEntity(bytes, nameStart, nameEnd) {
            output.append(predefined)
            return nameEnd + 1
        }
        let name = Self.string(bytes, nameStart, nameEnd)
        guard let entity = entities[name] else {
            throw makeError(.undefinedEntity, "the entity &\(name); is not declared", at: errorAt)
        }
        let replacement: [UInt8]
        switch entity {
        case .external:
            throw makeError(
                .externalEntityReference, "&\(name); refers to an external entity; external entities are never fetched",
                at: errorAt)
        case .unparsed:
            throw makeError(
                .externalEntityReference, "&\(name); refers to an unparsed entity, which cannot appear in text",
                at: errorAt)
        case .internalText(let text):
            replacement = text
        }
        if entitiesBeingExpanded.contains(name) {
            throw makeError(.recursiveEntity, "the entity &\(name); refers to itself", at: errorAt)
        }
        if entitiesBeingExpanded.count >= limits.maximumEntityDepth {
            throw makeError(
                .entityExpansionLimitExceeded,
                "entity references nest deeper than the limit of \(limits.maximumEntityDepth)", at: errorAt)
        }
        entitiesBeingExpanded.append(name)
        defer { entitiesBeingExpanded.removeLast() }
        try replacement.withUnsafeBufferPointer { text in
            var index = 0
            while index < text.count {
                let byte = text[index]
                if byte == UInt8(ascii: "&") {
                    index = try expandReference(
                        text, at: index, end: text.count, into: &output, inAttribute: inAttribute, errorAt: errorAt)
                    continue
                }
                if byte == UInt8(ascii: "<") {
                    throw inAttribute
                        ? makeError(
                            .invalidAttributeValue, "the entity &\(name); puts '<' into an attribute value", at: errorAt
                        )
                        : makeError(
                            .entityContainsMarkup,
                            "the entity &\(name); contains markup, which this parser does not expand", at: errorAt)
                }
                output.append(inAttribute && Self.isWhitespace(byte) ? 0x20 : byte)
                expandedEntityBytes += 1
                if expandedEntityBytes > limits.maximumEntityExpansionBytes {
                    throw makeError(
                        .entityExpansionLimitExceeded,
                        "entity expansion produced more than the limit of \(limits.maximumEntityExpansionBytes) bytes",
                        at: errorAt)
                }
                index += 1
            }
        }
        return nameEnd + 1
    }

    static func predefinedEntity(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UInt8? {
        switch end - start {
        case 2:
            if matches(bytes, start, "lt") { return UInt8(ascii: "<") }
            if matches(bytes, start, "gt") { return UInt8(ascii: ">") }
        case 3:
            if matches(bytes, start, "amp") { return UInt8(ascii: "&") }
        case 4:
            if matches(bytes, start, "apos") { return UInt8(ascii: "'") }
            if matches(bytes, start, "quot") { return UInt8(ascii: "\"") }
        default:
            break
        }
        return nil
    }

    // MARK: DOCTYPE

    /// Reads a DOCTYPE: its name and external ID (reported, never fetched) and the entity
    /// declarations of its internal subset. Element, attribute-list and notation declarations are
    /// skipped (the parser does not validate).
    mutating func parseDoctype(
        _ bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int, _ handler: (XMLEvent) throws -> Void
    ) throws {
        let close = end - 1
        var index = start + 9
        try requireWhitespace(bytes, &index, close)
        let nameEnd = try scanName(bytes, from: index, limit: close)
        let name = Self.string(bytes, index, nameEnd)
        index = nameEnd
        skipWhitespace(bytes, &index, close)
        let (publicID, systemID) = try externalID(bytes, &index, close, required: false)
        skipWhitespace(bytes, &index, close)
        if index < close && bytes[index] == UInt8(ascii: "[") {
            index += 1
            try parseInternalSubset(bytes, &index, close)
            skipWhitespace(bytes, &index, close)
        }
        guard index == close else {
            throw makeError(.malformedMarkup, "the DOCTYPE declaration is malformed", at: index)
        }
        try handler(.doctype(name: name, publicID: publicID, systemID: systemID))
    }

    /// Moves `index` past whitespace.
    func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ limit: Int) {
        while index < limit && Self.isWhitespace(bytes[index]) { index += 1 }
    }

    private func requireWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ limit: Int) throws {
        guard index < limit, Self.isWhitespace(bytes[index]) else {
            throw makeError(.malformedMarkup, "whitespace is required here in the declaration", at: index)
        }
        skipWhitespace(bytes, &index, limit)
    }

    /// Moves `index` past the `=` between a name and its value, and the whitespace around it.
    ///
    /// - Throws: ``XMLParseError/Code/malformedMarkup`` with `message` when there is no `=`.
    func skipEquals(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ limit: Int, otherwise message: String)
        throws
    {
        skipWhitespace(bytes, &index, limit)
        guard index < limit, bytes[index] == UInt8(ascii: "=") else {
            throw makeError(.malformedMarkup, message, at: index)
        }
        index += 1
        skipWhitespace(bytes, &index, limit)
    }

    /// Reads a literal in double or single quotes at `index` and moves past it; returns the bounds of the text
    /// between the quotes.
    ///
    /// - Throws: `code` with `unquoted` when there is no quote at `index`, with `unclosed` (at the opening quote)
    ///   when the literal does not end before `limit`.
    func quotedLiteral(
        _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ limit: Int,
        _ code: XMLParseError.Code = .malformedMarkup,
        unquoted: String = "a quoted literal was expected here", unclosed: String = "a quoted literal is not closed"
    ) throws -> (start: Int, end: Int) {
        guard index < limit, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
            throw makeError(code, unquoted, at: index)
        }
        let quote = bytes[index]
        let literalStart = index + 1
        var literalEnd = literalStart
        while literalEnd < limit && bytes[literalEnd] != quote { literalEnd += 1 }
        guard literalEnd < limit else {
            throw makeError(code, unclosed, at: index)
        }
        index = literalEnd + 1
        return (literalStart, literalEnd)
    }

    /// `SYSTEM "uri"` or `PUBLIC "id" "uri"` when present.
    private func externalID(
        _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ limit: Int, required: Bool
    ) throws -> (String?, String?) {
        if Self.matches(bytes, index, "SYSTEM") && index + 6 <= limit {
            index += 6
            try requireWhitespace(bytes, &index, limit)
            let (systemStart, systemEnd) = try quotedLiteral(bytes, &index, limit)
            return (nil, Self.string(bytes, systemStart, systemEnd))
        }
        if Self.matches(bytes, index, "PUBLIC") && index + 6 <= limit {
            index += 6
            try requireWhitespace(bytes, &index, limit)
            let (publicStart, publicEnd) = try quotedLiteral(bytes, &index, limit)
            try requireWhitespace(bytes, &index, limit)
            let (systemStart, systemEnd) = try quotedLiteral(bytes, &index, limit)
            return (Self.string(bytes, publicStart, publicEnd), Self.string(bytes, systemStart, systemEnd))
        }
        if required {
            throw makeError(.malformedMarkup, "SYSTEM or PUBLIC was expected here", at: index)
        }
        return (nil, nil)
    }

    private mutating func parseInternalSubset(
        _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ limit: Int
    ) throws {
        // After a reference to a parameter entity the parser cannot read, later declarations may
        // depend on it, so (as XML 1.0 §5.1 asks of non-validating processors) they are not processed.
        var processesDeclarations = true
        while true {
            skipWhitespace(bytes, &index, limit)
            guard index < limit else {
                throw makeError(.malformedMarkup, "the DOCTYPE's internal subset is not closed with ']'", at: index)
            }
            if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return
            }
            if bytes[index] == UInt8(ascii: "%") {
                let nameEnd = try scanName(bytes, from: index + 1, limit: limit)
                guard nameEnd < limit, bytes[nameEnd] == UInt8(ascii: ";") else {
                    throw makeError(.invalidReference, "a parameter entity reference must end with ';'", at: index)
                }
                processesDeclarations = false
                index = nameEnd + 1
                continue
            }
            if Self.matches(bytes, index, "<!--") {
                index = try skip(past: "-->", bytes, from: index + 4, limit, what: "comment")
                continue
            }
            if Self.matches(bytes, index, "<?") {
                index = try skip(past: "?>", bytes, from: index + 2, limit, what: "processing instruction")
                continue
            }
            if Self.matches(bytes, index, "<!ENTITY") {
                index += 8
                try parseEntityDeclaration(bytes, &index, limit, store: processesDeclarations)
                continue
            }
            if Self.matches(bytes, index, "<!ELEMENT") || Self.matches(bytes, index, "<!ATTLIST")
                || Self.matches(bytes, index, "<!NOTATION")
            {
                var quote: UInt8 = 0
                index += 2
                while index < limit {
                    let byte = bytes[index]
                    index += 1
                    if quote != 0 {
                        if byte == quote { quote = 0 }
                    } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                        quote = byte
                    } else if byte == UInt8(ascii: ">") {
                        break
                    }
                }
                continue
            }
            throw makeError(.malformedMarkup, "the DOCTYPE's internal subset has an unknown declaration", at: index)
        }
    }

    private func skip(
        past terminator: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ limit: Int, what: String
    ) throws -> Int {
        var index = start
        while index < limit {
            if Self.matches(bytes, index, terminator) { return index + terminator.utf8CodeUnitCount }
            index += 1
        }
        throw makeError(.malformedMarkup, "a \(what) in the internal subset is not closed", at: start)
    }

    private mutating func parseEntityDeclaration(
        _ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int, _ limit: Int, store: Bool
    ) throws {
        let declarationStart = index - 8
        try requireWhitespace(bytes, &index, limit)
        var isParameterEntity = false
        if index < limit && bytes[index] == UInt8(ascii: "%") {
            isParameterEntity = true
            index += 1
            try requireWhitespace(bytes, &index, limit)
        }
        let nameEnd = try scanName(bytes, from: index, limit: limit)
        let name = Self.string(bytes, index, nameEnd)
        if processesNamespaces && name.contains(":") {
            throw makeError(.invalidName, "an entity name must not contain ':'", at: index)
        }
        index = nameEnd
        try requireWhitespace(bytes, &index, limit)
        let entity: Entity
        if index < limit && (bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")) {
            let (valueStart, valueEnd) = try quotedLiteral(bytes, &index, limit)
            entity = .internalText(try entityValue(bytes, valueStart, valueEnd))
        } else {
            _ = try externalID(bytes, &index, limit, required: true)
            let beforeSpace = index
            skipWhitespace(bytes, &index, limit)
            if Self.matches(bytes, index, "NDATA") && index > beforeSpace {
                guard !isParameterEntity else {
                    throw makeError(.malformedMarkup, "a parameter entity cannot be unparsed (NDATA)", at: index)
                }
                index += 5
                try requireWhitespace(bytes, &index, limit)
                index = try scanName(bytes, from: index, limit: limit)
                entity = .unparsed
            } else {
                entity = .external
            }
        }
        skipWhitespace(bytes, &index, limit)
        guard index < limit, bytes[index] == UInt8(ascii: ">") else {
            throw makeError(.malformedMarkup, "the entity declaration of \(name) is malformed", at: declarationStart)
        }
        index += 1
        // The first declaration binds; the five predefined entities keep their meaning.
        let isPredefined = Self.predefinedEntity(bytes, nameEnd - name.utf8.count, nameEnd) != nil
        if store && !isParameterEntity && !isPredefined && entities[name] == nil {
            entities[name] = entity
        }
    }

    /// The replacement text of an entity value: character references expanded now, entity
    /// references checked and kept for expansion at the point of use.
    private func entityValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) throws -> [UInt8] {
        var value: [UInt8] = []
        value.reserveCapacity(end - start)
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                throw makeError(
                    .malformedMarkup,
                    "parameter entity references are not allowed in the internal subset's entity values",
                    at: index)
            }
            if byte == UInt8(ascii: "&") {
                if index + 1 < end && bytes[index + 1] == UInt8(ascii: "#") {
                    guard let (scalar, next) = Self.characterReference(bytes, at: index, end: end),
                        Self.isXMLCharacter(scalar)
                    else {
                        throw makeError(.invalidReference, "a character reference is malformed", at: index)
                    }
                    Self.appendUTF8(scalar, to: &value)
                    index = next
                    continue
                }
                let nameEnd = try scanName(bytes, from: index + 1, limit: end)
                guard nameEnd < end, bytes[nameEnd] == UInt8(ascii: ";") else {
                    throw makeError(.invalidReference, "a reference must end with ';'", at: index)
                }
                value.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index...nameEnd]))
                index = nameEnd + 1
                continue
            }
            value.append(byte)
            index += 1
        }
        return value
    }
}
