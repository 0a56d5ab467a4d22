/// A URL scheme name as RFC 7595 §3.1 allows it: a letter first, then letters, digits, `+`, `-` and
/// `.`. Scheme names are case-insensitive (RFC 3986 §3.1), so the value is kept lower-cased.
///
/// Apps that want others to test for a particular version register a second scheme with the
/// version appended (the book's `acme-directory-1-0` for version 1.0); ``versioned(_:)`` builds it.
///
/// ```swift
/// let directory = try URLScheme("Acme-Directory")   // "acme-directory"
/// let v1 = try directory.versioned("1.0")           // "acme-directory-1-0"
/// directory.mimeType                                 // "x-scheme-handler/acme-directory"
/// ```
public struct URLScheme: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// The longest name accepted. RFC 7595 sets no limit; this one keeps `.desktop` file names and
    /// command lines within every file system's limits.
    public static let maximumLength = 128

    /// The lower-cased name, without `:` or `://`.
    public let name: String

    /// Validates and lower-cases a scheme name.
    ///
    /// - Throws: ``LinkError/Code/invalidScheme`` for an empty name, a name that does not start with
    ///   a letter, a character other than letters, digits, `+`, `-` and `.`, or a name longer than
    ///   ``maximumLength``.
    public init(_ name: String) throws(LinkError) {
        let bytes = Array(name.utf8)
        guard let first = bytes.first else {
            throw LinkError(.invalidScheme, "a URL scheme name must not be empty")
        }
        guard bytes.count <= Self.maximumLength else {
            throw LinkError(
                .invalidScheme, "a URL scheme name must be at most \(Self.maximumLength) characters, got \(bytes.count)"
            )
        }
        guard Self.isLetter(first) else {
            throw LinkError(.invalidScheme, "the URL scheme name \"\(Self.printable(name))\" must start with a letter")
        }
        for (offset, byte) in bytes.enumerated() where !Self.isSchemeCharacter(byte) {
            throw LinkError(
                .invalidScheme,
                "the URL scheme name \"\(Self.printable(name))\" has a character RFC 7595 does not allow at offset \(offset); use letters, digits, '+', '-' and '.'"
            )
        }
        self.name = String(decoding: bytes.map(Self.lowercased), as: UTF8.self)
    }

    /// Whether `name` is a valid scheme name.
    public static func isValid(_ name: String) -> Bool {
        (try? URLScheme(name)) != nil
    }

    /// The scheme with a version suffix: each dot-separated number of `version` becomes a
    /// `-`-separated part (`"1.0"` gives `acme-directory-1-0`).
    ///
    /// - Throws: ``LinkError/Code/invalidScheme`` when `version` is not dot-separated decimal numbers,
    ///   or the result is too long.
    public func versioned(_ version: String) throws(LinkError) -> URLScheme {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy(Self.isDigit) }) else {
            throw LinkError(
                .invalidScheme, "the version \"\(Self.printable(version))\" must be dot-separated numbers such as 1.0")
        }
        return try URLScheme(name + "-" + parts.joined(separator: "-"))
    }

    /// The MIME type under which the freedesktop specifications register a handler:
    /// `x-scheme-handler/<name>`.
    public var mimeType: String {
        "x-scheme-handler/" + name
    }

    /// The name.
    public var description: String {
        name
    }

    /// Orders by name.
    public static func < (lhs: URLScheme, rhs: URLScheme) -> Bool {
        lhs.name < rhs.name
    }

    /// Decodes a name and validates it as ``init(_:)`` does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        try self.init(container.decode(String.self))
    }

    /// Encodes the name as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    static func isSchemeCharacter(_ byte: UInt8) -> Bool {
        isLetter(byte) || isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    /// The text with control characters escaped and cut to a readable length, for messages.
    static func printable(_ text: some StringProtocol) -> String {
        let limit = 80
        var result = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            result += scalar.properties.generalCategory == .control ? scalar.escaped(asASCII: true) : String(scalar)
        }
        return text.unicodeScalars.count > limit ? result + "…" : result
    }
}
