/// Why JSON could not be parsed, validated or serialized.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it was.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The name of the code, such as `"nonFiniteNumber"`.
        public let name: String
        init(_ name: String) { self.name = name }
        /// The code's ``name``.
        public var description: String { name }

        /// The text is not JSON (an unexpected character, a bad escape, a bad number).
        public static let invalidSyntax = Code("invalidSyntax")
        /// The text ended inside a value.
        public static let unexpectedEnd = Code("unexpectedEnd")
        /// Something follows the top-level value.
        public static let trailingContent = Code("trailingContent")
        /// A string is not valid UTF-8 or holds an unpaired surrogate escape.
        public static let invalidUnicode = Code("invalidUnicode")
        /// The top-level value is not an array or object and fragments are not allowed.
        public static let invalidTopLevelValue = Code("invalidTopLevelValue")
        /// NaN or infinity, which JSON cannot represent.
        public static let nonFiniteNumber = Code("nonFiniteNumber")
        /// Nesting deeper than the parser's limit.
        public static let depthLimitExceeded = Code("depthLimitExceeded")
        /// One streamed element (a JSON Lines line, an array element) is larger than the limit.
        public static let elementTooLarge = Code("elementTooLarge")
    }

    /// What kind of problem it was.
    public var code: Code
    /// A sentence saying what was wrong.
    public var message: String
    /// The byte offset in the input where the problem was found, when parsing.
    public var offset: Int?

    /// Creates an error with a code, a message and, when parsing, the byte offset of the problem.
    public init(_ code: Code, message: String, offset: Int? = nil) {
        self.code = code
        self.message = message
        self.offset = offset
    }

    /// The message with its code and, when known, the byte offset, such as
    /// `JSON error at byte 12: expected ':' [invalidSyntax]`.
    public var description: String {
        if let offset { return "JSON error at byte \(offset): \(message) [\(code)]" }
        return "JSON error: \(message) [\(code)]"
    }
}
