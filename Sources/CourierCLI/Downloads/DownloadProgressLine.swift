import Foundation

/// The progress line of `courier download` on a terminal: bytes, percent, speed and time left, redrawn
/// in place at most ten times a second.
struct DownloadProgressLine {
    private let start: ContinuousClock.Instant
    private var lastDrawn: ContinuousClock.Instant?
    /// Bytes that were on disk before this run (a resumed download), left out of the speed.
    private var offset: Int64 = 0

    init(start: ContinuousClock.Instant = .now) {
        self.start = start
    }

    /// Notes bytes kept from an earlier run.
    mutating func resumed(at offset: Int64) {
        self.offset = offset
    }

    /// The line to draw now (beginning with a carriage return), or `nil` when the last one is recent.
    mutating func update(written: Int64, expected: Int64?, now: ContinuousClock.Instant = .now) -> String? {
        if let lastDrawn, now - lastDrawn < .milliseconds(100), written != expected { return nil }
        lastDrawn = now
        return "\r" + Self.describe(written: written, expected: expected, offset: offset, elapsed: now - start)
            + "\u{1B}[K"
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
