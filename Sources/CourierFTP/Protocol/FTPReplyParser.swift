/// Assembles FTP replies from lines, as an explicit state machine: waiting for a first line, or inside a
/// multi-line reply (`123-first`, any lines, `123 last`).
///
/// Bounded: a line longer than ``maximumLineLength`` or a reply of more than ``maximumLines`` lines is an
/// error, so a server that sends garbage forever cannot grow memory without bound.
struct FTPReplyParser {
    enum State {
        case idle
        case multiline(code: Int, lines: [String])
    }

    /// What feeding a line produced.
    enum Action: Equatable {
        /// A reply is complete.
        case reply(FTPReply)
        /// More lines are needed.
        case needMoreLines
    }

    static let maximumLineLength = 8 * 1024
    static let maximumLines = 1_000

    private(set) var state: State = .idle

    /// Feeds one line (without CR LF).
    /// - Throws: ``FTPProtocolError`` for a line that starts no reply, an overlong line or reply.
    mutating func feed(_ line: String) throws(FTPProtocolError) -> Action {
        guard line.utf8.count <= Self.maximumLineLength else {
            throw FTPProtocolError("a reply line is longer than \(Self.maximumLineLength) bytes")
        }
        switch state {
        case .idle:
            guard let (code, separator, text) = Self.split(line) else {
                throw FTPProtocolError("malformed reply line \"\(Self.excerpt(line))\"")
            }
            if separator == "-" {
                state = .multiline(code: code, lines: [text])
                return .needMoreLines
            }
            return .reply(FTPReply(code: code, lines: [text]))
        case .multiline(let code, var lines):
            // RFC 959: the reply ends at a line starting with the same code and a space; lines in between
            // are free text, even when they start with digits.
            if let (lineCode, separator, text) = Self.split(line), lineCode == code, separator == " " {
                lines.append(text)
                state = .idle
                return .reply(FTPReply(code: code, lines: lines))
            }
            guard lines.count < Self.maximumLines else {
                throw FTPProtocolError("a multi-line \(code) reply has more than \(Self.maximumLines) lines")
            }
            lines.append(line)
            state = .multiline(code: code, lines: lines)
            return .needMoreLines
        }
    }

    /// `(code, separator, text)` for a line of the form `ddd text` or `ddd-text` (or a bare `ddd`).
    private static func split(_ line: String) -> (Int, Character, String)? {
        let characters = Array(line.utf8.prefix(4))
        guard characters.count >= 3, characters[0..<3].allSatisfy({ (0x30...0x39).contains($0) }),
            (0x31...0x35).contains(characters[0])
        else { return nil }
        let code = Int(characters[0] - 0x30) * 100 + Int(characters[1] - 0x30) * 10 + Int(characters[2] - 0x30)
        guard characters.count == 4 else { return (code, " ", "") }
        guard characters[3] == 0x20 || characters[3] == 0x2D else { return nil }
        let text = String(line.dropFirst(4))
        return (code, characters[3] == 0x2D ? "-" : " ", text)
    }

    private static func excerpt(_ line: String) -> String {
        let printable = line.unicodeScalars.prefix(60).map { $0.isASCII && $0.value >= 0x20 ? Character($0) : "?" }
        return String(printable)
    }
}
