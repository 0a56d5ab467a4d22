/// What a child process did: its exit status and (the start of) what it wrote.
public struct CommandResult: Sendable, Hashable {
    /// The exit status, or 128 plus the signal number when a signal ended it.
    public var exitStatus: Int32
    /// Standard output as UTF-8 text (invalid bytes replaced), cut at the runner's output limit.
    public var standardOutput: String
    /// Standard error as UTF-8 text (invalid bytes replaced), cut at the runner's output limit.
    public var standardError: String

    /// Creates a result.
    public init(exitStatus: Int32, standardOutput: String = "", standardError: String = "") {
        self.exitStatus = exitStatus
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Whether the process exited with status 0.
    public var succeeded: Bool {
        exitStatus == 0
    }
}
