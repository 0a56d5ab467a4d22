import Foundation

/// Reads a password from the terminal without echoing it (termios: `ECHO` off while the line is typed,
/// restored afterwards; the line discipline still handles backspace).
enum PasswordPrompt {
    /// Asks on the controlling terminal (`/dev/tty`), or returns `nil` when there is none.
    static func readFromTerminal(_ prompt: String) -> String? {
        let descriptor = open("/dev/tty", O_RDWR)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(prompt, terminal: descriptor)
    }

    /// Writes `prompt` to `terminal`, reads one line with echo off and restores the terminal's settings.
    /// Returns `nil` when `terminal` is not a terminal.
    static func read(_ prompt: String, terminal descriptor: Int32) -> String? {
        guard isatty(descriptor) == 1 else { return nil }
        var original = termios()
        guard tcgetattr(descriptor, &original) == 0 else { return nil }
        var silent = original
        silent.c_lflag &= ~tcflag_t(ECHO)
        // Echo goes off before the prompt appears, so nothing typed after the prompt is shown.
        tcsetattr(descriptor, TCSAFLUSH, &silent)
        _ = prompt.withCString { write(descriptor, $0, strlen($0)) }
        defer {
            tcsetattr(descriptor, TCSAFLUSH, &original)
            _ = "\n".withCString { write(descriptor, $0, 1) }
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while Foundation.read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n"), byte != UInt8(ascii: "\r"),
            bytes.count < 4096
        {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
