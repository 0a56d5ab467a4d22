import ArgumentParser

/// What `courier --generate-completion-script bash|zsh|fish` is generated from: the root command's
/// subcommands together with the options of the default request form, so that `courier --fo<Tab>` offers
/// `--follow` and `--form` as `courier download --<Tab>` offers download's options. ArgumentParser writes a
/// root command's own options only, and `courier`'s root has none but `--help` and `--version`: the request
/// form's flags, the ones used most, would be missing.
///
/// Never parsed: the real root is ``CourierCommand``, which these scripts call back for nothing but what
/// ArgumentParser's own scripts would.
struct CompletionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: CourierCommand.configuration.commandName,
        abstract: CourierCommand.configuration.abstract,
        version: CourierCommand.configuration.version,
        subcommands: CourierCommand.configuration.subcommands
    )

    @OptionGroup var request: RequestCommand

    static let flag = "--generate-completion-script"

    /// The script `arguments` ask for (`--generate-completion-script bash`, `…=zsh`, or without a shell the
    /// one `$SHELL` names), or `nil` when they ask for none or name no shell ArgumentParser knows, which its
    /// own parsing then reports.
    static func script(for arguments: [String]) -> String? {
        guard let first = arguments.first else { return nil }
        let name: String?
        if first == flag {
            guard arguments.count <= 2 else { return nil }
            name = arguments.count == 2 ? arguments[1] : nil
        } else if first.hasPrefix(flag + "="), arguments.count == 1 {
            name = String(first.dropFirst(flag.count + 1))
        } else {
            return nil
        }
        let shell = name.map { CompletionShell(rawValue: $0) } ?? CompletionShell.autodetected()
        return shell.map { withoutRootPositionals(completionScript(for: $0), shell: $0) }
    }

    /// The script with the request form's URL and items left out of the root command: to the scripts, a root
    /// that takes any number of words swallows a subcommand's name as one of them, and `courier download
    /// --<Tab>` would offer the request form's flags instead of download's. The root's flags are completed
    /// before the URL (`courier --fo<Tab> URL`). Each change is made where the generated script declares the
    /// root's positionals; a script that does not have that line is returned as it is.
    static func withoutRootPositionals(_ script: String, shell: CompletionShell) -> String {
        let (root, declaration, replacement): (String, String, String) =
            switch shell {
            case .bash:
                ("\n_courier() {\n", "    __courier_offer_flags_options -1\n", "    __courier_offer_flags_options 0\n")
            case .zsh: ("\n_courier() {\n", "        '*:words:'\n", "")
            case .fish:
                (
                    "    case 'courier'\n", "        __courier_parse_subcommand -r 1 ",
                    "        __courier_parse_subcommand 0 "
                )
            default: ("", "", "")
            }
        guard !root.isEmpty, let start = script.range(of: root),
            let line = script.range(of: declaration, range: start.upperBound..<script.endIndex),
            !script[start.upperBound..<line.lowerBound].contains("\n_courier_")
        else { return script }
        return script.replacingCharacters(in: line, with: replacement)
    }
}
