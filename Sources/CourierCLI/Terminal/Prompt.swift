import ArgumentParser
import Foundation

/// `--yes` / `--no`: the answer to every question of an interactive flow, given in advance.
enum PromptAnswer: String, EnumerableFlag {
    case yes
    case no

    static func help(for value: PromptAnswer) -> ArgumentHelp? {
        switch value {
        case .yes:
            return "Answer yes to the questions of interactive flows (retry after a lost connection?) without asking."
        case .no:
            return "Answer no to those questions without asking."
        }
    }
}

/// The yes/no questions of interactive flows, such as the command queue's "retry or cancel?" after a lost
/// connection: answered by `--yes`/`--no`, else asked on the terminal, else (no terminal) answered no.
struct Prompt {
    /// How many questions one run asks at most, so that `--yes` cannot retry forever.
    static let maximumQuestions = 3

    let answer: PromptAnswer?
    let io: CLIIO
    /// Reads the user's reply; `/dev/tty` by default.
    var ask: (String) -> String? = Prompt.askOnTerminal

    /// Whether the answer is yes. The question and the answer given in advance are noted on stderr.
    func confirm(_ question: String) -> Bool {
        if let answer {
            io.writeError("courier: \(question) \(answer.rawValue) (--\(answer.rawValue))\n")
            return answer == .yes
        }
        guard io.isInteractive, let reply = ask("courier: \(question) [y/N] ") else { return false }
        return ["y", "yes"].contains(reply.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Asks on the controlling terminal, with echo (the reply is not secret).
    static func askOnTerminal(_ question: String) -> String? {
        let descriptor = open("/dev/tty", O_RDWR)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        _ = question.withCString { write(descriptor, $0, strlen($0)) }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) == 1, byte != UInt8(ascii: "\n"), bytes.count < 256 { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
