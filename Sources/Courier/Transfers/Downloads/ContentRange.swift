import Foundation

/// A `Content-Range` field value (RFC 9110 section 14.4): `bytes 100-199/1000`, `bytes 100-199/*`, or for
/// a `416` `bytes */1000`.
struct ContentRange: Hashable, Sendable {
    /// The first and last byte positions sent; `nil` in an unsatisfied-range answer (`bytes */1000`).
    var range: ClosedRange<Int64>?
    /// The length of the whole entity; `nil` when the server wrote `*`.
    var completeLength: Int64?

    /// Parses a value; `nil` for anything that is not a valid byte range.
    init?(_ value: String) {
        let text = value.trimmingOWS()
        guard text.count > 6, text.prefix(6).lowercased() == "bytes " else { return nil }
        let parts = text.dropFirst(6).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let rangePart = parts[0].trimmingOWS()
        let lengthPart = parts[1].trimmingOWS()
        if lengthPart == "*" {
            completeLength = nil
        } else {
            guard let length = Self.number(lengthPart) else { return nil }
            completeLength = length
        }
        if rangePart == "*" {
            guard completeLength != nil else { return nil }
            range = nil
            return
        }
        let bounds = rangePart.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Self.number(bounds[0]), let last = Self.number(bounds[1]), first <= last
        else { return nil }
        if let completeLength, last >= completeLength { return nil }
        range = first...last
    }

    /// How many bytes the range covers.
    var count: Int64? { range.map { $0.upperBound - $0.lowerBound + 1 } }

    private static func number<S: StringProtocol>(_ text: S) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int64(text)
    }
}
