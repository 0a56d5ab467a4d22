/// Why a warehouse client failed, each with the book's message (chapter 8, listings 8-2 to 8-7).
public enum WarehouseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// `socket()` failed.
    case cannotAllocateResources
    /// The host name did not resolve.
    case cannotResolveHost
    /// No address of the host accepted the connection (or the connect timed out).
    case cannotConnect
    /// The server closed without sending anything, or nothing came before the read timeout.
    case cannotRead
    /// The connection failed while reading (a reset, for instance).
    case unexpectedReadError
    /// The response is not a status line.
    case cannotParse
    /// This client does not exist on this platform; `reason` says why.
    case unavailable(reason: String)

    /// The message a user sees, word for word the book's.
    public var message: String {
        switch self {
        case .cannotAllocateResources: "Unable to allocate networking resources."
        case .cannotResolveHost: "Unable to resolve the hostname of the warehouse server."
        case .cannotConnect: "Unable to connect to the warehouse server."
        case .cannotRead: "Unable to read data from the warehouse server."
        case .unexpectedReadError: "An unexpected error occurred while reading from the warehouse server."
        case .cannotParse: "Unable to parse the response from the warehouse server."
        case .unavailable(let reason): reason
        }
    }

    /// The message.
    public var description: String { message }
}
