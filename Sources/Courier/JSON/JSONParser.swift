import Foundation

/// A recursive-descent parser over UTF-8 bytes (RFC 8259), keeping member order and limiting depth.
struct JSONParser {
    let bytes: [UInt8]
    let maximumDepth: Int
    var index = 0
    var depth = 0

    init(bytes: [UInt8], maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func parseDocument(allowsFragments: Bool) throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error(.unexpectedEnd, "the JSON text is empty") }
        if !allowsFragments, bytes[index] != UInt8(ascii: "["), bytes[index] != UInt8(ascii: "{") {
            throw error(
                .invalidTopLevelValue,
                "the top-level JSON value must be an array or an object unless fragments are allowed")
        }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw error(.trailingContent, "unexpected content after the JSON value") }
        return value
    }

    private func error(_ code: JSONError.Code, _ message: String) -> JSONError {
        JSONError(code, message: message, offset: index)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue() throws -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw error(.unexpectedEnd, "the JSON text ends where a value was expected") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try parseLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        case UInt8(ascii: "N"), UInt8(ascii: "I"):
            throw error(.nonFiniteNumber, "NaN and Infinity are not JSON")
        default:
            throw error(
                .invalidSyntax, "unexpected character '\(Self.printable(bytes[index]))' where a value was expected")
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        (0x20..<0x7F).contains(byte) ? String(UnicodeScalar(byte)) : String(format: "\\x%02X", byte)
    }

    private mutating func parseLiteral(_ word: String, _ value: JSONValue) throws -> JSONValue {
        for expected in word.utf8 {
            guard index < bytes.count else { throw error(.unexpectedEnd, "the JSON text ends inside \(word)") }
            guard bytes[index] == expected else { throw error(.invalidSyntax, "invalid literal, expected \(word)") }
            index += 1
        }
        return value
    }

    private mutating func enter() throws {
        depth += 1
        guard depth <= maximumDepth else {
            throw error(.depthLimitExceeded, "the JSON nests deeper than \(maximumDepth) levels")
        }
    }

    private mutating func parseArray() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var items: [JSONValue] = []
        if openIsEmpty(closedBy: UInt8(ascii: "]")) { return .array(items) }
        repeat {
            items.append(try parseValue())
        } while try !closes(UInt8(ascii: "]"), inside: "an array")
        return .array(items)
    }

    private mutating func parseObject() throws -> JSONValue {
        try enter()
        defer { depth -= 1 }
        var object = JSONObject()
        if openIsEmpty(closedBy: UInt8(ascii: "}")) { return .object(object) }
        repeat {
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd, "the JSON text ends inside an object") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error(.invalidSyntax, "object keys must be strings")
            }
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count else { throw error(.unexpectedEnd, "the JSON text ends inside an object") }
            guard bytes[index] == UInt8(ascii: ":") else { throw error(.invalidSyntax, "expected ':' after a key") }
            index += 1
            object[key] = try parseValue()
        } while try !closes(UInt8(ascii: "}"), inside: "an object")
        return .object(object)
    }

    /// Moves past the opening bracket of an array or object and the whitespace after it; returns `true`, having
    /// moved past `closer` too, when the container is empty.
    private mutating func openIsEmpty(closedBy closer: UInt8) -> Bool {
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == closer else { return false }
        index += 1
        return true
    }

    /// After an item of an array or a member of an object: moves past whitespace and a `,` (returning `false`,
    /// another follows) or `closer` (returning `true`, the container ends).
    private mutating func closes(_ closer: UInt8, inside container: String) throws -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw error(.unexpectedEnd, "the JSON text ends inside \(container)") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            return false
        case closer:
            index += 1
            return true
        default:
            throw error(.invalidSyntax, "expected ',' or '\(Character(Unicode.Scalar(closer)))' in \(container)")
        }
    }

    private mutating func parseNumber() throws -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "I") {
            throw error(.nonFiniteNumber, "-Infinity is not JSON")
        }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else {
            throw error(index == bytes.count ? .unexpectedEnd : .invalidSyntax, "a number needs digits")
        }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw JSONError(.invalidSyntax, message: "numbers cannot have leading zeros", offset: integerStart)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else {
                throw error(index == bytes.count ? .unexpectedEnd : .invalidSyntax, "a fraction needs digits")
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else {
                throw error(index == bytes.count ? .unexpectedEnd : .invalidSyntax, "an exponent needs digits")
            }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text) else {
            throw JSONError(.invalidSyntax, message: "invalid number \(text)", offset: start)
        }
        return value
    }

    private mutating func parseString() throws -> String {
        index += 1
        var scalars: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else { throw error(.unexpectedEnd, "the JSON text ends inside a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                scalars.append(contentsOf: bytes[runStart..<index])
                index += 1
                break
            }
            if byte < 0x20 {
                throw error(.invalidSyntax, "control characters must be escaped in strings")
            }
            if byte == UInt8(ascii: "\\") {
                scalars.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &scalars)
                runStart = index
                continue
            }
            index += 1
        }
        guard let text = String(validating: scalars, as: UTF8.self) else {
            throw error(.invalidUnicode, "a string is not valid UTF-8")
        }
        return text
    }

    private mutating func parseEscape(into output: inout [UInt8]) throws {
        index += 1
        guard index < bytes.count else { throw error(.unexpectedEnd, "the JSON text ends inside an escape") }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "u"):
            var code = try parseHex4()
            if (0xD800..<0xDC00).contains(code) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw error(.invalidUnicode, "a high surrogate escape without its low surrogate") }
                index += 2
                let low = try parseHex4()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error(.invalidUnicode, "a high surrogate escape without its low surrogate")
                }
                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00..<0xE000).contains(code) {
                throw error(.invalidUnicode, "a low surrogate escape without its high surrogate")
            }
            output.append(contentsOf: String(Character(UnicodeScalar(code)!)).utf8)
        default:
            throw error(.invalidSyntax, "invalid escape \\\(Self.printable(byte))")
        }
    }

    private mutating func parseHex4() throws -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else { throw error(.unexpectedEnd, "the JSON text ends inside a \\u escape") }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidSyntax, "invalid hex digit in a \\u escape")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }
}

