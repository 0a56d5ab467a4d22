import Foundation

/// Ctrl-C during a request or a download ends the process with status 130, as httpie's does (128 + SIGINT),
/// rather than by the signal, which a parent process sees as "killed" instead of an exit status.
enum InterruptExit {
    /// The exit status after Ctrl-C.
    static let status: Int32 = 130

    /// Exits 130 on SIGINT, from now on in this process. The handler only calls async-signal-safe
    /// functions: a newline so the shell prompt does not follow the terminal's `^C` on its line, then `_exit`.
    static func install() {
        signal(SIGINT) { _ in
            if isatty(STDERR_FILENO) == 1 { _ = write(STDERR_FILENO, "\n", 1) }
            _exit(130)
        }
    }
}
