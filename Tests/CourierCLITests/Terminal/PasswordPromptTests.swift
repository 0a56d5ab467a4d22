import Foundation
import Testing

@testable import CourierCLI

/// `--auth USER` without a password asks on the terminal with echo off (termios), on a real
/// pseudo-terminal.
@Suite("courier password prompt", .timeLimit(.minutes(1)))
struct PasswordPromptTests {
    @Test func thePasswordIsReadWithoutEchoAndTheTerminalIsRestored() async throws {
        let terminal = try PseudoTerminal()
        let follower = terminal.follower
        // The prompt blocks on read(2), so it runs on its own thread rather than the cooperative pool.
        let password = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            Thread {
                continuation.resume(returning: PasswordPrompt.read("password for ann: ", terminal: follower))
            }.start()
            let prompt = terminal.read(until: "password for ann: ")
            #expect(prompt == "password for ann: ")
            terminal.type("s3cret\n")
        }
        #expect(password == "s3cret")
        // After the prompt only the line end the prompt writes itself appears: the password was not echoed.
        let after = terminal.read(until: "\n")
        #expect(after == "\r\n")
        var settings = termios()
        #expect(tcgetattr(follower, &settings) == 0)
        #expect(settings.c_lflag & tcflag_t(ECHO) != 0)
    }

    @Test func withoutATerminalThereIsNoPrompt() throws {
        var descriptors: [Int32] = [0, 0]
        #expect(pipe(&descriptors) == 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        #expect(PasswordPrompt.read("password: ", terminal: descriptors[0]) == nil)
    }
}
