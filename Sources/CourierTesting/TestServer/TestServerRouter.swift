extension TestServer {
    /// Routes requests to handlers by method and path; anything unmatched gets `404 Not Found`.
    ///
    /// Paths match the request path without its query. A pattern ending in `/*` matches every path under
    /// that prefix (`/files/*` matches `/files/a` and `/files/a/b`, not `/files`). The first route added
    /// that matches wins.
    ///
    /// ```swift
    /// var router = TestServer.Router()
    /// router.get("/hello") { _ in .text("hello") }
    /// router.post("/echo") { request in .data(request.body) }
    /// router.get("/files/*") { request in .text(request.path) }
    /// let server = try await TestServer.start(router: router)
    /// ```
    public struct Router: Sendable {
        /// A request handler, as passed to ``TestServer/start(host:port:tls:bodyLimit:eventLoopGroup:handler:)``.
        public typealias Handler = @Sendable (Request) async throws -> Response

        private struct Route: Sendable {
            var method: String?
            var pattern: String
            var handler: Handler

            func matches(_ request: Request) -> Bool {
                if let method, method != request.method {
                    return false
                }
                if self.pattern.hasSuffix("/*") {
                    return request.path.hasPrefix(self.pattern.dropLast())
                }
                return request.path == self.pattern
            }
        }

        private var routes: [Route] = []

        /// Creates a router with no routes.
        public init() {}

        /// Adds a route for `method` (any method when `nil`) and a path pattern.
        public mutating func on(_ method: String?, _ pattern: String, handler: @escaping Handler) {
            self.routes.append(Route(method: method, pattern: pattern, handler: handler))
        }

        /// Adds a `GET` route.
        public mutating func get(_ pattern: String, handler: @escaping Handler) {
            self.on("GET", pattern, handler: handler)
        }

        /// Adds a `HEAD` route.
        public mutating func head(_ pattern: String, handler: @escaping Handler) {
            self.on("HEAD", pattern, handler: handler)
        }

        /// Adds a `POST` route.
        public mutating func post(_ pattern: String, handler: @escaping Handler) {
            self.on("POST", pattern, handler: handler)
        }

        /// Adds a `PUT` route.
        public mutating func put(_ pattern: String, handler: @escaping Handler) {
            self.on("PUT", pattern, handler: handler)
        }

        /// Adds a `PATCH` route.
        public mutating func patch(_ pattern: String, handler: @escaping Handler) {
            self.on("PATCH", pattern, handler: handler)
        }

        /// Adds a `DELETE` route.
        public mutating func delete(_ pattern: String, handler: @escaping Handler) {
            self.on("DELETE", pattern, handler: handler)
        }

        /// Runs the first matching route's handler, or answers `404 Not Found`.
        ///
        /// - Throws: Whatever the matching handler throws.
        public func respond(to request: Request) async throws -> Response {
            guard let route = self.routes.first(where: { $0.matches(request) }) else {
                return .text("no route for \(request.method) \(request.path)\n", status: 404)
            }
            return try await route.handler(request)
        }
    }
}
