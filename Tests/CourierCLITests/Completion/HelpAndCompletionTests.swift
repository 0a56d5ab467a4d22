import ArgumentParser
import Foundation
import Testing

@testable import CourierCLI

/// Issue 20, item 7: help text that the terminal wraps, completion scripts with the request form's flags,
/// and typo suggestions from the flags the request form has.
@Suite("courier help and completion")
struct HelpAndCompletionTests {
    func run(_ arguments: [String]) async -> (Int32, String, String) {
        let capture = CLIIO.Capture()
        let status = await CourierCLI.run(arguments: arguments, io: capture.io())
        return (status, capture.standardOutput, capture.standardError)
    }

    /// Every command, subcommands of subcommands included.
    static func allCommands() -> [any ParsableCommand.Type] {
        var found: [any ParsableCommand.Type] = []
        var pending: [any ParsableCommand.Type] = [CourierCommand.self]
        while let command = pending.popLast(), found.count < 200 {
            found.append(command)
            pending += command.configuration.subcommands
        }
        return found
    }

    @Test func helpHasNoHardLineBreaksInAnyCommand() {
        let commands = Self.allCommands()
        #expect(commands.count > 20)
        for command in commands {
            let name = command.configuration.commandName ?? "\(command)"
            // Indented lines are tables and examples; prose lines end where a sentence or a list intro does.
            for line in command.configuration.discussion.split(separator: "\n") where !line.hasPrefix(" ") {
                #expect(".:)".contains(line.last ?? "."), "courier \(name): \(line)")
            }
            #expect(!command.configuration.abstract.contains("\n"), "courier \(name) abstract")
            // Wide enough that nothing wraps: an option's help continues on a line of its own only after an
            // option whose names fill the first column; any other indented line is a break in a help string.
            let lines = command.helpMessage(columns: 10_000).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where index > 0 && line.hasPrefix("      ") {
                let previous = lines[index - 1].trimmingCharacters(in: .whitespaces)
                let followsNamesAlone = previous.hasPrefix("-") && !previous.contains("  ")
                let isDiscussion = command.configuration.discussion.contains(line.trimmingCharacters(in: .whitespaces))
                #expect(followsNamesAlone || isDiscussion, "courier \(name): \(line)")
            }
        }
    }

    /// The part of a script that completes the root command (`courier --<Tab>`), not `courier request`.
    static func rootPart(of script: String, shell: String) -> String {
        if shell == "fish" {
            return script.split(separator: "\n").filter { $0.contains("_options \"courier\" ") }.joined(separator: "\n")
        }
        guard let start = script.range(of: "\n_courier() {") else { return "" }
        let end =
            script.range(of: "\n_courier_", range: start.upperBound..<script.endIndex)?.lowerBound ?? script.endIndex
        return String(script[start.upperBound..<end])
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptsOfferTheRequestFormsFlagsAtTheRoot(shell: String) async {
        let (status, script, _) = await run(["--generate-completion-script", shell])
        #expect(status == 0)
        let root = Self.rootPart(of: script, shell: shell)
        for flag in ["follow", "download", "all", "print", "check-status", "session", "path-as-is"] {
            let written = shell == "fish" ? "-l '\(flag)'" : "--\(flag)"
            #expect(root.contains(written), "\(shell): \(flag)")
        }
        for subcommand in ["download", "serve", "tour"] {
            #expect(script.contains(subcommand), "\(shell): \(subcommand)")
        }
        let (_, assigned, _) = await run(["--generate-completion-script=\(shell)"])
        #expect(assigned == script)
    }

    /// The bash script, loaded into bash: the root offers the request form's flags and the subcommands, and a
    /// subcommand's flags are its own.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/bin/bash")))
    func bashCompletesTheRootAndTheSubcommands() async throws {
        let (_, script, _) = await run(["--generate-completion-script", "bash"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-completion-\(UUID()).bash")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        func complete(_ words: [String]) throws -> [String] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            process.arguments = [
                "-c",
                "source '\(file.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); "
                    + "_courier courier '\(words.last ?? "")' '\(words.dropLast().last ?? "")'; printf '%s\\n' \"${COMPREPLY[@]}\"",
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        #expect(try complete(["courier", "--fo"]) == ["--follow", "--form"])
        #expect(try complete(["courier", "--pa"]) == ["--path-as-is"])
        #expect(try complete(["courier", "dow"]) == ["download"])
        // download's own --continue and --overwrite, not the request form's --chunked or --curl.
        #expect(try complete(["courier", "download", "--c"]) == ["--continue"])
    }

    /// The fish script, loaded into fish (when it is installed): the same behaviour, flags after the URL too.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")))
    func fishCompletesTheRootAndTheSubcommands() async throws {
        let (_, script, _) = await run(["--generate-completion-script", "fish"])
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("courier-completion-\(UUID()).fish")
        try Data(script.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        func complete(_ line: String) throws -> [String] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/fish")
            process.arguments = ["--no-config", "-c", "source '\(file.path)'; complete -C '\(line)'"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            // Each line is the word, a tab and its description.
            return String(decoding: output, as: UTF8.self).split(separator: "\n").map {
                String($0.prefix { $0 != "\t" })
            }
        }
        #expect(try complete("courier --fo") == ["--follow", "--form"])
        #expect(try complete("courier example.com --pa") == ["--path-as-is"])
        #expect(try complete("courier dow") == ["download"])
        #expect(try complete("courier download --c") == ["--continue"])
    }

    @Test func anUnknownShellIsAUsageError() async {
        let (status, out, _) = await run(["--generate-completion-script", "tcsh"])
        #expect(status != 0 || !out.contains("--follow"))
    }

    @Test(arguments: [("--folow", "--follow"), ("--verbos", "--verbose"), ("--al", "--all"), ("--chunk", "--chunked")])
    func typosAreMatchedToTheRequestFormsFlags(typo: String, flag: String) async {
        let (status, _, error) = await run([typo, "example.com"])
        #expect(status == 2)
        #expect(error.contains("'\(flag)'"), "\(error)")
    }
}
