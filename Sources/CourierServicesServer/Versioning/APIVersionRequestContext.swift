import Hummingbird

/// A request context that carries the API version ``VersionRouter`` chose, for the handler to answer in.
public protocol APIVersionRequestContext: RequestContext {
    /// The API version chosen for this request; `nil` before ``VersionRouter`` ran.
    var apiVersion: String? { get set }
}
