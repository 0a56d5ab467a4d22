/// A violation of the FTP protocol by the server (a malformed reply, an impossible passive address).
public struct FTPProtocolError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) { self.message = message }

    /// The message.
    public var description: String { message }
}
