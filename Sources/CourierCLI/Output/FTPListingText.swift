import CourierFTP
import Foundation

/// An FTP directory listing as `courier ftp://host/dir/` prints it when output is formatted (a terminal, or
/// `--pretty format|all`): one aligned line per entry, directories first, with a `/` after their names and
/// `-> target` after links, then the lines the parser did not know, as the server sent them.
///
/// ```
/// dir          -  2026-11-25 18:44  pub/
/// file    12 345  2026-11-24 09:00  README
/// ```
///
/// Unformatted output (a pipe) is the server's listing byte for byte.
enum FTPListingText {
    /// The listing format a response's `Content-Type` names (`text/plain; x-ftp-listing=mlsd`), if any.
    static func format(ofMediaType mediaType: String) -> FTPListing.Format? {
        for parameter in mediaType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1).map {
                $0.trimmingCharacters(in: .whitespaces).lowercased()
            }
            if pair.count == 2, pair[0] == "x-ftp-listing" { return FTPListing.Format(rawValue: pair[1]) }
        }
        return nil
    }

    /// The text printed for a listing.
    static func render(_ listing: FTPListing, colors: Bool) -> String {
        let sorted = listing.entries.sorted { left, right in
            let leftIsDirectory = left.kind == .directory
            let rightIsDirectory = right.kind == .directory
            if leftIsDirectory != rightIsDirectory { return leftIsDirectory }
            return left.name < right.name
        }
        let rows = sorted.map { entry -> (kind: String, size: String, modified: String, name: String) in
            let kind =
                switch entry.kind {
                case .file: "file"
                case .directory: "dir"
                case .symbolicLink: "link"
                case .other: "other"
                }
            let size = entry.kind == .directory ? "-" : entry.size.map(grouped) ?? "?"
            var name = entry.name
            if entry.kind == .directory { name += "/" }
            if let target = entry.linkTarget { name += " -> " + target }
            if colors, entry.kind == .directory { name = "\u{1B}[1;34m" + name + "\u{1B}[0m" }
            return (kind, size, entry.modified.map(readableTime) ?? "-", name)
        }
        let sizeWidth = rows.map(\.size.count).max() ?? 0
        let timeWidth = rows.map(\.modified.count).max() ?? 0
        var text = ""
        for row in rows {
            text += row.kind.padding(toLength: 6, withPad: " ", startingAt: 0)
            text += String(repeating: " ", count: sizeWidth - row.size.count) + row.size + "  "
            text += row.modified.padding(toLength: timeWidth, withPad: " ", startingAt: 0) + "  " + row.name + "\n"
        }
        for line in listing.unparsedLines { text += line + "\n" }
        if rows.isEmpty, listing.unparsedLines.isEmpty { text = "(empty directory)\n" }
        return text
    }

    /// `12345678` as `12 345 678`.
    static func grouped(_ value: Int64) -> String {
        let digits = Array(String(value))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text += " " }
            text.append(digit)
        }
        return text
    }

    /// An MLSD time (`20261125184400`, UTC) as `2026-11-25 18:44`; any other form as given.
    static func readableTime(_ value: String) -> String {
        let digits = Array(value.prefix { $0 != "." })
        guard digits.count == 14, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return value }
        let text = String(digits)
        func part(_ from: Int, _ to: Int) -> Substring {
            text.dropFirst(from).prefix(to - from)
        }
        return "\(part(0, 4))-\(part(4, 6))-\(part(6, 8)) \(part(8, 10)):\(part(10, 12))"
    }
}
