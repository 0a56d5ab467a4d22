/// A well-formedness, encoding or limit error found by ``XMLStreamParser``, with where it was found.
///
/// `line` and `column` start at 1; the column counts Unicode scalars after line-end normalization.
///
/// ```swift
/// do {
///     try parser.feed(bytes) { event in … }
/// } catch let error as XMLParseError where error.code == .undefinedEntity {
///     print("line \(error.line): \(error.message)")
/// }
/// ```
public struct XMLParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of error it is.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The name of the code, such as `"mismatchedTag"`.
        public let name: String

        init(_ name: String) { self.name = name }

        /// The code's ``name``.
        public var description: String { name }

        /// The bytes are not valid in the document's encoding (invalid UTF-8, an unpaired surrogate).
        public static let invalidEncoding = Code("invalidEncoding")
        /// The declared encoding is not one the parser reads (UTF-8, UTF-16, ISO-8859-1, windows-1252, US-ASCII).
        public static let unsupportedEncoding = Code("unsupportedEncoding")
        /// A character that XML does not allow (a control character, U+FFFE, U+FFFF).
        public static let invalidCharacter = Code("invalidCharacter")
        /// The input ended inside a construct or with elements still open.
        public static let unexpectedEndOfDocument = Code("unexpectedEndOfDocument")
        /// The document has no root element.
        public static let missingRootElement = Code("missingRootElement")
        /// Content after the root element or a second root element.
        public static let contentAfterRootElement = Code("contentAfterRootElement")
        /// Non-whitespace text or a reference outside the root element.
        public static let textOutsideRootElement = Code("textOutsideRootElement")
        /// An end tag that does not match the open element.
        public static let mismatchedTag = Code("mismatchedTag")
        /// A name that breaks the XML name rules (or the QName rules with namespaces).
        public static let invalidName = Code("invalidName")
        /// A tag, comment, processing instruction, CDATA section or declaration is malformed.
        public static let malformedMarkup = Code("malformedMarkup")
        /// The same attribute appears twice on one element.
        public static let duplicateAttribute = Code("duplicateAttribute")
        /// An attribute value contains `<` or is not quoted.
        public static let invalidAttributeValue = Code("invalidAttributeValue")
        /// `]]>` appears in character data.
        public static let cdataEndInText = Code("cdataEndInText")
        /// A reference to an entity that is not declared.
        public static let undefinedEntity = Code("undefinedEntity")
        /// A malformed reference or a character reference to a character XML does not allow.
        public static let invalidReference = Code("invalidReference")
        /// A reference to an external or unparsed entity; external entities are never fetched.
        public static let externalEntityReference = Code("externalEntityReference")
        /// An entity that refers to itself, directly or not.
        public static let recursiveEntity = Code("recursiveEntity")
        /// An internal entity whose replacement text contains markup (`<`), which this parser does not expand.
        public static let entityContainsMarkup = Code("entityContainsMarkup")
        /// A prefix used without a namespace declaration in scope.
        public static let unboundPrefix = Code("unboundPrefix")
        /// A namespace declaration the Namespaces spec forbids (`xmlns:p=""`, rebinding `xml` or `xmlns`).
        public static let invalidNamespaceDeclaration = Code("invalidNamespaceDeclaration")
        /// A DOCTYPE in the wrong place, twice, or an XML declaration that is not at the start.
        public static let misplacedDeclaration = Code("misplacedDeclaration")
        /// Elements nest deeper than ``XMLStreamParser/Limits/maximumDepth``.
        public static let depthLimitExceeded = Code("depthLimitExceeded")
        /// More attributes on one element than ``XMLStreamParser/Limits/maximumAttributeCount``.
        public static let attributeLimitExceeded = Code("attributeLimitExceeded")
        /// A name longer than ``XMLStreamParser/Limits/maximumNameLength``.
        public static let nameLengthLimitExceeded = Code("nameLengthLimitExceeded")
        /// Entity expansion produced more than ``XMLStreamParser/Limits/maximumEntityExpansionBytes``
        /// or nested deeper than ``XMLStreamParser/Limits/maximumEntityDepth`` (billion laughs).
        public static let entityExpansionLimitExceeded = Code("entityExpansionLimitExceeded")
        /// A single tag, comment, processing instruction, CDATA section or DOCTYPE is longer than
        /// ``XMLStreamParser/Limits/maximumMarkupLength``.
        public static let markupLengthLimitExceeded = Code("markupLengthLimitExceeded")
        /// The parser already failed or finished; make a new one.
        public static let parserNotUsable = Code("parserNotUsable")
    }

    /// What kind of error it is.
    public var code: Code
    /// What went wrong, in words a user can act on.
    public var message: String
    /// The line of the error, from 1.
    public var line: Int
    /// The column of the error, from 1, in Unicode scalars.
    public var column: Int

    /// Creates an error.
    public init(_ code: Code, message: String, line: Int, column: Int) {
        self.code = code
        self.message = message
        self.line = line
        self.column = column
    }

    /// The position, the message and the code, such as `XML error at line 3, column 7: ... [mismatchedTag]`.
    public var description: String { "XML error at line \(line), column \(column): \(message) [\(code)]" }
}