/// Writes validated ``JSONValue``s as UTF-8 text.
struct JSONTextWriter {
    let options: JSONValue.WritingOptions
    var bytes: [UInt8] = []

    init(options: JSONValue.WritingOptions) {
        self.options = options
    }

    private var pretty: Bool { options.contains(.prettyPrinted) }

    private mutating func newline(level: Int) {
        guard pretty else { return }
        bytes.append(0x0A)
        for _ in 0..<level { bytes.append(contentsOf: [0x20, 0x20]) }
    }

    mutating func write(_ value: JSONValue, level: Int) {
        switch value {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): bytes.append(contentsOf: Self.format(number).utf8)
        case .string(let text): writeString(text)
        case .array(let items):
            bytes.append(UInt8(ascii: "["))
            for (position, item) in items.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(level: level + 1)
                write(item, level: level + 1)
            }
            if !items.isEmpty { newline(level: level) }
            bytes.append(UInt8(ascii: "]"))
        case .object(let object):
            bytes.append(UInt8(ascii: "{"))
            let keys = options.contains(.sortedKeys) ? object.keys.sorted() : object.keys
            for (position, key) in keys.enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                newline(level: level + 1)
                writeString(key)
                bytes.append(UInt8(ascii: ":"))
                if pretty { bytes.append(0x20) }
                write(object[key] ?? .null, level: level + 1)
            }
            if !keys.isEmpty { newline(level: level) }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Whole numbers without a fraction (`3`, not `3.0`); others in Swift's shortest round-trip form.
    static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 {
            return number == 0 ? "0" : String(Int64(number))
        }
        return "\(number)"
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x08: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0..<0x20:
                bytes.append(contentsOf: "\\u00".utf8)
                bytes.append(Self.hexDigits[Int(byte >> 4)])
                bytes.append(Self.hexDigits[Int(byte & 0x0F)])
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
