import Hummingbird
import Logging

/// Builds the router of every listener: the middleware (JSON errors, request log, fault delay, response
/// compression) and the endpoint groups, one file per chapter.
enum SampleRoutes {
    typealias Context = SampleRequestContext

    static func makeRouter(state: SampleServerState) -> Router<Context> {
        let router = Router(context: Context.self)
        if !state.configuration.quiet {
            router.add(middleware: LogRequestsMiddleware(.info))
        }
        router.add(middleware: JSONErrorMiddleware())
        router.add(middleware: FaultMiddleware(state: state))
        router.add(middleware: ResponseCompressionMiddleware())

        router.get("/") { _, _ in
            SampleHTTP.json(
                .object([
                    ("service", .string("Courier sample back end")),
                    ("docs", .string("see docs/SAMPLE-SERVER.md for every endpoint")),
                ]))
        }
        FacadeRoutes.register(on: router, state: state)
        RequestRoutes.register(on: router, state: state)
        PayloadRoutes.register(on: router, state: state)
        ErrorRoutes.register(on: router, state: state)
        BankingRoutes.register(on: router, state: state)
        PerformanceRoutes.register(on: router, state: state)
        PushRoutes.register(on: router, state: state)
        TextbookRoutes.register(on: router, state: state)
        ImageRoutes.register(on: router, state: state)
        return router
    }
}

/// Applies the global fault switch: every request waits `/faults/slow`'s delay first.
struct FaultMiddleware<Context: RequestContext>: RouterMiddleware {
    let state: SampleServerState

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        let delay = self.state.withStorage { $0.faults.delay }
        if delay > 0 && !request.uri.path.hasPrefix("/faults/") {
            try await Task.sleep(for: .seconds(delay))
        }
        return try await next(request, context)
    }
}
