import CourierCLI
import Foundation

// A reader that goes away (`courier URL | head`) makes writes fail with EPIPE, which the CLI handles,
// instead of killing the process with SIGPIPE.
signal(SIGPIPE, SIG_IGN)
exit(await CourierCLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
