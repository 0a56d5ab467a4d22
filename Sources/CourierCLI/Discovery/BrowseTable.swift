import CourierDiscovery

/// `courier discover browse` on a terminal: the instances present now, as a table redrawn in place on every change
/// (found, removed and, with `--resolve`, resolved), like a `top` for one service type. Pipes and `-p` get avahi-browse's
/// parseable lines instead.
struct BrowseTable {
    private struct Key: Hashable, Comparable {
        var name: String
        var interface: String
        var isIPv6: Bool

        static func < (lhs: Key, rhs: Key) -> Bool {
            (lhs.name, lhs.interface, lhs.isIPv6 ? 1 : 0) < (rhs.name, rhs.interface, rhs.isIPv6 ? 1 : 0)
        }
    }

    private struct Resolution {
        var host: String
        var addresses: String
        var port: Int
        var txt: String
    }

    private let type: String
    private let resolves: Bool
    private var rows: [Key: Resolution?] = [:]
    private var linesDrawn = 0

    init(type: String, resolves: Bool) {
        self.type = type
        self.resolves = resolves
    }

    /// Adds a found instance or removes a removed one.
    mutating func apply(_ event: LinkBrowseEvent) {
        let key = Key(name: event.identity.name, interface: event.interface, isIPv6: event.isIPv6)
        switch event.kind {
        case .found: if rows[key] == nil { rows[key] = .some(nil) }
        case .removed: rows[key] = nil
        }
    }

    /// Fills in where an instance is (its rows on the resolve's interface), if it is still present.
    mutating func apply(_ resolved: ResolvedService) {
        var host = resolved.host.description
        if host.hasSuffix(".") { host.removeLast() }
        for isIPv6 in [false, true] {
            let key = Key(name: resolved.identity.name, interface: resolved.interface, isIPv6: isIPv6)
            guard rows[key] != nil else { continue }
            let addresses = resolved.addresses.filter { ($0.protocol == .inet6) == isIPv6 }
                .map { ParseableFormat.text(of: $0, interface: resolved.interface) }
            rows[key] = Resolution(
                host: host, addresses: addresses.joined(separator: " "), port: resolved.port,
                txt: resolved.txt.description)
        }
    }

    /// The table's lines: a title, column headings, one row per instance sorted by name.
    func lines() -> [String] {
        var table = [["IFACE", "PROTO", "NAME"] + (resolves ? ["HOST", "ADDRESS", "PORT", "TXT"] : [])]
        for key in rows.keys.sorted() {
            var row = [key.interface, key.isIPv6 ? "IPv6" : "IPv4", key.name]
            if resolves {
                if case .some(.some(let resolution)) = rows[key] {
                    row += [resolution.host, resolution.addresses, String(resolution.port), resolution.txt]
                } else {
                    row += ["…", "", "", ""]
                }
            }
            table.append(row)
        }
        let widths = (0..<table[0].count).map { column in table.map { $0[column].count }.max() ?? 0 }
        let count = rows.count
        let title = "\(type) in local: \(count) \(count == 1 ? "instance" : "instances") (Ctrl-C to stop)"
        return [title]
            + table.map { row in
                zip(row, widths).enumerated().map { index, cell in
                    index == row.count - 1 ? cell.0 : cell.0.padding(toLength: cell.1, withPad: " ", startingAt: 0)
                }.joined(separator: "  ").trimmingTrailingSpaces()
            }
    }

    /// What to write to replace the previous drawing: the cursor goes up over it and erases to the end of the
    /// screen, then the table is drawn again.
    mutating func redraw() -> String {
        let table = lines()
        let erase = linesDrawn > 0 ? "\u{1B}[\(linesDrawn)F\u{1B}[J" : ""
        linesDrawn = table.count
        return erase + table.joined(separator: "\n") + "\n"
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
