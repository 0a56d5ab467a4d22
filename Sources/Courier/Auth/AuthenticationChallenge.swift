import Foundation

/// A server's (or proxy's) request for credentials, like `URLAuthenticationChallenge`.
public struct AuthenticationChallenge: Sendable {
    /// Where the credentials would apply.
    public let protectionSpace: ProtectionSpace
    /// A credential Courier would use by default (from the URL, the credential store, or the session),
    /// or `nil`.
    public let proposedCredential: Credential?
    /// How many times credentials for this space already failed during this task.
    public let previousFailureCount: Int
    /// The 401/407 response that carried the challenge.
    public let failureResponse: Response?

    /// Creates a challenge, for tests of a ``SessionDelegate`` and for custom protocol handlers.
    public init(
        protectionSpace: ProtectionSpace, proposedCredential: Credential?, previousFailureCount: Int,
        failureResponse: Response?
    ) {
        self.protectionSpace = protectionSpace
        self.proposedCredential = proposedCredential
        self.previousFailureCount = previousFailureCount
        self.failureResponse = failureResponse
    }
}

/// What to do with a challenge.
public enum ChallengeDisposition: Sendable {
    /// Answer with this credential.
    case useCredential(Credential)
    /// Let Courier decide: use the proposed credential while `previousFailureCount` is 0, else give up
    /// with `userAuthenticationRequired` (repeated tries lock accounts).
    case performDefaultHandling
    /// Refuse this scheme; the next one the server offered is tried.
    case rejectProtectionSpace
    /// Stop: the task fails with `userCancelledAuthentication`.
    case cancel
}
