import Foundation

/// A directory listing read from `MLSD` (RFC 3659 facts) or `LIST` (the Unix `ls -l` form most servers use).
/// Lines in a form it does not know are kept in ``unparsedLines`` rather than guessed at.
///
/// ```swift
/// let response = try await session.data(from: URL(string: "ftp://ftp.example.org/pub/")!)
/// let listing = FTPListing(response.data, format: .mlsd)
/// for entry in listing.entries { print(entry.kind, entry.name, entry.size ?? 0) }
/// ```
public struct FTPListing: Sendable, Hashable {
    /// The command that produced the listing.
    public enum Format: String, Sendable, Hashable {
        /// Machine-readable `MLSD` lines: `fact=value;…; name`.
        case mlsd
        /// `LIST` lines, parsed when they have the Unix `ls -l` form.
        case list
    }

    /// The entries parsed (without `.` and `..`).
    public var entries: [FTPListingEntry]
    /// The lines in no form the parser knows, as received.
    public var unparsedLines: [String]

    /// Parses a listing's bytes (lines ended by CR LF or LF; invalid UTF-8 replaced).
    public init(_ data: Data, format: Format) {
        self.init(
            lines: String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init),
            format: format)
    }

    /// Parses listing lines.
    public init(lines: [String], format: Format) {
        var entries: [FTPListingEntry] = []
        var unparsed: [String] = []
        for line in lines where !line.trimmingCharacters(in: .whitespaces).isEmpty {
            let entry = format == .mlsd ? Self.parseMLSD(line) : Self.parseUnix(line)
            guard let entry else {
                unparsed.append(line)
                continue
            }
            if entry.name != "." && entry.name != ".." { entries.append(entry) }
        }
        self.entries = entries
        self.unparsedLines = unparsed
    }

    /// `type=file;size=1234;modify=20261125184400; name` (RFC 3659 §7).
    static func parseMLSD(_ line: String) -> FTPListingEntry? {
        guard let space = line.firstIndex(of: " ") else { return nil }
        let name = String(line[line.index(after: space)...])
        var facts: [String: String] = [:]
        for fact in line[..<space].split(separator: ";") {
            guard let equals = fact.firstIndex(of: "=") else { return nil }
            facts[fact[..<equals].lowercased()] = String(fact[fact.index(after: equals)...])
        }
        guard !name.isEmpty, let type = facts["type"]?.lowercased() else { return nil }
        let kind: FTPListingEntry.Kind
        switch type {
        case "file": kind = .file
        case "dir", "cdir", "pdir": kind = .directory
        case let other where other.hasPrefix("os.unix=symlink") || other.hasPrefix("os.unix=slink"):
            kind = .symbolicLink
        default: kind = .other
        }
        if type == "cdir" || type == "pdir" { return FTPListingEntry(name: ".", kind: .directory) }
        return FTPListingEntry(
            name: name, kind: kind, size: facts["size"].flatMap { Int64($0) }, modified: facts["modify"])
    }

    /// `drwxr-xr-x 2 owner group 4096 Nov 25 18:44 name` (and `name -> target` for links).
    static func parseUnix(_ line: String) -> FTPListingEntry? {
        let fields = line.split(separator: " ", maxSplits: 8, omittingEmptySubsequences: true)
        guard fields.count == 9, let mode = fields[0].first, fields[0].count >= 10,
            let size = Int64(fields[4])
        else { return nil }
        let kind: FTPListingEntry.Kind
        switch mode {
        case "-": kind = .file
        case "d": kind = .directory
        case "l": kind = .symbolicLink
        default: kind = .other
        }
        var name = String(fields[8])
        var target: String?
        if kind == .symbolicLink, let arrow = name.range(of: " -> ") {
            target = String(name[arrow.upperBound...])
            name = String(name[..<arrow.lowerBound])
        }
        return FTPListingEntry(
            name: name, kind: kind, size: size, modified: fields[5...7].joined(separator: " "), linkTarget: target)
    }
}
