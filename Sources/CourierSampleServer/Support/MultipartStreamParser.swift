import NIOCore

/// An incremental `multipart/form-data` parser (RFC 7578, RFC 2046 section 5.1): fed the request body
/// chunk by chunk, it returns events — a part's headers, pieces of its content, its end — holding back
/// only the few bytes that might be the start of a boundary. Memory stays bounded by the chunk size plus
/// the header limit however large the parts are.
///
/// ```swift
/// var parser = MultipartStreamParser(boundary: boundary)
/// for try await chunk in request.body {
///     for event in try parser.feed(chunk) { … }
/// }
/// try parser.finish()
/// ```
struct MultipartStreamParser {
    /// One thing the parser found.
    enum Event {
        /// A part begins; its header fields (names lower-cased), in order.
        case partStart(Headers)
        /// Bytes of the current part's content.
        case content(ByteBuffer)
        /// The current part ended.
        case partEnd
    }

    /// A part's header fields and what `Content-Disposition` says.
    struct Headers {
        var fields: [(name: String, value: String)]

        func value(_ name: String) -> String? { self.fields.first { $0.name == name }?.value }

        /// The `name` parameter of `Content-Disposition`.
        var name: String? { self.dispositionParameters["name"] }
        /// The file name: `filename*` (RFC 5987, UTF-8) if present, else `filename`; `nil` for a plain field.
        var filename: String? {
            let parameters = self.dispositionParameters
            if let extended = parameters["filename*"], let decoded = Self.decodeExtendedValue(extended) {
                return decoded
            }
            return parameters["filename"]
        }
        var contentType: String? { self.value("content-type") }

        var dispositionParameters: [String: String] {
            guard let disposition = self.value("content-disposition") else { return [:] }
            return Self.parameters(of: disposition)
        }

        /// `form-data; name="a"; filename="b"` → `["name": "a", "filename": "b"]`. Quoted values lose their
        /// backslash escapes and get back the `%22`, `%0D`, `%0A` that browsers (and Courier) write for `"`,
        /// CR and LF.
        static func parameters(of value: String) -> [String: String] {
            var result: [String: String] = [:]
            var rest = Substring(value)
            // Skip the disposition type.
            guard let firstSemicolon = rest.firstIndex(of: ";") else { return [:] }
            rest = rest[rest.index(after: firstSemicolon)...]
            while !rest.isEmpty {
                rest = rest.drop { $0 == " " || $0 == "\t" || $0 == ";" }
                guard let equals = rest.firstIndex(of: "=") else { break }
                let name = rest[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                rest = rest[rest.index(after: equals)...].drop { $0 == " " || $0 == "\t" }
                var parameterValue = ""
                if rest.first == "\"" {
                    rest = rest.dropFirst()
                    var escaped = false
                    var closed = false
                    while let character = rest.first {
                        rest = rest.dropFirst()
                        if escaped {
                            parameterValue.append(character)
                            escaped = false
                        } else if character == "\\" {
                            escaped = true
                        } else if character == "\"" {
                            closed = true
                            break
                        } else {
                            parameterValue.append(character)
                        }
                    }
                    if !closed { break }
                    parameterValue =
                        parameterValue
                        .replacingOccurrences(of: "%22", with: "\"")
                        .replacingOccurrences(of: "%0D", with: "\r").replacingOccurrences(of: "%0A", with: "\n")
                } else {
                    let end = rest.firstIndex(of: ";") ?? rest.endIndex
                    parameterValue = rest[..<end].trimmingCharacters(in: .whitespaces)
                    rest = rest[end...]
                }
                if !name.isEmpty { result[name] = parameterValue }
            }
            return result
        }

        /// `UTF-8''%E6%96%87.txt` → `文.txt` (RFC 5987); `nil` for other charsets or bad escapes.
        static func decodeExtendedValue(_ value: String) -> String? {
            let pieces = value.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
            guard pieces.count == 3, pieces[0].lowercased() == "utf-8" else { return nil }
            return String(pieces[2]).removingPercentEncoding
        }
    }

    enum ParseError: Error, CustomStringConvertible {
        case malformed(String)

        var description: String {
            switch self {
            case .malformed(let reason): return reason
            }
        }
    }

    private enum State {
        /// Before the first boundary: everything is discarded.
        case preamble
        /// After a boundary line: reading a part's header block.
        case headers
        /// Inside a part's content.
        case content
        /// Right after a delimiter: `--` ends the body, CRLF starts a part.
        case afterDelimiter
        /// After the closing delimiter: everything is discarded.
        case epilogue
    }

    /// The largest header block of one part.
    static let maximumHeaderBytes = 16 * 1024

    /// `CRLF--boundary`.
    private let delimiter: [UInt8]
    private var state = State.preamble
    private var pending = ByteBuffer()
    /// How many pending bytes of a header block are known to hold no blank line, so that a block arriving in many
    /// small chunks is scanned once, not once per chunk (which would be quadratic in its size).
    private var headerBytesScanned = 0

    /// Creates a parser for the `boundary` parameter of the body's `Content-Type`.
    init(boundary: String) {
        self.delimiter = Array("\r\n--\(boundary)".utf8)
        // The first boundary may open the body without a CRLF before it: supply one.
        self.pending.writeBytes([13, 10])
    }

    /// Whether the closing delimiter has been seen.
    var isComplete: Bool {
        if case .epilogue = self.state { return true }
        return false
    }

