/// Turns the raw bytes of a document into validated UTF-8 with line ends normalized to `\n`, chunk by
/// chunk: detects the encoding from a byte order mark, the first bytes or the XML declaration, keeps
/// incomplete sequences for the next chunk, and rejects characters XML does not allow.
struct XMLInputDecoder: Sendable {
    enum Encoding: Sendable {
        case utf8
        case utf16LittleEndian
        case utf16BigEndian
        case latin1
        case windows1252
    }

    /// Why decoding stopped; the bytes before the failure were appended.
    struct Failure: Error {
        var code: XMLParseError.Code
        var message: String
    }

    /// `nil` until enough bytes arrived to decide.
    private(set) var encoding: Encoding?
    /// Bytes held back: the detection window, an incomplete sequence, or a trailing carriage return.
    private var pending: [UInt8] = []
    private var pendingCarriageReturn = false
    /// How many bytes of the XML declaration to wait for before deciding the encoding.
    private static let detectionWindow = 1024

    /// Decodes `chunk`, appending UTF-8 to `output`.
    mutating func decode(_ chunk: some Collection<UInt8>, into output: inout [UInt8]) throws(Failure) {
        if encoding == nil {
            pending.append(contentsOf: chunk)
            guard let detected = try detect(final: false) else { return }
            encoding = detected
            try convertHeld(into: &output)
            return
        }
        try convert(chunk, into: &output)
    }

    /// Converts the detection window once the encoding is known, without its byte order mark.
    private mutating func convertHeld(into output: inout [UInt8]) throws(Failure) {
        var held = pending
        pending = []
        switch encoding {
        case .utf8 where held.starts(with: [0xEF, 0xBB, 0xBF]):
            held.removeFirst(3)
        case .utf16BigEndian where held.starts(with: [0xFE, 0xFF]),
            .utf16LittleEndian where held.starts(with: [0xFF, 0xFE]):
            held.removeFirst(2)
        default:
            break
        }
        try convert(held, into: &output)
    }

    /// Flushes what is held back at the end of the input.
    mutating func finish(into output: inout [UInt8]) throws(Failure) {
        if encoding == nil {
            encoding = try detect(final: true) ?? .utf8
            try convertHeld(into: &output)
        }
        if pendingCarriageReturn {
            output.append(0x0A)
            pendingCarriageReturn = false
        }
        if !pending.isEmpty {
            throw Failure(code: .invalidEncoding, message: "the input ends inside a multi-byte character")
        }
    }

    // MARK: Detection

