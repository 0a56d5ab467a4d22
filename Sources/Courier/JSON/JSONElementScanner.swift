/// Finds where the elements of a top-level JSON array begin and end while its text arrives in chunks,
/// holding only the element in progress.
///
/// It tracks strings (with their escapes) and the nesting of brackets, which is all it takes to find
/// the commas between elements; each element's own syntax is checked by whoever decodes it.
struct JSONArrayScanner {
    private enum State {
        case beforeArray
        case beforeElement(first: Bool)
        case inElement
        case afterArray
    }

    let maximumElementSize: Int
    private var state = State.beforeArray
    private var element: [UInt8] = []
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Bytes consumed so far, for error offsets.
    private(set) var offset = 0

    init(maximumElementSize: Int) {
        self.maximumElementSize = maximumElementSize
    }

    /// The bytes held for the element in progress.
    var bufferedByteCount: Int { element.count }

    /// Scans a chunk and hands each complete element's bytes to `emit`.
    /// - Throws: ``JSONError`` when the text is not an array, an element is empty or too large, or
    ///   something follows the array.
    mutating func feed(_ chunk: some Sequence<UInt8>, _ emit: ([UInt8]) throws -> Void) throws {
        for byte in chunk {
            defer { offset += 1 }
            switch state {
            case .beforeArray:
                if Self.isWhitespace(byte) || (offset < 3 && [0xEF, 0xBB, 0xBF][offset] == byte) { continue }
                guard byte == UInt8(ascii: "[") else {
                    throw JSONError(.invalidSyntax, message: "the body is not a JSON array", offset: offset)
                }
                state = .beforeElement(first: true)
            case .beforeElement(let first):
                if Self.isWhitespace(byte) { continue }
                if byte == UInt8(ascii: "]") {
                    guard first else {
                        throw JSONError(.invalidSyntax, message: "a comma before ']' in the array", offset: offset)
                    }
                    state = .afterArray
                    continue
                }
                guard byte != UInt8(ascii: ",") else {
                    throw JSONError(.invalidSyntax, message: "an empty element in the array", offset: offset)
                }
                state = .inElement
                try scanElementByte(byte, emit)
            case .inElement:
                try scanElementByte(byte, emit)
            case .afterArray:
                guard Self.isWhitespace(byte) else {
                    throw JSONError(.trailingContent, message: "unexpected content after the array", offset: offset)
                }
            }
        }
    }

    private mutating func scanElementByte(_ byte: UInt8, _ emit: ([UInt8]) throws -> Void) throws {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
        } else {
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if depth == 0 {
                    guard byte == UInt8(ascii: "]") else {
                        throw JSONError(.invalidSyntax, message: "an unmatched '}' in the array", offset: offset)
                    }
                    try finishElement(emit)
                    state = .afterArray
                    return
                }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == 0 {
                    try finishElement(emit)
                    state = .beforeElement(first: false)
                    return
                }
            default:
                break
            }
        }
        guard element.count < maximumElementSize else {
            throw JSONError(
                .elementTooLarge,
                message: "an element of the JSON array is larger than the limit of \(maximumElementSize) bytes",
                offset: offset)
        }
        element.append(byte)
    }

    private mutating func finishElement(_ emit: ([UInt8]) throws -> Void) throws {
        let bytes = element
        element.removeAll(keepingCapacity: true)
        try emit(bytes)
    }

    /// Checks that the array was complete.
    /// - Throws: ``JSONError`` `unexpectedEnd` when the text stopped inside the array (or was empty).
    func finish() throws {
        guard case .afterArray = state else {
            throw JSONError(.unexpectedEnd, message: "the JSON array is truncated", offset: offset)
        }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// Splits JSON Lines (one JSON value per line, LF or CRLF) as its text arrives in chunks, skipping
/// blank lines and holding only the line in progress.
struct JSONLinesScanner {
    let maximumLineLength: Int
    private var line: [UInt8] = []
    private(set) var offset = 0

    init(maximumLineLength: Int) {
        self.maximumLineLength = maximumLineLength
    }

    /// The bytes held for the line in progress.
    var bufferedByteCount: Int { line.count }

    mutating func feed(_ chunk: some Sequence<UInt8>, _ emit: ([UInt8]) throws -> Void) throws {
        for byte in chunk {
            defer { offset += 1 }
            if byte == 0x0A {
                try finishLine(emit)
                continue
            }
            guard line.count < maximumLineLength else {
                throw JSONError(
                    .elementTooLarge, message: "a JSON line is longer than the limit of \(maximumLineLength) bytes",
                    offset: offset)
            }
            line.append(byte)
        }
    }

    mutating func finish(_ emit: ([UInt8]) throws -> Void) throws {
        try finishLine(emit)
    }

    private mutating func finishLine(_ emit: ([UInt8]) throws -> Void) throws {
        defer { line.removeAll(keepingCapacity: true) }
        guard line.contains(where: { !JSONArrayScanner.isWhitespace($0) }) else { return }
        try emit(line)
    }
}