    /// The boundary of a `multipart/form-data` content type, or `nil`.
    static func boundary(ofContentType contentType: String) -> String? {
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/form-data" else { return nil }
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "boundary" else {
                continue
            }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.utf8.count) else { return nil }
            return value
        }
        return nil
    }

    /// Parses one more chunk of the body.
    ///
    /// - Throws: ``ParseError`` for a malformed body (header block too large or without a colon, bytes
    ///   other than `--` or CRLF after a delimiter).
    mutating func feed(_ chunk: ByteBuffer) throws -> [Event] {
        var chunk = chunk
        self.pending.writeBuffer(&chunk)
        var events: [Event] = []
        var progressed = true
        while progressed {
            progressed = false
            switch self.state {
            case .preamble, .content:
                let inContent = self.state == .content
                if let index = self.indexOfDelimiter() {
                    if inContent, index > 0, let bytes = self.pending.readSlice(length: index) {
                        events.append(.content(bytes))
                    } else {
                        self.pending.moveReaderIndex(forwardBy: index)
                    }
                    self.pending.moveReaderIndex(forwardBy: self.delimiter.count)
                    if inContent { events.append(.partEnd) }
                    self.state = .afterDelimiter
                    progressed = true
                } else {
                    // Keep the bytes that could still begin a delimiter; the rest is content.
                    let keep = min(self.pending.readableBytes, self.delimiter.count - 1)
                    let release = self.pending.readableBytes - keep
                    if release > 0 {
                        if inContent, let bytes = self.pending.readSlice(length: release) {
                            events.append(.content(bytes))
                        } else {
                            self.pending.moveReaderIndex(forwardBy: release)
                        }
                    }
                }
            case .afterDelimiter:
                // Transport padding (spaces, tabs) may follow a delimiter before its CRLF.
                while let byte: UInt8 = self.pending.getInteger(at: self.pending.readerIndex), byte == 32 || byte == 9 {
                    self.pending.moveReaderIndex(forwardBy: 1)
                }
                guard self.pending.readableBytes >= 2,
                    let first: UInt8 = self.pending.readInteger(), let second: UInt8 = self.pending.readInteger()
                else { break }
                if first == 45 && second == 45 {
                    self.state = .epilogue
                } else if first == 13 && second == 10 {
                    self.state = .headers
                } else {
                    throw ParseError.malformed("a boundary is followed by neither \"--\" nor a line break")
                }
                progressed = true
            case .headers:
                let blankLine: [UInt8] = [13, 10, 13, 10]
                guard
                    let end = self.startsWithCRLF()
                        ? -2 : self.indexOf(blankLine, from: max(0, self.headerBytesScanned - blankLine.count + 1))
                else {
                    self.headerBytesScanned = self.pending.readableBytes
                    if self.pending.readableBytes > Self.maximumHeaderBytes {
                        throw ParseError.malformed(
                            "a part's header block is larger than \(Self.maximumHeaderBytes) bytes")
                    }
                    break
                }
                guard end <= Self.maximumHeaderBytes else {
                    throw ParseError.malformed("a part's header block is larger than \(Self.maximumHeaderBytes) bytes")
                }
                // end == -2: no header lines at all, just the empty line.
                let block = end < 0 ? "" : (self.pending.readString(length: end) ?? "")
                self.pending.moveReaderIndex(forwardBy: end < 0 ? 2 : 4)
                self.headerBytesScanned = 0
                events.append(.partStart(try Self.parseHeaders(block)))
                self.state = .content
                progressed = true
            case .epilogue:
                self.pending.clear()
            }
        }
        self.pending.discardReadBytes()
        return events
    }

    /// The body has ended.
    ///
    /// - Throws: ``ParseError`` when the closing delimiter never came (a truncated body).
    func finish() throws {
        guard self.isComplete else {
            throw ParseError.malformed("the multipart body ends before its closing boundary")
        }
    }

    private func startsWithCRLF() -> Bool {
        self.pending.readableBytes >= 2 && self.pending.getInteger(at: self.pending.readerIndex, as: UInt8.self) == 13
            && self.pending.getInteger(at: self.pending.readerIndex + 1, as: UInt8.self) == 10
    }

    private func indexOfDelimiter() -> Int? { self.indexOf(self.delimiter) }

    /// The offset of `needle` in the pending bytes, searching from offset `start`, or `nil`.
    private func indexOf(_ needle: [UInt8], from start: Int = 0) -> Int? {
        self.pending.withUnsafeReadableBytes { haystack -> Int? in
            guard haystack.count >= needle.count, let first = needle.first else { return nil }
            var index = start
            let last = haystack.count - needle.count
            while index <= last {
                guard let found = haystack[index...last].firstIndex(of: first) else { return nil }
                var matches = true
                for offset in 1..<needle.count where haystack[found + offset] != needle[offset] {
                    matches = false
                    break
                }
                if matches { return found }
                index = found + 1
            }
            return nil
        }
    }

    static func parseHeaders(_ block: String) throws -> Headers {
        var fields: [(name: String, value: String)] = []
        for line in block.split(separator: "\r\n", omittingEmptySubsequences: true) {
            guard let colon = line.firstIndex(of: ":") else {
                throw ParseError.malformed("a part header line has no colon")
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            fields.append((name, value))
        }
        return Headers(fields: fields)
    }
}
