/// The end of the chain: hands the request to the protocol handler that takes it
/// (custom handlers first, in reverse registration order), or to async-http-client for `http(s)`.
struct TransportInterceptor: Interceptor {
    func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        let context = chain.context
        if let handler = context.core.handler(for: request) {
            return try await ProtocolHandlerBridge.load(request, with: handler, context: context)
        }
        if request.url.isHTTP {
            return try await context.core.httpTransport.execute(request, context: context)
        }
        throw CourierError(
            .unsupportedURL, outcome: .notSent,
            message:
                "no protocol handler for \"\(request.url.scheme ?? "")\" URLs; register one in SessionConfiguration.protocolHandlers",
            request: request)
    }
}
