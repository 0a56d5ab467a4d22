import Foundation

/// HTTP dates (RFC 9110 section 5.6.7): parses the three formats a recipient must accept and writes
/// IMF-fixdate, without `DateFormatter` (which is slow, locale-sensitive and allocates).
///
/// ```
/// Sun, 06 Nov 1994 08:49:37 GMT    IMF-fixdate (the one to send)
/// Sunday, 06-Nov-94 08:49:37 GMT   obsolete RFC 850 format
/// Sun Nov  6 08:49:37 1994         ANSI C asctime() format
/// ```
///
/// The cache reads `Date`, `Expires` and `Last-Modified` with it; a server or a caller setting
/// `If-Modified-Since` can use it too:
///
/// ```swift
/// let stamp = HTTPDate.format(Date())                       // "Mon, 23 Nov 2026 04:50:00 GMT"
/// let date = HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT")  // 1994-11-06 08:49:37 UTC
/// ```
public enum HTTPDate {
    private static let monthNames = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]
    private static let dayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let monthTitles = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// The date a header value names, or `nil` when it is not an HTTP date (garbage, `0`, `-1`,
    /// impossible days such as 31 February, years outside 1…9999).
    ///
    /// Two-digit years of the RFC 850 format are read as RFC 9110 asks: a year that would lie more than
    /// 50 years after `now` belongs to the previous century.
    public static func parse(_ value: String, now: Date = Date()) -> Date? {
        // IMF-fixdate, which servers send, is read in place; the other formats (and odd spacing) go
        // through the scanner.
        var value = value
        if let date = value.withUTF8({ parseFixdate($0) }) { return date }
        return parseScanning(value, now: now)
    }

    /// ``parse(_:now:)`` without the fast path for IMF-fixdate: every format, byte by byte.
    static func parseScanning(_ value: String, now: Date) -> Date? {
        var scanner = Scanner(Array(value.utf8))
        scanner.skipSpaces()
        // An optional day name: "Sun," / "Sunday," (IMF-fixdate, RFC 850) or "Sun " (asctime).
        let dayName = scanner.letters()
        if !dayName.isEmpty {
            guard dayName.count >= 3 else { return nil }
            scanner.skipSpaces()
            if scanner.peek == UInt8(ascii: ",") {
                scanner.advance()
                scanner.skipSpaces()
            } else {
                return parseAsctime(&scanner)
            }
        }
        guard let day = scanner.number(maxDigits: 2) else { return nil }
        let separator: UInt8 = scanner.peek == UInt8(ascii: "-") ? UInt8(ascii: "-") : UInt8(ascii: " ")
        guard scanner.consume(separator) else { return nil }
        if separator == UInt8(ascii: " ") { scanner.skipSpaces() }
        guard let month = month(scanner.letters()), scanner.consume(separator) else { return nil }
        if separator == UInt8(ascii: " ") { scanner.skipSpaces() }
        let yearStart = scanner.position
        guard var year = scanner.number(maxDigits: 4) else { return nil }
        if scanner.position - yearStart == 2 {
            year += 1900
            if let nowYear = civilYear(of: now), year < nowYear - 50 { year += 100 }
            while let nowYear = civilYear(of: now), year > nowYear + 50 { year -= 100 }
        } else if scanner.position - yearStart != 4 {
            return nil
        }
        scanner.skipSpaces()
        guard let (hour, minute, second) = scanner.time() else { return nil }
        scanner.skipSpaces()
        let zone = scanner.letters().uppercased()
        guard zone.isEmpty || zone == "GMT" || zone == "UTC" || zone == "UT" else { return nil }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        return makeDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// Exactly `Sun, 06 Nov 1994 08:49:37 GMT` (29 bytes, fixed positions), or `nil`.
    private static func parseFixdate(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        guard bytes.count == 29, bytes[3] == UInt8(ascii: ","), bytes[4] == UInt8(ascii: " "),
            bytes[7] == UInt8(ascii: " "), bytes[11] == UInt8(ascii: " "), bytes[16] == UInt8(ascii: " "),
            bytes[19] == UInt8(ascii: ":"), bytes[22] == UInt8(ascii: ":"), bytes[25] == UInt8(ascii: " "),
            bytes[26] == UInt8(ascii: "G"), bytes[27] == UInt8(ascii: "M"), bytes[28] == UInt8(ascii: "T"),
            (0..<3).allSatisfy({ isLetter(bytes[$0]) }), (8..<11).allSatisfy({ isLetter(bytes[$0]) }),
            let day = digits(bytes, 5, 2), let year = digits(bytes, 12, 4), let hour = digits(bytes, 17, 2),
            let minute = digits(bytes, 20, 2), let second = digits(bytes, 23, 2)
        else { return nil }
        // The month's three letters, lower-cased, as one number to compare with the table's.
        let key = (8..<11).reduce(UInt32(0)) { $0 << 8 | UInt32(bytes[$1] | 0x20) }
        guard let index = monthKeys.firstIndex(of: key) else { return nil }
        return makeDate(year: year, month: index + 1, day: day, hour: hour, minute: minute, second: second)
    }

    private static let monthKeys: [UInt32] = monthNames.map { name in
        name.utf8.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// The decimal number of `count` digits at `start`, or `nil` when one of them is not a digit.
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    /// `Nov  6 08:49:37 1994`, after the day name.
    private static func parseAsctime(_ scanner: inout Scanner) -> Date? {
        guard let month = month(scanner.letters()) else { return nil }
        scanner.skipSpaces()
        guard let day = scanner.number(maxDigits: 2) else { return nil }
        scanner.skipSpaces()
        guard let (hour, minute, second) = scanner.time() else { return nil }
        scanner.skipSpaces()
        let yearStart = scanner.position
        guard let year = scanner.number(maxDigits: 4), scanner.position - yearStart == 4 else { return nil }
        scanner.skipSpaces()
        let zone = scanner.letters().uppercased()
        guard zone.isEmpty || zone == "GMT" else { return nil }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        return makeDate(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The date as IMF-fixdate, `Sun, 06 Nov 1994 08:49:37 GMT` (whole seconds, rounded down).
    public static func format(_ date: Date) -> String {
        let (days, secondOfDay) = CivilDate.split(seconds: Int(date.timeIntervalSince1970.rounded(.down)))
        let (year, month, day) = CivilDate.date(fromDays: days)
        let weekday = Int(((days % 7) + 11) % 7)  // 1970-01-01 was a Thursday
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var yearText = String(year)
        while yearText.count < 4 { yearText = "0" + yearText }
        return
            "\(dayNames[weekday]), \(two(day)) \(monthTitles[month - 1]) \(yearText) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) GMT"
    }

    private static func month(_ letters: String) -> Int? {
        guard letters.count == 3 else { return nil }
        return monthNames.firstIndex(of: letters.lowercased()).map { $0 + 1 }
    }

    private static func civilYear(of date: Date) -> Int? {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
        return CivilDate.date(fromDays: Int((seconds / 86_400).rounded(.down))).year
    }

    static func makeDate(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) -> Date? {
        guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
            day <= CivilDate.daysIn(month: month, year: year),
            (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// A cursor over the bytes of a header value.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { position >= bytes.count }
        var peek: UInt8? { isAtEnd ? nil : bytes[position] }

        mutating func advance() { position += 1 }

        mutating func consume(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            position += 1
            return true
        }

        mutating func skipSpaces() {
            while let byte = peek, byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { position += 1 }
        }

        mutating func letters() -> String {
            let start = position
            while let byte = peek, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) { position += 1 }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        mutating func number(maxDigits: Int) -> Int? {
            var value = 0
            var count = 0
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                guard count < maxDigits else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                count += 1
                position += 1
            }
            return count == 0 ? nil : value
        }

        mutating func time() -> (Int, Int, Int)? {
            guard let hour = number(maxDigits: 2), consume(UInt8(ascii: ":")), let minute = number(maxDigits: 2),
                consume(UInt8(ascii: ":")), let second = number(maxDigits: 2)
            else { return nil }
            return (hour, minute, second)
        }
    }
}
