import CourierCLI
import Foundation

exit(await CourierCLI.run(arguments: Array(CommandLine.arguments.dropFirst())))
