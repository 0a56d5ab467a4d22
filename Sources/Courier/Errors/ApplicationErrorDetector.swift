import Foundation

/// Finds an application error in a response body — the service saying "no" in its payload, with a
/// perfectly good HTTP status (the book: "the application layer must report that the transaction failed").
///
/// The built-in ``envelope`` detector understands the book's envelope, where every payload sits under
/// `data` and errors always under `error`:
///
/// ```json
/// {"error": {"code": 900005, "messages": "Insufficient Funds to Complete Transfer"},
///  "data": {"fromAccount": 1, "toAccount": 5, "amount": 500.00}}
/// ```
///
/// Use it per response, or for every collected body of a session:
///
/// ```swift
/// let receipt = try await session.data(for: transfer)
///     .validate()                  // HTTP status
///     .checkApplicationError()     // {"error": …} → CourierError(.applicationError)
///     .decode(Receipt.self)
///
/// configuration.applicationErrorDetector = .envelope
/// ```
///
/// A detector of your own looks at the response and body and returns what it found:
///
/// ```swift
/// let detector = ApplicationErrorDetector { response, body in
///     guard response.headerFields[HTTPField.Name("X-Error-Code")!] != nil else { return nil }
///     return .init(code: nil, message: String(decoding: body, as: UTF8.self))
/// }
/// ```
///
/// Business conditions that are not errors (an empty result, a pending state) belong in `data` and are
/// not reported.
public struct ApplicationErrorDetector: Sendable {
    /// What a detector found: the service's own code (when it gave one) and its message.
    public struct Finding: Hashable, Sendable {
        /// The service's own error code, when the envelope carried one.
        public var code: Int?
        /// The service's message, shown in the ``CourierError``.
        public var message: String

        /// Creates a finding.
        public init(code: Int?, message: String) {
            self.code = code
            self.message = message
        }
    }

    private let detect: @Sendable (Response, Data) -> Finding?

    /// A detector that runs `detect` on each response and its body; return `nil` when there is no error.
    public init(_ detect: @escaping @Sendable (_ response: Response, _ body: Data) -> Finding?) {
        self.detect = detect
    }

    /// The book's envelope: `{"error": {"code": …, "messages": …}, "data": …}`.
    public static let envelope = ApplicationErrorDetector.envelope()

    /// An envelope detector with your own member names.
    ///
    /// The `error` member signals an error when it is an object, a non-empty string or array, a number
    /// or `true`; `null`, `false`, `""` and a missing member do not. Inside an object the code may be a
    /// number or a numeric string, the message a string or an array of strings; members of other types
    /// are ignored, never fatal. A body that is not a JSON object is not an envelope.
    public static func envelope(
        errorKey: String = "error", codeKey: String = "code", messageKeys: [String] = ["messages", "message"]
    ) -> ApplicationErrorDetector {
        ApplicationErrorDetector { _, body in
            Self.findInEnvelope(body, errorKey: errorKey, codeKey: codeKey, messageKeys: messageKeys)
        }
    }

    /// What the detector finds in `response` (its body must be collected), or `nil`.
    public func finding(in response: Response) -> Finding? {
        detect(response, response.data)
    }

    /// Throws when the detector finds an application error in `response`.
    /// - Throws: `applicationError` (kind `.application`, outcome `.failed`) with
    ///   ``CourierError/applicationCode`` and the service's message.
    public func check(_ response: Response) throws {
        guard let finding = finding(in: response) else { return }
        let code = finding.code.map { " \($0)" } ?? ""
        throw CourierError(
            .applicationError, kind: .application, outcome: .failed,
            message: "\(response.url.hostDescription) reported application error\(code): \(finding.message)",
            request: response.request, response: response, applicationCode: finding.code)
    }

    static let defaultMessage = "the service reported an error without a message"

    static func findInEnvelope(_ body: Data, errorKey: String, codeKey: String, messageKeys: [String]) -> Finding? {
        guard body.first(where: { !Self.isJSONWhiteSpace($0) }) == UInt8(ascii: "{"),
            let root = try? JSONValue(parsing: body),
            case .object(let members) = root, let error = members[errorKey]
        else { return nil }
        switch error {
        case .null, .bool(false):
            return nil
        case .bool(true):
            return Finding(code: nil, message: defaultMessage)
        case .string(let text):
            return text.isEmpty ? nil : Finding(code: nil, message: text)
        case .number:
            return Finding(code: error.integer, message: defaultMessage)
        case .array(let items):
            guard !items.isEmpty else { return nil }
            return Finding(code: nil, message: messageText(error) ?? defaultMessage)
        case .object(let details):
            let message = messageKeys.lazy.compactMap { details[$0].flatMap(Self.messageText) }.first
            return Finding(code: details[codeKey]?.integer, message: message ?? defaultMessage)
        }
    }

    private static func messageText(_ value: JSONValue) -> String? {
        switch value {
        case .string(let text): return text.isEmpty ? nil : text
        case .array(let items):
            let texts = items.compactMap { item -> String? in
                if case .string(let text) = item, !text.isEmpty { return text }
                return nil
            }
            return texts.isEmpty ? nil : texts.joined(separator: "; ")
        default: return nil
        }
    }

    private static func isJSONWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

extension JSONValue {
    /// A whole number: an integral JSON number in `Int`'s range, or a string of decimal digits.
    var integer: Int? {
        switch self {
        case .number(let value):
            guard value.isFinite, value == value.rounded(), abs(value) < 9e15 else { return nil }
            return Int(value)
        case .string(let text):
            return Int(text.trimmingCharacters(in: .whitespaces))
        default:
            return nil
        }
    }
}

extension Response {
    /// Throws when `detector` (the book's envelope by default) finds an application error in the
    /// collected body; returns the response so calls chain.
    /// - Throws: `applicationError` (kind `.application`) with the service's code and message.
    @discardableResult
    public func checkApplicationError(using detector: ApplicationErrorDetector = .envelope) throws -> Response {
        try detector.check(self)
        return self
    }
}
