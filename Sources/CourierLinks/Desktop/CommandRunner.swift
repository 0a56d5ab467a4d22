/// Runs child processes for ``DesktopIntegration`` (`xdg-mime`, `xdg-open`, a handler's `Exec`
/// line). ``ProcessRunner`` is the real one; tests may supply their own to check the command lines
/// without running anything.
public protocol CommandRunner: Sendable {
    /// Runs a program to completion.
    ///
    /// - Parameters:
    ///   - executable: An absolute path.
    ///   - arguments: The arguments, without the program name.
    ///   - environment: The whole environment of the child.
    /// - Throws: ``LinkError/Code/commandFailed`` when the program cannot be started or runs longer
    ///   than allowed. A non-zero exit status is not an error here; it is in the result.
    func run(_ executable: String, arguments: [String], environment: [String: String]) async throws(LinkError)
        -> CommandResult
}
