import Foundation

/// A MAC over a fixed, documented list of fields, concatenated in order without separators — the
/// book's funds-transfer MAC, shared between client and server.
///
/// The candidate string is each field's value, formatted by its ``Format``, joined in the order of
/// ``fields``. The built-in ``transferRequest`` layout reproduces the book's vector:
///
/// ```swift
/// let hmac = try HMACAuthenticator(key: SecretKey(ascii: "065a62448fb75fce3764dcbe68f9908d"))
/// let values = ["toAccount": "1234", "fromAccount": "4321", "amount": "2300", "transferDate": "2012-12-25 00:00:00"]
/// try MessageAuthenticator.transferRequest.candidate(for: values)
/// // "123443212300.002012-12-25 00:00:00"
/// try MessageAuthenticator.transferRequest.authenticationCode(for: values, using: hmac).hex
/// // 51e66ca8fd8eb4bbe02fc6421e0dda1deb94f0c9518996a55bc7a4c242f1c8a9
/// ```
///
/// Concatenation without separators is ambiguous (`"12" + "3"` and `"1" + "23"` match), which is
/// why Courier recommends the encrypt-then-MAC mode of ``MessageSealer`` for new designs.
public struct MessageAuthenticator: Sendable, Hashable {
    /// How a field's value becomes text in the candidate string.
    public enum Format: Sendable, Hashable {
        /// Strings verbatim; numbers in their shortest decimal form; booleans as `true`/`false`.
        case text
        /// A decimal number with exactly this many fraction digits, rounded half away from zero:
        /// `2300` → `2300.00`. Accepts JSON numbers and numeric strings.
        case decimal(fractionDigits: Int)
        /// A date rendered with a fixed pattern in the POSIX locale and a fixed time zone. Accepts a
        /// string already in the pattern or a number of seconds since 1970.
        case timestamp(pattern: String, timeZone: TimeZone)
    }

    /// One field in the candidate.
    public struct Field: Sendable, Hashable {
        /// The JSON key or dictionary key of the field.
        public let name: String
        /// How the field's value is written.
        public let format: Format

        /// Creates a field.
        public init(name: String, format: Format = .text) {
            self.name = name
            self.format = format
        }

        /// A field used verbatim.
        public static func text(_ name: String) -> Field {
            Field(name: name, format: .text)
        }

        /// A money amount with fixed fraction digits (two by default, `2300.00`).
        public static func amount(_ name: String, fractionDigits: Int = 2) -> Field {
            Field(name: name, format: .decimal(fractionDigits: fractionDigits))
        }

        /// A date as `yyyy-MM-dd HH:mm:ss` (or another pattern) in UTC (or another time zone).
        public static func timestamp(
            _ name: String,
            pattern: String = MessageAuthenticator.bookDatePattern,
            timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .gmt
        ) -> Field {
            Field(name: name, format: .timestamp(pattern: pattern, timeZone: timeZone))
        }
    }

    /// The book's date pattern, `yyyy-MM-dd HH:mm:ss`.
    public static let bookDatePattern = "yyyy-MM-dd HH:mm:ss"

    /// The book's funds-transfer layout: `toAccount`, `fromAccount`, `amount` (two decimals) and
    /// `transferDate` (`yyyy-MM-dd HH:mm:ss`, UTC), in that order.
    public static let transferRequest = MessageAuthenticator(fields: [
        .text("toAccount"), .text("fromAccount"), .amount("amount"), .timestamp("transferDate"),
    ])

    /// The fields, in the order they are concatenated.
    public let fields: [Field]

    /// Creates a layout from fields with explicit formats.
    public init(fields: [Field]) {
        self.fields = fields
    }

    /// Creates a layout whose fields are all used verbatim.
    public init(fields names: [String]) {
        self.fields = names.map(Field.text)
    }

    /// The candidate string for values given as strings.
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` when a field is missing or its value does
    ///   not fit the field's format.
    public func candidate(for values: [String: String]) throws -> String {
        try candidate { name in values[name].map(FieldValue.string) }
    }

    /// The candidate string for a JSON object, such as the plaintext of a sealed message.
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` when the data is not a JSON object, a field
    ///   is missing, or a value does not fit its format.
    public func candidate(forJSON json: Data) throws -> String {
        let object: [String: FieldValue]
        do {
            object = try JSONDecoder().decode([String: FieldValue].self, from: json)
        } catch {
            throw SecurityError(.invalidParameter, "the MAC fields must come from a JSON object")
        }
        return try candidate { object[$0] }
    }

