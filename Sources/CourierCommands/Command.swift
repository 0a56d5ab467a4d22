import Courier
import Foundation

/// A unit of network work in the command-dispatch pattern (the book's chapter 5): it checks what it
/// needs (network, a logged-in user) through its ``CommandContext``, sends its request, and returns its
/// result or throws. It never retries, prompts or waits for the network itself — the exception listeners
/// of the ``CommandQueue`` do that, so the caller sees only the final success or failure.
///
/// A command runs once. When a listener resubmits it (after "retry", after the network came back, after
/// a login), the queue runs a fresh ``copy()``; the copy keeps the ``id``.
///
/// ```swift
/// struct FetchItems: Command {
///     let id = CommandID.unique("items")
///     let baseURL: URL
///     func run(in context: CommandContext) async throws -> [Item] {
///         let request = Request(url: baseURL.appendingPathComponent("items"))
///         return try await context.send(request, authenticated: true).decode([Item].self)
///     }
/// }
/// let items = try await queue.run(FetchItems(baseURL: api))
/// ```
public protocol Command: Sendable {
    /// What a successful run returns.
    associatedtype Output: Sendable

    /// The command's identity, stable across copies (resubmissions): dependencies and per-instance
    /// results refer to it.
    var id: CommandID { get }

    /// Whether this command logs the user in. A login command's failures never go to the
    /// ``AuthenticationListener`` (that would ask for a login to repair a login). Default `false`.
    var isLogin: Bool { get }

    /// Does the work once.
    /// - Throws: whatever went wrong; the queue routes ``CourierError``s to its listeners (see
    ///   ``CommandFailureKind``).
    func run(in context: CommandContext) async throws -> Output

    /// A fresh copy to run again, with the same ``id``. The default returns `self`, right for value types
    /// that keep no state of a run; a command class returns a new instance.
    func copy() -> Self
}

extension Command {
    /// `false`: a command is not a login unless it says so.
    public var isLogin: Bool { false }
    /// Returns `self`, which is right for a value type that keeps no state of a run.
    public func copy() -> Self { self }
}

/// A command's identity.
public struct CommandID: Hashable, Sendable, CustomStringConvertible {
    /// The identity as text.
    public let rawValue: String

    /// An identity you choose (for a command that stands for one resource, e.g. `"avatar:42"`).
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    /// A new identity unlike any other: `label` followed by a UUID.
    public static func unique(_ label: String = "command") -> CommandID {
        CommandID("\(label)-\(UUID().uuidString)")
    }

    /// The identity as text, ``rawValue``.
    public var description: String { rawValue }
}

/// Where a command goes in the queue: higher priorities first, FIFO within one priority.
public enum CommandPriority: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// Runs after every normal and high-priority command that is ready (prefetching, background refreshes).
    case low = 0
    /// The priority of commands that do not ask for another.
    case normal = 1
    /// Runs before every ready command of lower priority (what the user waits for).
    case high = 2

    /// Orders priorities from ``low`` to ``high``.
    public static func < (lhs: CommandPriority, rhs: CommandPriority) -> Bool { lhs.rawValue < rhs.rawValue }

    var taskPriority: TaskPriority {
        switch self {
        case .low: return .low
        case .normal: return .medium
        case .high: return .high
        }
    }
}
