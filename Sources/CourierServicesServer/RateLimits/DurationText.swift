import Foundation

/// Durations as the messages of this module say them: "1 second", "20 seconds", "2.5 seconds", "1 minute".
enum DurationText {
    static func phrase(_ duration: Duration) -> String {
        let seconds = self.seconds(duration)
        if seconds >= 60, seconds.truncatingRemainder(dividingBy: 60) == 0 {
            let minutes = Int(seconds / 60)
            return minutes == 1 ? "1 minute" : "\(minutes) minutes"
        }
        if seconds == seconds.rounded() {
            let whole = Int(seconds)
            return whole == 1 ? "1 second" : "\(whole) seconds"
        }
        return String(format: "%.3g seconds", seconds)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
