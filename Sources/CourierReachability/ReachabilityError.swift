#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a network watch could not be opened or kept: a system call failed, or this system lacks what the
/// watch needs. ``Reachability`` handles these itself (it falls back, then reports `.reachable(via: .other)`);
/// they reach callers only from a source used directly, such as ``InterfacePollingSource/currentInterfaces()``.
public struct ReachabilityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The kind of failure.
    public enum Code: Hashable, Sendable {
        /// A system call failed; ``ReachabilityError/systemError`` holds its `errno`.
        case systemCallFailed
        /// This system has no such facility (rtnetlink off Linux, a C library without `setns(2)`).
        case unsupported
    }

    /// The kind of failure.
    public var code: Code
    /// The `errno` of the failed system call, when there was one.
    public var systemError: Int32?
    /// A short sentence naming what failed.
    public var message: String

    /// An error of `code`, with the `errno` of the system call that failed, if any, and a sentence saying what failed.
    public init(_ code: Code, systemError: Int32? = nil, message: String) {
        self.code = code
        self.systemError = systemError
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// A failed system call, named with its `errno` and the C library's text for it.
    static func posix(_ call: String, _ code: Int32) -> ReachabilityError {
        ReachabilityError(
            .systemCallFailed, systemError: code,
            message: "\(call) failed: \(String(cString: strerror(code))) (errno \(code))")
    }
}