    /// The candidate string for an `Encodable` value, encoded with `encoder` first.
    ///
    /// - Throws: ``SecurityError/Code/invalidParameter`` as for ``candidate(forJSON:)``, or when the
    ///   value cannot be encoded.
    public func candidate(for value: some Encodable, encoder: JSONEncoder = JSONEncoder()) throws -> String {
        let json: Data
        do {
            json = try encoder.encode(value)
        } catch {
            throw SecurityError(.invalidParameter, "the value could not be encoded as JSON: \(error)")
        }
        return try candidate(forJSON: json)
    }

    /// The MAC of the candidate built from string values.
    ///
    /// - Throws: See ``candidate(for:)-([String:String])``.
    public func authenticationCode(for values: [String: String], using hmac: HMACAuthenticator) throws -> DigestValue {
        hmac.authenticationCode(for: try candidate(for: values))
    }

    /// The MAC of the candidate built from a JSON object.
    ///
    /// - Throws: See ``candidate(forJSON:)``.
    public func authenticationCode(forJSON json: Data, using hmac: HMACAuthenticator) throws -> DigestValue {
        hmac.authenticationCode(for: try candidate(forJSON: json))
    }

    /// Whether `code` is the MAC of the JSON object's fields, compared in constant time. A missing or
    /// malformed field makes the code invalid.
    public func isValid(_ code: some DataProtocol, forJSON json: Data, using hmac: HMACAuthenticator) -> Bool {
        guard let candidate = try? candidate(forJSON: json) else { return false }
        return hmac.isValid(code, for: candidate)
    }

    private func candidate(lookup: (String) -> FieldValue?) throws -> String {
        var output = ""
        for field in fields {
            guard let value = lookup(field.name) else {
                throw SecurityError(.invalidParameter, "the MAC field '\(field.name)' is missing")
            }
            output += try Self.format(value, as: field)
        }
        return output
    }

    private static func format(_ value: FieldValue, as field: Field) throws -> String {
        switch (field.format, value) {
        case (.text, .string(let string)):
            return string
        case (.text, .number(let number)):
            return number.description
        case (.text, .bool(let bool)):
            return bool ? "true" : "false"
        case (.decimal(let digits), .number(let number)):
            return try fixedPoint(number, fractionDigits: digits, field: field.name)
        case (.decimal(let digits), .string(let string)):
            guard let number = parseDecimal(string) else {
                throw SecurityError(.invalidParameter, "the MAC field '\(field.name)' is not a decimal number")
            }
            return try fixedPoint(number, fractionDigits: digits, field: field.name)
        case (.timestamp(let pattern, let timeZone), .string(let string)):
            let formatter = dateFormatter(pattern: pattern, timeZone: timeZone)
            guard let date = formatter.date(from: string) else {
                throw SecurityError(.invalidParameter, "the MAC field '\(field.name)' is not a date like \(pattern)")
            }
            return formatter.string(from: date)
        case (.timestamp(let pattern, let timeZone), .number(let seconds)):
            let interval = NSDecimalNumber(decimal: seconds).doubleValue
            return dateFormatter(pattern: pattern, timeZone: timeZone).string(
                from: Date(timeIntervalSince1970: interval))
        default:
            throw SecurityError(.invalidParameter, "the MAC field '\(field.name)' has a value of the wrong type")
        }
    }

    static func dateFormatter(pattern: String, timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = pattern
        formatter.isLenient = false
        return formatter
    }

    private static func parseDecimal(_ string: String) -> Decimal? {
        let allowed = Set("0123456789.-+")
        guard !string.isEmpty, string.allSatisfy(allowed.contains) else { return nil }
        return Decimal(string: string, locale: Locale(identifier: "en_US_POSIX"))
    }

    private static func fixedPoint(_ number: Decimal, fractionDigits: Int, field: String) throws -> String {
        guard (0...18).contains(fractionDigits), number.isFinite else {
            throw SecurityError(.invalidParameter, "the MAC field '\(field)' cannot be written as a fixed-point number")
        }
        var value = number
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, fractionDigits, .plain)
        let text = rounded.description
        let isNegative = text.hasPrefix("-")
        let digits = isNegative ? String(text.dropFirst()) : text
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let whole = parts.first.map(String.init) ?? "0"
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        fraction += String(repeating: "0", count: max(0, fractionDigits - fraction.count))
        let sign = isNegative && !(whole.allSatisfy { $0 == "0" } && fraction.allSatisfy { $0 == "0" }) ? "-" : ""
        return fractionDigits == 0 ? sign + whole : "\(sign)\(whole).\(fraction)"
    }
}

/// A JSON scalar as the MAC candidate sees it; nested objects and arrays are not usable as fields.
enum FieldValue: Decodable, Sendable {
    case string(String)
    case number(Decimal)
    case bool(Bool)
    case unsupported

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Decimal.self) {
            self = .number(number)
        } else {
            self = .unsupported
        }
    }
}
