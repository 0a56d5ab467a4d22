import ArgumentParser
import Courier
import Foundation

/// `--retry N`: the session's retry policy with N retries (none by default, like curl). Retries are
/// silent unless `-v`, which notes each one.
struct RetryOptions: ParsableArguments {
    // `.unconditional`: `--retry -1` reads -1 as the value (and gets "must be 0 or more"), not as an option.
    @Option(
        name: .customLong("retry"), parsing: .unconditional,
        help: ArgumentHelp(
            "Retry idempotent requests up to N times after connection failures, timeouts and 408/429/5xx answers.",
            valueName: "N"))
    var retries: Int = 0

    func validate() throws {
        guard retries >= 0 else { throw ValidationError("--retry must be 0 or more, not \(retries)") }
        guard retries <= 100 else { throw ValidationError("--retry takes at most 100") }
    }

    /// Sets `configuration.retryPolicy`; with `verbose`, each retry writes a note like the redirect notes.
    func apply(to configuration: inout SessionConfiguration, verbose: Bool, io: CLIIO) {
        var policy = RetryPolicy(maximumRetries: retries)
        if verbose {
            policy.onRetry = { attempt in io.writeOut("# \(Self.note(for: attempt))\n") }
        }
        configuration.retryPolicy = policy
    }

    /// `retry 1/3: status 503 for GET http://… — again in 0.4 s`.
    static func note(for attempt: RetryAttempt) -> String {
        let why: String
        switch attempt.reason {
        case .status(let status): why = "status \(status)"
        case .error(let error): why = error.code.name
        }
        let delay = String(format: "%.1f", attempt.delay)
        return
            "retry \(attempt.retry)/\(attempt.maximumRetries): \(why) for \(attempt.request) — again in \(delay) s"
    }
}
