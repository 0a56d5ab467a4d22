// Chain assembly: which stages a session's tasks pass through, in order.

extension SessionCore {
    /// The chain, outermost first (see DESIGN.md section 2): your interceptors, then one stage per concern
    /// of HTTP, then your network interceptors, then the transport.
    static func makeStages(_ configuration: SessionConfiguration) -> [any Interceptor] {
        var stages: [any Interceptor] = configuration.interceptors
        stages.append(RetryInterceptor(configuration: configuration))
        stages.append(RedirectInterceptor())
        stages.append(AuthenticationInterceptor())
        stages.append(CookieInterceptor(configuration: configuration))
        stages.append(ContentEncodingInterceptor())
        stages.append(CacheInterceptor())
        stages += configuration.networkInterceptors
        stages.append(TransportInterceptor())
        return stages
    }
}
