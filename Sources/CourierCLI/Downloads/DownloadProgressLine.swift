import Foundation

/// The progress of `courier download` on stderr. On a terminal: a bar with bytes, percent, speed and
/// time left, redrawn in place (`\r`) at most ten times a second. Otherwise (a log, a pipe): a plain line
/// every few seconds, no control characters.
struct DownloadProgressLine {
    /// Whether stderr is a terminal (redraw one line) or not (append plain lines).
    let terminal: Bool
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?
    /// Bytes that were on disk before this run (a resumed download), left out of the speed.
    private var offset: Int64 = 0
    /// Whether the terminal line was drawn (and so needs a line end when the transfer is over).
    private var drewOnTerminal = false

    /// How often the plain lines come.
    static let plainInterval: Duration = .seconds(2)
    /// How often the terminal line is redrawn at most.
    static let terminalInterval: Duration = .milliseconds(100)
    /// The width of the bar between its brackets.
    static let barWidth = 24

    init(terminal: Bool = true, start: ContinuousClock.Instant = .now) {
        self.terminal = terminal
        self.start = start
    }

    /// Notes bytes kept from an earlier run.
    mutating func resumed(at offset: Int64) {
        self.offset = offset
    }

    /// What to write now, or `nil` when the last update is recent. On a terminal the text begins with a
    /// carriage return and clears the rest of the line; otherwise it is a whole line.
    mutating func update(written: Int64, expected: Int64?, now: ContinuousClock.Instant = .now) -> String? {
        let finished = expected.map { written >= $0 } ?? false
        if terminal {
            if let lastDrawn, now - lastDrawn < Self.terminalInterval, !finished { return nil }
            lastDrawn = now
            drewOnTerminal = true
            let text = Self.describe(written: written, expected: expected, offset: offset, elapsed: now - start)
            return "\r" + Self.bar(written: written, expected: expected) + text + "\u{1B}[K"
        }
        // Plain lines: the first after one interval (a quick transfer prints none), then one per interval.
        if now - (lastDrawn ?? start) < Self.plainInterval { return nil }
        lastDrawn = now
        return "courier: "
            + Self.describe(written: written, expected: expected, offset: offset, elapsed: now - start) + "\n"
    }

    /// What ends the progress output when the transfer is over: a line end after a terminal bar.
    mutating func finish() -> String? {
        defer { drewOnTerminal = false }
        return drewOnTerminal ? "\n" : nil
    }

    /// `[==========>           ] ` for a known length, nothing otherwise.
    static func bar(written: Int64, expected: Int64?) -> String {
        guard let expected, expected > 0 else { return "" }
        let filled = min(barWidth, Int(Double(written) / Double(expected) * Double(barWidth)))
        let head = filled < barWidth && filled > 0 ? ">" : ""
        let body = String(repeating: "=", count: filled - head.count)
        return "[" + body + head + String(repeating: " ", count: barWidth - filled) + "] "
    }

    /// `45% 14.4 MiB of 32.0 MiB, 52.1 MiB/s, 0:01 left`.
    static func describe(written: Int64, expected: Int64?, offset: Int64, elapsed: Duration) -> String {
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let speed = seconds > 0 ? Double(written - offset) / seconds : 0
        var parts: [String] = []
        if let expected, expected > 0 {
            let percent = min(100, Int(Double(written) * 100 / Double(expected)))
            parts.append("\(percent)% \(byteCount(written)) of \(byteCount(expected))")
        } else {
            parts.append(byteCount(written))
        }
        parts.append("\(byteCount(Int64(speed)))/s")
        if let expected, speed > 0, expected > written {
            parts.append("\(clock(Double(expected - written) / speed)) left")
        }
        return parts.joined(separator: ", ")
    }

    /// `512 B`, `14.4 KiB`, `3.0 GiB`.
    static func byteCount(_ bytes: Int64) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(bytes) B" : String(format: "%.1f", value) + " " + units[unit]
    }

    /// `0:07`, `12:00`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let total = Int(seconds.rounded(.up))
        let (hours, minutes, rest) = (total / 3600, total / 60 % 60, total % 60)
        return hours > 0
            ? String(format: "%d:%02d:%02d", hours, minutes, rest) : String(format: "%d:%02d", minutes, rest)
    }
}
