/// Where the server listens for a passive data connection, parsed from a `229` (EPSV, RFC 2428) or `227`
/// (PASV, RFC 959) reply.
struct FTPPassiveAddress: Hashable {
    /// The IPv4 address a PASV reply names; `nil` for EPSV, which always means the control connection's host.
    var host: String?
    var port: Int

    /// Parses `229 Entering Extended Passive Mode (|||6446|)`: the delimiter is the first character inside the
    /// parentheses, and only the port is given.
    /// - Throws: ``FTPProtocolError`` when the reply holds no such address.
    static func parseExtended(_ reply: FTPReply) throws(FTPProtocolError) -> FTPPassiveAddress {
        let text = reply.text
        guard let open = text.firstIndex(of: "("), let close = text[open...].firstIndex(of: ")") else {
            throw FTPProtocolError("the EPSV reply \"\(reply)\" holds no (|||port|)")
        }
        let inside = Array(text[text.index(after: open)..<close])
        guard inside.count >= 5, let delimiter = inside.first, inside.last == delimiter else {
            throw FTPProtocolError("the EPSV reply \"\(reply)\" holds no (|||port|)")
        }
        let fields = String(inside).split(separator: delimiter, omittingEmptySubsequences: false)
        guard fields.count == 5, let port = Int(fields[3]), (1...65_535).contains(port) else {
            throw FTPProtocolError("the EPSV reply \"\(reply)\" names no valid port")
        }
        return FTPPassiveAddress(host: nil, port: port)
    }

    /// Parses `227 Entering Passive Mode (h1,h2,h3,h4,p1,p2)`; servers differ in the text around the six
    /// numbers, so the first run of six comma-separated numbers is taken.
    /// - Throws: ``FTPProtocolError`` when the reply holds no such address.
    static func parse(_ reply: FTPReply) throws(FTPProtocolError) -> FTPPassiveAddress {
        let text = Array(reply.text.utf8)
        var index = 0
        while index < text.count {
            if (0x30...0x39).contains(text[index]), let numbers = numbers(in: text, from: index) {
                guard numbers[0..<4].allSatisfy({ $0 <= 255 }), numbers[4] <= 255, numbers[5] <= 255 else { break }
                let port = numbers[4] * 256 + numbers[5]
                guard port > 0 else { break }
                return FTPPassiveAddress(host: numbers[0..<4].map(String.init).joined(separator: "."), port: port)
            }
            index += 1
        }
        throw FTPProtocolError("the PASV reply \"\(reply)\" holds no h1,h2,h3,h4,p1,p2 address")
    }

    /// Six comma-separated decimal numbers starting at `start`, each at most three digits.
    private static func numbers(in text: [UInt8], from start: Int) -> [Int]? {
        var numbers: [Int] = []
        var index = start
        while numbers.count < 6 {
            var value = 0
            var digits = 0
            while index < text.count, (0x30...0x39).contains(text[index]), digits < 4 {
                value = value * 10 + Int(text[index] - 0x30)
                digits += 1
                index += 1
            }
            guard (1...3).contains(digits) else { return nil }
            numbers.append(value)
            if numbers.count < 6 {
                guard index < text.count, text[index] == 0x2C else { return nil }
                index += 1
            }
        }
        return numbers
    }
}