    private func detect(final: Bool) throws(Failure) -> Encoding? {
        let bytes = pending
        if bytes.count < 4 && !final {
            let prefixes: [[UInt8]] = [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE], [0x3C, 0x00], [0x00, 0x3C]]
            if prefixes.contains(where: { $0.starts(with: bytes) || bytes.starts(with: $0) }) { return nil }
        }
        if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0x00, 0x3C, 0x00, 0x3F]) {
            return .utf16BigEndian
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x3C, 0x00, 0x3F, 0x00]) {
            return .utf16LittleEndian
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return .utf8 }
        let declarationStart = Array("<?xml".utf8)
        guard bytes.starts(with: declarationStart) || (declarationStart.starts(with: bytes) && !final) else {
            return .utf8
        }
        guard let end = Self.find([0x3F, 0x3E], in: bytes) else {
            if final || bytes.count >= Self.detectionWindow { return .utf8 }
            return nil
        }
        guard let name = Self.declaredEncoding(in: bytes[..<end]) else { return .utf8 }
        switch name.lowercased() {
        case "utf-8", "utf8", "us-ascii", "ascii", "utf-16", "utf16":
            // A UTF-16 document without a byte order mark was already recognized above; one that
            // reaches here is read as UTF-8, which is what its bytes are.
            return .utf8
        case "iso-8859-1", "iso8859-1", "iso_8859-1", "latin1", "latin-1", "l1":
            return .latin1
        case "windows-1252", "cp1252":
            return .windows1252
        default:
            throw Failure(
                code: .unsupportedEncoding,
                message: "the document declares the encoding \"\(name)\"; supported are UTF-8, UTF-16, "
                    + "ISO-8859-1, windows-1252 and US-ASCII")
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for index in 0...(bytes.count - needle.count) where bytes[index] == needle[0] {
            if bytes[index..<index + needle.count].elementsEqual(needle) { return index }
        }
        return nil
    }

    /// The value of `encoding="…"` in an XML declaration, found loosely (the parser checks the syntax).
    private static func declaredEncoding(in declaration: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: declaration, as: UTF8.self)
        guard let range = text.range(of: "encoding") else { return nil }
        var rest = text[range.upperBound...].drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard rest.first == "=" else { return nil }
        rest = rest.dropFirst().drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
        guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
        rest = rest.dropFirst()
        guard let close = rest.firstIndex(of: quote) else { return nil }
        return String(rest[..<close])
    }

    // MARK: Conversion

    private mutating func convert(_ bytes: some Collection<UInt8>, into output: inout [UInt8]) throws(Failure) {
        if bytes.isEmpty { return }
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            convertContiguous(buffer, into: &output)
        }
        let failure: Failure?
        if let result {
            failure = result
        } else {
            failure = Array(bytes).withUnsafeBufferPointer { convertContiguous($0, into: &output) }
        }
        if let failure { throw failure }
    }

    private mutating func convertContiguous(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Failure?
    {
        switch encoding ?? .utf8 {
        case .utf8:
            return convertUTF8(input, into: &output)
        case .utf16LittleEndian, .utf16BigEndian:
            return convertUTF16(input, into: &output)
        case .latin1, .windows1252:
            return convertSingleByte(input, into: &output)
        }
    }

    /// Appends a scalar's UTF-8, normalizing line ends and checking that XML allows it.
    private mutating func appendScalar(_ scalar: UInt32, into output: inout [UInt8]) -> Failure? {
        if pendingCarriageReturn {
            pendingCarriageReturn = false
            output.append(0x0A)
            if scalar == 0x0A { return nil }
        }
        if scalar < 0x20 {
            if scalar == 0x0D {
                pendingCarriageReturn = true
                return nil
            }
            if scalar != 0x09 && scalar != 0x0A { return Self.controlCharacter(scalar) }
        } else if scalar == 0xFFFE || scalar == 0xFFFF {
            return Self.controlCharacter(scalar)
        }
        XMLStreamParser.appendUTF8(scalar, to: &output)
        return nil
    }

    private static func controlCharacter(_ scalar: UInt32) -> Failure {
        let hex = String(scalar, radix: 16, uppercase: true)
        return Failure(code: .invalidCharacter, message: "the character U+\(hex) is not allowed in XML")
    }

    private mutating func convertUTF8(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Failure? {
        var index = 0
        let count = input.count
        // Complete a sequence that the previous chunk cut.
        if !pending.isEmpty {
            while index < count && pending.count < Self.sequenceLength(pending[0]) {
                guard input[index] & 0xC0 == 0x80 else { return Self.invalidUTF8() }
                pending.append(input[index])
                index += 1
            }
            guard pending.count == Self.sequenceLength(pending[0]) else { return nil }
            let sequence = pending
            pending = []
            let decoded = sequence.withUnsafeBufferPointer { Self.decodeUTF8Sequence($0, at: 0) }
            guard let (scalar, _) = decoded else { return Self.invalidUTF8() }
            if let failure = appendScalar(scalar, into: &output) { return failure }
        }
        var runStart = index
        while index < count {
            let byte = input[index]
            if byte >= 0x20 && byte < 0x80 {
                index += 1
                continue
            }
            if byte == 0x09 || byte == 0x0A {
                index += 1
                continue
            }
            // Leave the fast path: flush the validated run, then handle this byte alone.
            appendRun(input[runStart..<index], into: &output)
            if byte < 0x80 {
                if let failure = appendScalar(UInt32(byte), into: &output) { return failure }
                index += 1
            } else {
                let length = Self.sequenceLength(byte)
                if length == 0 { return Self.invalidUTF8() }
                if index + length > count {
                    // Validate what is there so a bad start fails now, then hold it for the next chunk.
                    for next in (index + 1)..<count where input[next] & 0xC0 != 0x80 { return Self.invalidUTF8() }
                    pending = Array(input[index..<count])
                    return nil
                }
                guard let (scalar, length) = Self.decodeUTF8Sequence(input, at: index) else {
                    return Self.invalidUTF8()
                }
                if let failure = appendScalar(scalar, into: &output) { return failure }
                index += length
            }
            runStart = index
        }
        appendRun(input[runStart..<index], into: &output)
        return nil
    }

    /// Appends a run of bytes already checked (printable ASCII, tab, line feed), after the line feed that stands for
    /// a carriage return the previous byte left pending (which absorbs a line feed that opens the run).
    private mutating func appendRun(_ run: Slice<UnsafeBufferPointer<UInt8>>, into output: inout [UInt8]) {
        guard !run.isEmpty else { return }
        var start = run.startIndex
        if pendingCarriageReturn {
            pendingCarriageReturn = false
            output.append(0x0A)
            if run[start] == 0x0A { start += 1 }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: run[start...]))
    }

    private static func invalidUTF8() -> Failure {
        Failure(code: .invalidEncoding, message: "the input is not valid UTF-8")
    }

    /// The length of a UTF-8 sequence from its first byte, 0 when the byte cannot start one.
    private static func sequenceLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0x00..<0x80: return 1
        case 0xC2..<0xE0: return 2
        case 0xE0..<0xF0: return 3
        case 0xF0..<0xF5: return 4
        default: return 0
        }
    }

    /// Decodes one complete multi-byte sequence, rejecting overlong forms, surrogates and values past U+10FFFF.
    private static func decodeUTF8Sequence(_ input: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let first = input[index]
        let length = sequenceLength(first)
        guard length > 0, index + length <= input.count else { return nil }
        if length == 1 { return (UInt32(first), 1) }
        var scalar = UInt32(first) & (0xFF >> UInt32(length + 1))
        for offset in 1..<length {
            let byte = input[index + offset]
            guard byte & 0xC0 == 0x80 else { return nil }
            scalar = (scalar << 6) | UInt32(byte & 0x3F)
        }
        switch length {
        case 3 where scalar < 0x800 || (scalar >= 0xD800 && scalar < 0xE000): return nil
        case 4 where scalar < 0x10000 || scalar > 0x10FFFF: return nil
        default: return (scalar, length)
        }
    }

    private mutating func convertUTF16(_ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Failure? {
        let bigEndian = encoding == .utf16BigEndian
        var bytes = pending
        pending = []
        bytes.append(contentsOf: input)
        var index = 0
        while index + 1 < bytes.count {
            let unit =
                bigEndian
                ? UInt32(bytes[index]) << 8 | UInt32(bytes[index + 1])
                : UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index])
            if unit >= 0xD800 && unit < 0xDC00 {
                guard index + 3 < bytes.count else { break }
                let low =
                    bigEndian
                    ? UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3])
                    : UInt32(bytes[index + 3]) << 8 | UInt32(bytes[index + 2])
                guard low >= 0xDC00 && low < 0xE000 else {
                    return Failure(code: .invalidEncoding, message: "the input has an unpaired UTF-16 surrogate")
                }
                if let failure = appendScalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), into: &output) {
                    return failure
                }
                index += 4
                continue
            }
            if unit >= 0xDC00 && unit < 0xE000 {
                return Failure(code: .invalidEncoding, message: "the input has an unpaired UTF-16 surrogate")
            }
            if let failure = appendScalar(unit, into: &output) { return failure }
            index += 2
        }
        pending = Array(bytes[index...])
        return nil
    }

    private mutating func convertSingleByte(
        _ input: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]
    ) -> Failure? {
        let windows = encoding == .windows1252
        for byte in input {
            var scalar = UInt32(byte)
            if windows && byte >= 0x80 && byte < 0xA0 { scalar = Self.windows1252High[Int(byte) - 0x80] }
            if let failure = appendScalar(scalar, into: &output) { return failure }
        }
        return nil
    }

    /// windows-1252's characters for 0x80–0x9F (the five unassigned bytes map to the C1 controls, as browsers do).
    private static let windows1252High: [UInt32] = [
        0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x8D,
        0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, 0x9D, 0x017E, 0x0178,
    ]
}
