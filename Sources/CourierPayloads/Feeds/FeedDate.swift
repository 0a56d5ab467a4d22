import Foundation

/// Reads the dates feeds really carry: RFC 822/2822 (`Sun, 22 Nov 2026 12:00:00 GMT`, with or
/// without the day name or seconds, two-digit years, named or numeric zones, `22-Nov-26`) and
/// RFC 3339 (`2026-11-22T12:00:00.5+01:00`, a space for `T`, a date alone).
///
/// Without `DateFormatter`, so results do not depend on the locale and parsing is fast.
public enum FeedDate {
    /// The date in `text`, trying RFC 3339 and then RFC 822; `nil` when neither fits.
    public static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return parseRFC3339(trimmed) ?? parseRFC822(trimmed)
    }

    /// An RFC 3339 / ISO 8601 timestamp as Atom uses it.
    public static func parseRFC3339(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += digits
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2) else {
            return nil
        }
        var hour = 0
        var minute = 0
        var second = 0.0
        var offset = 0
        if index < bytes.count {
            guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[index]) else { return nil }
            index += 1
            guard let parsedHour = number(2), expect(":"), let parsedMinute = number(2) else { return nil }
            hour = parsedHour
            minute = parsedMinute
            if expect(":") {
                guard let whole = number(2) else { return nil }
                second = Double(whole)
                if expect(".") || expect(",") {
                    var scale = 0.1
                    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") {
                        second += Double(bytes[index] - UInt8(ascii: "0")) * scale
                        scale /= 10
                        index += 1
                    }
                }
            }
            if index < bytes.count {
                if expect("Z") || expect("z") {
                    offset = 0
                } else {
                    let sign: Int
                    if expect("+") {
                        sign = 1
                    } else if expect("-") {
                        sign = -1
                    } else {
                        return nil
                    }
                    guard let zoneHour = number(2) else { return nil }
                    _ = expect(":")
                    let zoneMinute = number(2) ?? 0
                    offset = sign * (zoneHour * 3600 + zoneMinute * 60)
                }
            }
        }
        guard index == bytes.count else { return nil }
        return makeDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    /// An RFC 822 / 2822 date as RSS uses it, including the variants found in real feeds.
    public static func parseRFC822(_ text: String) -> Date? {
        var tokens = text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }).map(String.init)
        // "22-Nov-26" and "22-Nov-2026 12:00"
        if let first = tokens.first(where: { $0.contains("-") && $0.contains(where: \.isLetter) }),
            let position = tokens.firstIndex(of: first)
        {
            tokens.replaceSubrange(position...position, with: first.split(separator: "-").map(String.init))
        }
        if let first = tokens.first, first.allSatisfy(\.isLetter), month(first) == nil { tokens.removeFirst() }
        guard tokens.count >= 3 else { return nil }
        var day: Int
        var monthNumber: Int
        if let number = Int(tokens[0]), let named = month(tokens[1]) {
            day = number
            monthNumber = named
        } else if let named = month(tokens[0]), let number = Int(tokens[1]) {
            day = number
            monthNumber = named
        } else {
            return nil
        }
        guard var year = Int(tokens[2]) else { return nil }
        if tokens[2].count <= 2 {
            year += year < 50 ? 2000 : 1900
        } else if tokens[2].count == 3 {
            year += 1900
        }
        var hour = 0
        var minute = 0
        var second = 0
        var offset = 0
        if tokens.count > 3 {
            let parts = tokens[3].split(separator: ":").map { Int($0) }
            guard parts.count >= 2, parts.count <= 3, parts.allSatisfy({ $0 != nil }) else { return nil }
            hour = parts[0] ?? 0
            minute = parts[1] ?? 0
            second = parts.count == 3 ? (parts[2] ?? 0) : 0
        }
        if tokens.count > 4 {
            guard let zone = zoneOffset(tokens[4]) else { return nil }
            offset = zone
        }
        return makeDate(
            year: year, month: monthNumber, day: day, hour: hour, minute: minute, second: Double(second), offset: offset
        )
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(_ token: String) -> Int? {
        guard token.count >= 3, token.allSatisfy(\.isLetter) else { return nil }
        let lowered = token.lowercased()
        guard let index = months.firstIndex(of: String(lowered.prefix(3))) else { return nil }
        // Full names ("November") and the common "Sept" are fine; other words are not months.
        if lowered.count > 3 && !fullMonths[index].hasPrefix(lowered) && lowered != "sept" { return nil }
        return index + 1
    }

    private static let fullMonths = [
        "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november",
        "december",
    ]

    private static let namedZones: [String: Int] = [
        "UT": 0, "UTC": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
        "PST": -8, "PDT": -7, "AKST": -9, "AKDT": -8, "HST": -10, "CET": 1, "CEST": 2, "BST": 1, "EET": 2, "EEST": 3,
        "WET": 0, "WEST": 1, "JST": 9, "KST": 9, "AEST": 10, "AEDT": 11, "NZST": 12, "NZDT": 13,
    ]

    private static func zoneOffset(_ token: String) -> Int? {
        if let hours = namedZones[token.uppercased()] { return hours * 3600 }
        let scalars = Array(token.utf8)
        guard scalars.count >= 5, scalars[0] == UInt8(ascii: "+") || scalars[0] == UInt8(ascii: "-") else {
            // Unknown alphabetic zones (military letters and the like) count as UTC, as RFC 2822 advises.
            return token.allSatisfy(\.isLetter) ? 0 : nil
        }
        let digits = token.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, let value = Int(digits) else { return nil }
        let seconds = (value / 100) * 3600 + (value % 100) * 60
        return scalars[0] == UInt8(ascii: "-") ? -seconds : seconds
    }

    private static func makeDate(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Double, offset: Int
    ) -> Date? {
        guard (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour), (0...59).contains(minute),
            second >= 0, second < 61
        else { return nil }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let monthLengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= monthLengths[month - 1] else { return nil }
        // Days since 1970-01-01 in the proleptic Gregorian calendar.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 - offset) + second
        return Date(timeIntervalSince1970: seconds)
    }
}
