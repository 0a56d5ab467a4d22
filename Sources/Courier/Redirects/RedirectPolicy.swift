/// Whether and how far a session follows redirects.
public enum RedirectPolicy: Sendable, Hashable {
    /// Follow up to `maximum` redirects; more is `httpTooManyRedirects`.
    case follow(maximum: Int)
    /// Never follow: a 3xx is the final response.
    case none

    /// The number of redirects allowed.
    var maximum: Int {
        switch self {
        case .follow(let maximum): return max(0, maximum)
        case .none: return 0
        }
    }
}
