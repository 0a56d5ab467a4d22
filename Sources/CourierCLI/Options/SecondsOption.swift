import ArgumentParser

/// A number of seconds given on the command line (`--timeout`, `--duration`): checked, then made a `Duration`.
///
/// `Duration` is whole attoseconds in 128 bits, but the conversions through integers that build one trap on
/// values out of range; a value from the command line is checked first, so `--timeout 1e300`, `inf` or `nan`
/// are refused with a message instead of stopping the process.
enum SecondsOption {
    /// The longest duration an option takes: about 31 years, longer than anything should run.
    static let maximum: Double = 1_000_000_000

    /// The `transform:` of every seconds option (`@Option(transform: SecondsOption.parse)`): the argument as a
    /// number of seconds, checked as it is parsed, so no command repeats the check in its `validate()`.
    ///
    /// - Throws: A `ValidationError` unless the argument is a number above 0 and at most ``maximum``;
    ///   ArgumentParser prints it as a usage error after the option and the value ("The value 'inf' is invalid
    ///   for '--timeout <timeout>': …").
    static func parse(_ argument: String) throws -> Double {
        guard let seconds = Double(argument), seconds > 0, seconds <= maximum else {
            throw ValidationError("expected a number of seconds above 0 and at most \(Int(maximum))")
        }
        return seconds
    }

    /// `seconds` as a duration, to the microsecond (values outside 0…``maximum`` are brought inside it).
    static func duration(_ seconds: Double) -> Duration {
        let bounded = seconds > 0 ? min(seconds, maximum) : 0
        return .microseconds(Int64(bounded * 1_000_000))
    }
}
