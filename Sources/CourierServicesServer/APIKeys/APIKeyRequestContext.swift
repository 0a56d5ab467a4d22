import Hummingbird

/// A request context that carries the caller ``APIKeyMiddleware`` identified, for the handlers and the
/// ``RateLimitMiddleware`` after it.
///
/// ```swift
/// struct AppContext: APIKeyRequestContext {
///     var coreContext: CoreRequestContextStorage
///     var apiCaller: APICaller?
///     init(source: ApplicationRequestContextSource) {
///         self.coreContext = .init(source: source)
///     }
/// }
/// ```
public protocol APIKeyRequestContext: RequestContext {
    /// The caller, once ``APIKeyMiddleware`` has run; `nil` before.
    var apiCaller: APICaller? { get set }
}
