/// One challenge of a `WWW-Authenticate` or `Proxy-Authenticate` field (RFC 9110 §11.6.1): a scheme
/// with either a token68 or name=value parameters.
struct AuthenticationHeaderChallenge: Sendable, Equatable {
    /// The scheme in lower case (`basic`, `digest`, `bearer`, `ntlm`, `negotiate`).
    var scheme: String
    var token68: String?
    /// Parameter names in lower case; values unquoted.
    var parameters: [String: String]

    var realm: String? { parameters["realm"] }
}

/// Parses challenge lists. Malformed input never crashes or hangs: an unterminated quoted string ends
/// the list, and parameters without a scheme are dropped.
enum AuthenticationHeaderParser {
    /// All challenges in the given field values (a response may carry several fields, each a list).
    static func parse(_ values: [String]) -> [AuthenticationHeaderChallenge] {
        values.flatMap { parse($0) }
    }

    static func parse(_ value: String) -> [AuthenticationHeaderChallenge] {
        // Field values are bounded by the HTTP parser; this bound keeps pathological input cheap.
        guard value.utf8.count <= 64 * 1024 else { return [] }
        var scanner = Scanner(Array(value.utf8))
        var challenges: [AuthenticationHeaderChallenge] = []
        while true {
            scanner.skipSeparators()
            if scanner.isAtEnd { break }
            guard let first = scanner.token() else {
                scanner.skipElement()
                continue
            }
            scanner.skipSpaces()
            if scanner.peek == UInt8(ascii: "=") {
                // A parameter of the current challenge.
                scanner.advance()
                scanner.skipSpaces()
                guard let parameterValue = scanner.parameterValue() else { break }
                if !challenges.isEmpty {
                    let name = first.lowercased()
                    if challenges[challenges.count - 1].parameters[name] == nil {
                        challenges[challenges.count - 1].parameters[name] = parameterValue
                    }
                }
                continue
            }
            // A new challenge: scheme, then a token68 or the first parameter, or nothing.
            var challenge = AuthenticationHeaderChallenge(scheme: first.lowercased(), token68: nil, parameters: [:])
            if !scanner.isAtEnd, scanner.peek != UInt8(ascii: ",") {
                let mark = scanner.position
                if let name = scanner.token() {
                    scanner.skipSpaces()
                    if scanner.peek == UInt8(ascii: "="), !scanner.isToken68End {
                        scanner.advance()
                        scanner.skipSpaces()
                        guard let parameterValue = scanner.parameterValue() else {
                            challenges.append(challenge)
                            break
                        }
                        challenge.parameters[name.lowercased()] = parameterValue
                    } else {
                        scanner.position = mark
                        challenge.token68 = scanner.token68()
                    }
                } else {
                    scanner.position = mark
                    challenge.token68 = scanner.token68()
                }
            }
            challenges.append(challenge)
        }
        return challenges
    }

    struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { position >= bytes.count }
        var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        mutating func advance() { position += 1 }

        mutating func skipSpaces() {
            while let byte = peek, byte == 0x20 || byte == 0x09 { advance() }
        }

        mutating func skipSeparators() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ",") { advance() }
        }

        /// Skips to the next comma (an element that is not understood).
        mutating func skipElement() {
            while let byte = peek, byte != UInt8(ascii: ",") { advance() }
        }

        static func isTokenCharacter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                return true
            default:
                return "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }

        mutating func token() -> String? {
            let start = position
            while let byte = peek, Self.isTokenCharacter(byte) { advance() }
            guard position > start else { return nil }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        /// After `name`, a `=` that starts a token68's padding rather than a parameter: the `=` run is
        /// followed by a comma or the end.
        var isToken68End: Bool {
            var index = position
            while index < bytes.count, bytes[index] == UInt8(ascii: "=") { index += 1 }
            var after = index
            while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
            return after >= bytes.count || bytes[after] == UInt8(ascii: ",")
        }

        mutating func token68() -> String? {
            let start = position
            while let byte = peek,
                Self.isTokenCharacter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "=")
            {
                advance()
            }
            skipElement()
            guard position > start else { return nil }
            let text = String(decoding: bytes[start..<position], as: UTF8.self)
            return text.trimmingOWS().isEmpty ? nil : text.trimmingOWS()
        }

        /// A token or a quoted string; `nil` for an unterminated quoted string.
        mutating func parameterValue() -> String? {
            if peek == UInt8(ascii: "\"") {
                advance()
                var value: [UInt8] = []
                while let byte = peek {
                    advance()
                    if byte == UInt8(ascii: "\\") {
                        guard let escaped = peek else { return nil }
                        value.append(escaped)
                        advance()
                    } else if byte == UInt8(ascii: "\"") {
                        skipSpaces()
                        return String(decoding: value, as: UTF8.self)
                    } else {
                        value.append(byte)
                    }
                }
                return nil
            }
            let start = position
            while let byte = peek, byte != UInt8(ascii: ","), byte != 0x20, byte != 0x09 { advance() }
            let value = String(decoding: bytes[start..<position], as: UTF8.self)
            skipSpaces()
            return value
        }
    }
}
