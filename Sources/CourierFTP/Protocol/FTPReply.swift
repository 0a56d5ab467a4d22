/// One reply of an FTP server (RFC 959 §4.2): a three-digit code and its text, one line or several.
public struct FTPReply: Sendable, Hashable, CustomStringConvertible {
    /// The reply code (`220`, `227`, `550`, …).
    public var code: Int
    /// The text of every line, without the code prefix and the line ending.
    public var lines: [String]

    /// Creates a reply.
    public init(code: Int, lines: [String]) {
        self.code = code
        self.lines = lines
    }

    /// The text of the reply, lines joined by a space.
    public var text: String { lines.joined(separator: " ") }

    /// `1yz`: the action started; another reply follows.
    public var isPreliminary: Bool { (100..<200).contains(code) }
    /// `2yz`: the action completed.
    public var isCompletion: Bool { (200..<300).contains(code) }
    /// `3yz`: more information is needed (after `USER`, after `REST`).
    public var isIntermediate: Bool { (300..<400).contains(code) }

    /// `"<code> <text>"`.
    public var description: String { "\(code) \(text)" }
}
