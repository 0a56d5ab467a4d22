import Foundation

/// The cookie date algorithm of RFC 6265 section 5.1.1: the forgiving parser browsers use for `Expires`,
/// which reads RFC 1123 (`Sun, 06 Nov 1994 08:49:37 GMT`), RFC 850 (`Sunday, 06-Nov-94 08:49:37 GMT`),
/// asctime (`Sun Nov  6 08:49:37 1994`) and the many variants servers really send, by looking for a time,
/// a day of the month, a month and a year among the tokens, in any order.
enum CookieDate {
    /// The date, or `nil` when one of the four parts is missing or out of range (the attribute is then
    /// ignored). Linear in the length of the input.
    static func parse(_ text: some StringProtocol) -> Date? {
        var time: (hour: Int, minute: Int, second: Int)?
        var dayOfMonth: Int?
        var month: Int?
        var year: Int?

        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            while index < bytes.count, isDelimiter(bytes[index]) { index += 1 }
            let start = index
            while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
            guard start < index else { break }
            let token = bytes[start..<index]
            if time == nil, let parsed = parseTime(token) {
                time = parsed
            } else if dayOfMonth == nil, let parsed = parseDigits(token, minimum: 1, maximum: 2) {
                dayOfMonth = parsed
            } else if month == nil, let parsed = parseMonth(token) {
                month = parsed
            } else if year == nil, let parsed = parseDigits(token, minimum: 2, maximum: 4) {
                year = parsed
            }
        }

        guard let time, let dayOfMonth, let month, var year else { return nil }
        if (70...99).contains(year) { year += 1900 } else if (0...69).contains(year) { year += 2000 }
        guard (1...31).contains(dayOfMonth), year >= 1601, time.hour <= 23, time.minute <= 59, time.second <= 59
        else { return nil }
        guard dayOfMonth <= CivilDate.daysIn(month: month, year: year) else { return nil }
        let days = CivilDate.days(year: year, month: month, day: dayOfMonth)
        let seconds = days * 86_400 + time.hour * 3_600 + time.minute * 60 + time.second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `%x09 / %x20-2F / %x3B-40 / %x5B-60 / %x7B-7E`
    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == 0x09 || (0x20...0x2F).contains(byte) || (0x3B...0x40).contains(byte)
            || (0x5B...0x60).contains(byte) || (0x7B...0x7E).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    /// `minimum*maximum DIGIT ( non-digit *OCTET )`: the leading digits' value.
    private static func parseDigits(_ token: ArraySlice<UInt8>, minimum: Int, maximum: Int) -> Int? {
        var value = 0
        var count = 0
        for byte in token {
            guard isDigit(byte) else { break }
            count += 1
            if count > maximum { return nil }
            value = value * 10 + Int(byte - 0x30)
        }
        return count >= minimum ? value : nil
    }

    /// `hms-time ( non-digit *OCTET )` where `hms-time = 1*2DIGIT ":" 1*2DIGIT ":" 1*2DIGIT`.
    private static func parseTime(_ token: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int)? {
        var fields: [Int] = []
        var index = token.startIndex
        for part in 0..<3 {
            var value = 0
            var count = 0
            while index < token.endIndex, isDigit(token[index]) {
                count += 1
                if count > 2 { return nil }
                value = value * 10 + Int(token[index] - 0x30)
                index += 1
            }
            guard count >= 1 else { return nil }
            fields.append(value)
            if part < 2 {
                guard index < token.endIndex, token[index] == UInt8(ascii: ":") else { return nil }
                index += 1
            }
        }
        return (fields[0], fields[1], fields[2])
    }

    private static let months: [[UInt8]] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ].map { Array($0.utf8) }

    /// `( "jan" / "feb" / … / "dec" ) *OCTET`, case-insensitively: 1–12.
    private static func parseMonth(_ token: ArraySlice<UInt8>) -> Int? {
        guard token.count >= 3 else { return nil }
        let prefix = token.prefix(3).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        guard let index = months.firstIndex(of: prefix) else { return nil }
        return index + 1
    }
}
