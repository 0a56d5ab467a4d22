/// One attribute of an HTML start tag: the name lower-cased, the value with references decoded
/// (empty for a valueless attribute such as `disabled`).
public struct HTMLAttribute: Hashable, Sendable {
    /// The attribute's name, lowercased as HTML names are.
    public var name: String
    /// The attribute's value with character references decoded; empty for a valueless attribute.
    public var value: String

    /// Creates an attribute.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// What the tokenizer finds in HTML.
public enum HTMLToken: Hashable, Sendable {
    /// A start tag, its name lower-cased; `selfClosing` when written `<br/>`.
    case startTag(name: String, attributes: [HTMLAttribute], selfClosing: Bool)
    /// An end tag, its name lower-cased.
    case endTag(name: String)
    /// Text with character references decoded (raw for `<script>` and `<style>`).
    case text(String)
    /// A comment's content.
    case comment(String)
    /// A doctype's content, such as `html`.
    case doctype(String)
}

/// A tolerant HTML tokenizer: it never fails, whatever the input.
///
/// It reads what browsers read: unclosed and unquoted things, valueless attributes, named and numeric
/// references, tag names in any case, `<script>`/`<style>` as raw text up to their end tag and
/// `<textarea>`/`<title>` as text, comments, doctypes and bogus markup (skipped as a comment). A tag
/// cut off by the end of the input is dropped. Each tag keeps at most ``maximumAttributeCount``
/// attributes (the first of a repeated name wins), so attribute floods stay bounded.
///
/// ```swift
/// var tokenizer = HTMLTokenizer("<p class=lead>Fish &amp; chips")
/// while let token = tokenizer.next() { print(token) }
/// ```
public struct HTMLTokenizer: Sequence, IteratorProtocol, Sendable {
    private let bytes: [UInt8]
    private var index = 0
    private var rawTextEndTag: String?
    private var rawTextDecodesReferences = false
    /// The most attributes kept per tag.
    public let maximumAttributeCount: Int

    /// Tokenizes UTF-8 bytes (invalid sequences become U+FFFD).
    public init(bytes: some Collection<UInt8>, maximumAttributeCount: Int = 256) {
        var array = Array(bytes)
        if array.starts(with: [0xEF, 0xBB, 0xBF]) { array.removeFirst(3) }
        self.bytes = array
        self.maximumAttributeCount = maximumAttributeCount
    }

    /// Tokenizes a string.
    public init(_ html: String, maximumAttributeCount: Int = 256) {
        self.init(bytes: Array(html.utf8), maximumAttributeCount: maximumAttributeCount)
    }

    /// The next token, or `nil` at the end.
    public mutating func next() -> HTMLToken? {
        while index < bytes.count {
            if let endTag = rawTextEndTag {
                rawTextEndTag = nil
                if let token = rawText(until: endTag) { return token }
                continue
            }
            if bytes[index] == UInt8(ascii: "<") {
                let before = index
                if let token = markup() { return token }
                if index != before { continue }  // markup that yields nothing, such as a tag cut off by the end
            }
            if let token = text() { return token }
        }
        return nil
    }

    // MARK: Text

    private mutating func text() -> HTMLToken? {
        let start = index
        index += 1  // a '<' that did not start markup is text
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        return .text(HTMLEntities.decode(bytes[start..<index], inAttribute: false))
    }

    private mutating func rawText(until name: String) -> HTMLToken? {
        let start = index
        let nameBytes = Array(name.utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/"),
                matchesIgnoringCase(nameBytes, at: index + 2)
            {
                let after = index + 2 + nameBytes.count
                if after >= bytes.count || Self.endsName(bytes[after]) { break }
            }
            index += 1
        }
        guard index > start else { return nil }
        let slice = bytes[start..<index]
        return .text(
            rawTextDecodesReferences
                ? HTMLEntities.decode(slice, inAttribute: false) : String(decoding: slice, as: UTF8.self))
    }

    private func matchesIgnoringCase(_ lowercased: [UInt8], at position: Int) -> Bool {
        guard position + lowercased.count <= bytes.count else { return false }
        for offset in 0..<lowercased.count where Self.lowercase(bytes[position + offset]) != lowercased[offset] {
            return false
        }
        return true
    }

    // MARK: Markup

    /// Reads markup at a `<`; `nil` with the position unchanged when the `<` is plain text, `nil` with the
    /// position moved when the markup produces no token.
    private mutating func markup() -> HTMLToken? {
        guard index + 1 < bytes.count else { return nil }
        let next = bytes[index + 1]
        if next == UInt8(ascii: "!") {
            return declarationOrComment()
        }
        if next == UInt8(ascii: "/") {
            return endTag()
        }
        if next == UInt8(ascii: "?") {
            index += 2
            return .comment(readUntil(">"))
        }
        if Self.isLetter(next) {
            return startTag()
        }
        return nil
    }

