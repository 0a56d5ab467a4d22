import ArgumentParser

/// A number of seconds given on the command line (`--timeout`, `--duration`): checked, then made a `Duration`.
///
/// `Duration` is whole attoseconds in 128 bits, but the conversions through integers that build one trap on
/// values out of range; a value from the command line is checked first, so `--timeout 1e300`, `inf` or `nan`
/// are refused with a message instead of stopping the process.
enum SecondsOption {
    /// The longest duration an option takes: about 31 years, longer than anything should run.
    static let maximum: Double = 1_000_000_000

    /// Throws a `ValidationError` naming `option` unless `seconds` is more than 0 and at most ``maximum``.
    static func check(_ seconds: Double, option: String) throws {
        guard seconds > 0, seconds <= maximum else {
            throw ValidationError(
                "\(option) must be a number of seconds above 0 and at most \(Int(maximum)), not \(seconds)")
        }
    }

    /// `seconds` as a duration, to the microsecond (values outside 0…``maximum`` are brought inside it).
    static func duration(_ seconds: Double) -> Duration {
        let bounded = seconds > 0 ? min(seconds, maximum) : 0
        return .microseconds(Int64(bounded * 1_000_000))
    }
}