    private mutating func declarationOrComment() -> HTMLToken? {
        if matches("<!--") {
            index += 4
            return .comment(readUntil("-->"))
        }
        if matchesIgnoringCase(Array("<!doctype".utf8), at: index) {
            index += 9
            let content = readUntil(">")
            return .doctype(content.trimmingHTMLWhitespace())
        }
        if matches("<![CDATA[") {
            index += 9
            return .text(readUntil("]]>"))
        }
        index += 2
        return .comment(readUntil(">"))
    }

    private mutating func endTag() -> HTMLToken? {
        index += 2
        guard index < bytes.count else { return .text("</") }  // "</" at the very end is text
        guard Self.isLetter(bytes[index]) else {
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                return nil
            }
            return .comment(readUntil(">"))
        }
        let name = readName()
        // Anything after the name (attributes are not allowed on end tags) is skipped.
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
        guard index < bytes.count else { return nil }
        index += 1
        return .endTag(name: name)
    }

    private mutating func startTag() -> HTMLToken? {
        index += 1
        let name = readName()
        var attributes: [HTMLAttribute] = []
        var selfClosing = false
        while true {
            skipWhitespace()
            guard index < bytes.count else { return nil }  // a tag cut off by the end is dropped
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                index += 1
                selfClosing = index < bytes.count && bytes[index] == UInt8(ascii: ">")
                continue
            }
            selfClosing = false
            guard let attribute = readAttribute() else { return nil }
            if attributes.count < maximumAttributeCount, !attributes.contains(where: { $0.name == attribute.name }) {
                attributes.append(attribute)
            }
        }
        switch name {
        case "script", "style", "xmp", "iframe", "noembed", "noframes":
            rawTextEndTag = name
            rawTextDecodesReferences = false
        case "textarea", "title":
            rawTextEndTag = name
            rawTextDecodesReferences = true
        default:
            break
        }
        return .startTag(name: name, attributes: attributes, selfClosing: selfClosing)
    }

    /// Reads `name`, `name=value`, `name="value"` or `name='value'`; `nil` at the end of the input.
    private mutating func readAttribute() -> HTMLAttribute? {
        let nameStart = index
        index += 1  // the first character may be anything but space, '/' or '>', even '='
        while index < bytes.count {
            let byte = bytes[index]
            if Self.isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
                || byte == UInt8(ascii: "=")
            {
                break
            }
            index += 1
        }
        let name = Self.lowercased(bytes[nameStart..<index])
        skipWhitespace()
        guard index < bytes.count else { return nil }
        guard bytes[index] == UInt8(ascii: "=") else { return HTMLAttribute(name: name, value: "") }
        index += 1
        skipWhitespace()
        guard index < bytes.count else { return nil }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != quote { index += 1 }
            guard index < bytes.count else { return nil }
            let value = HTMLEntities.decode(bytes[start..<index], inAttribute: true)
            index += 1
            return HTMLAttribute(name: name, value: value)
        }
        let start = index
        while index < bytes.count, !Self.isWhitespace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
        return HTMLAttribute(name: name, value: HTMLEntities.decode(bytes[start..<index], inAttribute: true))
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count, !Self.endsName(bytes[index]) { index += 1 }
        return Self.lowercased(bytes[start..<index])
    }

    /// Reads up to `terminator` (or the end) and moves past it.
    private mutating func readUntil(_ terminator: StaticString) -> String {
        let start = index
        while index < bytes.count, !matches(terminator) { index += 1 }
        let content = String(decoding: bytes[start..<index], as: UTF8.self)
        index = Swift.min(bytes.count, index + terminator.utf8CodeUnitCount)
        return content
    }

    private func matches(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return literal.withUTF8Buffer { buffer in
            for offset in 0..<count where bytes[index + offset] != buffer[offset] { return false }
            return true
        }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
    }

    // MARK: Bytes

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    static func lowercase(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
    }

    static func lowercased(_ slice: ArraySlice<UInt8>) -> String {
        String(decoding: slice.map(lowercase), as: UTF8.self)
    }
}

extension String {
    /// The string without leading and trailing HTML whitespace (space, tab, CR, LF, form feed).
    func trimmingHTMLWhitespace() -> String {
        let isSpace: (Character) -> Bool = { " \t\r\n\u{0C}".contains($0) }
        var slice = self[...]
        while let first = slice.first, isSpace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isSpace(last) { slice = slice.dropLast() }
        return String(slice)
    }

    /// Runs of HTML whitespace collapsed to one space, trimmed at both ends.
    func collapsingHTMLWhitespace() -> String {
        var result = ""
        var pendingSpace = false
        for character in self {
            if character == " " || character == "\t" || character == "\n" || character == "\r" || character == "\u{0C}"
                || character == "\r\n"
            {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(character)
            }
        }
        return result
    }
}
