import Foundation

/// Dispatches URLs of custom schemes to handlers: one handler per ``RoutePattern``, a validation
/// step before dispatch that may refuse (the book's `canHandleURL:fromSourceApplication:withAnnotation:`),
/// and the launch-versus-running flag of the book's two paths.
///
/// Nothing a URL says can crash the router: malformed text, unknown routes, parameters of the wrong
/// type, oversized or plain-base64 data and refusals are each a ``LinkError`` with its own code.
///
/// ```swift
/// var router = URLRouter<String>()
/// try router.register(
///     "acme-directory://employee/{id:int}",
///     validate: { request in try directory.contains(request.parameters.int("id")) }
/// ) { request in
///     "employee \(try request.parameters.int("id"))"
/// }
/// let shown = try await router.dispatch("acme-directory://employee/1", launch: .launched)
/// ```
public struct URLRouter<Output: Sendable>: Sendable {
    /// Decides whether a matched URL may be handled; `false` refuses it. Throwing a ``LinkError``
    /// refuses it with that error's message.
    public typealias Validator = @Sendable (LinkRequest) async throws -> Bool
    /// Handles a matched and validated URL.
    public typealias Handler = @Sendable (LinkRequest) async throws -> Output

    private struct Route: Sendable {
        var pattern: RoutePattern
        var validate: Validator?
        var handle: Handler
    }

    private var routes: [Route] = []

    /// The longest URL text accepted.
    public var maximumURLLength: Int
    /// The codec and size limit for `data` placeholders.
    public var payload: LinkPayload

    /// Creates an empty router.
    ///
    /// - Parameters:
    ///   - maximumURLLength: The longest URL text accepted, in bytes.
    ///   - payload: The size limit (and format) for `data` placeholders.
    public init(maximumURLLength: Int = LinkURL.defaultMaximumLength, payload: LinkPayload = LinkPayload()) {
        self.maximumURLLength = maximumURLLength
        self.payload = payload
    }

    /// The registered patterns, in registration order.
    public var patterns: [RoutePattern] {
        routes.map(\.pattern)
    }

    /// The schemes that have at least one route.
    public var schemes: Set<URLScheme> {
        Set(routes.map(\.pattern.scheme))
    }

    /// Adds a route.
    ///
    /// - Parameters:
    ///   - pattern: The route, such as `acme-records://addimage/{employeeId:int}/{data:data}`.
    ///   - validate: The check run before the handler; nil accepts every match.
    ///   - handler: What to do with the URL.
    /// - Throws: ``LinkError/Code/invalidRoute`` for a pattern that cannot be parsed or one that is
    ///   already registered.
    public mutating func register(
        _ pattern: String,
        validate: Validator? = nil,
        handler: @escaping Handler
    ) throws(LinkError) {
        try register(RoutePattern(pattern), validate: validate, handler: handler)
    }

    /// Adds a route.
    ///
    /// - Throws: ``LinkError/Code/invalidRoute`` when the pattern is already registered.
    public mutating func register(
        _ pattern: RoutePattern,
        validate: Validator? = nil,
        handler: @escaping Handler
    ) throws(LinkError) {
        guard !routes.contains(where: { $0.pattern.description == pattern.description }) else {
            throw LinkError(.invalidRoute, "the route \(pattern) is already registered")
        }
        routes.append(Route(pattern: pattern, validate: validate, handle: handler))
    }

    /// Matches URL text to a route without validating or handling it.
    ///
    /// - Throws: ``LinkError/Code/malformedURL``, ``LinkError/Code/unknownRoute`` when no route
    ///   matches, ``LinkError/Code/invalidParameter`` when the only routes that fit the shape of the
    ///   URL reject a placeholder's text, and the payload errors for `data` placeholders.
    public func match(
        _ text: String,
        launch: LaunchContext = .alreadyRunning,
        sourceApplication: String? = nil,
        annotation: [String: String]? = nil
    ) throws(LinkError) -> LinkRequest {
        let url = try LinkURL(text, maximumLength: maximumURLLength)
        let (route, parameters) = try find(url)
        return LinkRequest(
            url: url,
            pattern: route.pattern,
            parameters: parameters,
            launch: launch,
            sourceApplication: sourceApplication,
            annotation: annotation
        )
    }

    /// Whether a URL matches a route and passes its validation (the book's `canHandleURL`).
    /// A nil URL cannot be handled.
    public func canHandle(
        _ url: URL?,
        sourceApplication: String? = nil,
        annotation: [String: String]? = nil
    ) async -> Bool {
        guard let url else {
            return false
        }
        return await canHandle(url.absoluteString, sourceApplication: sourceApplication, annotation: annotation)
    }

    /// Whether URL text matches a route and passes its validation.
    public func canHandle(
        _ text: String,
        sourceApplication: String? = nil,
        annotation: [String: String]? = nil
    ) async -> Bool {
        do {
            let request = try match(text, sourceApplication: sourceApplication, annotation: annotation)
            try await validate(request)
            return true
        } catch {
            return false
        }
    }

    /// Matches, validates and handles a URL.
    ///
    /// - Parameters:
    ///   - url: The URL; nil is refused, as in the book.
    ///   - launch: Whether the program was launched for this URL or already running.
    ///   - sourceApplication: The program that opened the URL, if known.
    ///   - annotation: Extra information from the opener, if any.
    /// - Returns: What the handler returned.
    /// - Throws: ``LinkError/Code/refused`` for a nil URL or when validation says no, the errors of
    ///   ``match(_:launch:sourceApplication:annotation:)``, and whatever the handler throws.
    public func dispatch(
        _ url: URL?,
        launch: LaunchContext = .alreadyRunning,
        sourceApplication: String? = nil,
        annotation: [String: String]? = nil
    ) async throws -> Output {
        guard let url else {
            throw LinkError(.refused, "no URL was given to handle")
        }
        return try await dispatch(
            url.absoluteString, launch: launch, sourceApplication: sourceApplication, annotation: annotation)
    }

    /// Matches, validates and handles URL text.
    ///
    /// - Throws: As ``dispatch(_:launch:sourceApplication:annotation:)-(URL?,_,_,_)``.
    public func dispatch(
        _ text: String,
        launch: LaunchContext = .alreadyRunning,
        sourceApplication: String? = nil,
        annotation: [String: String]? = nil
    ) async throws -> Output {
        let request = try match(text, launch: launch, sourceApplication: sourceApplication, annotation: annotation)
        try await validate(request)
        guard let route = routes.first(where: { $0.pattern == request.pattern }) else {
            throw LinkError(.unknownRoute, "the route \(request.pattern) is no longer registered")
        }
        return try await route.handle(request)
    }

    private func validate(_ request: LinkRequest) async throws {
        guard let route = routes.first(where: { $0.pattern == request.pattern }), let validate = route.validate else {
            return
        }
        let accepted: Bool
        do {
            accepted = try await validate(request)
        } catch let error as LinkError {
            throw LinkError(.refused, "\(URLScheme.printable(request.url.string)) was refused: \(error.message)")
        }
        guard accepted else {
            throw LinkError(
                .refused,
                "\(URLScheme.printable(request.url.string)) was refused by the validation of route \(request.pattern)")
        }
    }

    private func find(_ url: LinkURL) throws(LinkError) -> (Route, RouteParameters) {
        let sameScheme = routes.filter { $0.pattern.scheme == url.scheme }
        guard !sameScheme.isEmpty else {
            throw LinkError(
                .unknownRoute, "no route handles the scheme \(url.scheme) (in \(URLScheme.printable(url.string)))")
        }
        let sameHost = sameScheme.filter { $0.pattern.host == (url.host ?? "") }
        guard !sameHost.isEmpty else {
            let hosts = Set(sameScheme.map(\.pattern.host)).sorted().joined(separator: ", ")
            throw LinkError(
                .unknownRoute,
                "no route handles \"\(URLScheme.printable(url.host ?? ""))\" for \(url.scheme) (in \(URLScheme.printable(url.string))); known: \(hosts)"
            )
        }
        var parameterError: LinkError?
        for route in sameHost where route.pattern.segments.count == url.pathSegments.count {
            do {
                return (route, try parameters(of: route.pattern, in: url.pathSegments))
            } catch {
                if error.code != .unknownRoute {
                    parameterError = parameterError ?? error
                }
            }
        }
        if let parameterError {
            throw parameterError
        }
        let known = sameHost.map(\.pattern.description).joined(separator: ", ")
        throw LinkError(
            .unknownRoute, "no route matches \(URLScheme.printable(url.string)); routes for that host: \(known)")
    }

    private func parameters(of pattern: RoutePattern, in segments: [String]) throws(LinkError) -> RouteParameters {
        var values: [String: RouteValue] = [:]
        // Literals first, so a URL of another shape is an unknown route rather than a bad parameter.
        for (segment, text) in zip(pattern.segments, segments) {
            if case .literal(let literal) = segment, literal != text {
                throw LinkError(.unknownRoute, "segment \"\(text)\" is not \"\(literal)\"")
            }
        }
        for (segment, text) in zip(pattern.segments, segments) {
            guard case .parameter(let name, let type) = segment else {
                continue
            }
            switch type {
            case .int:
                values[name] = .int(try Self.integer(text, name: name))
            case .string:
                guard !text.isEmpty else {
                    throw LinkError(.invalidParameter, "the parameter \"\(name)\" must not be empty")
                }
                values[name] = .string(text)
            case .data:
                do {
                    values[name] = .data(try payload.decodeData(text))
                } catch {
                    throw LinkError(error.code, "the parameter \"\(name)\": \(error.message)")
                }
            }
        }
        return RouteParameters(values)
    }

    private static func integer(_ text: String, name: String) throws(LinkError) -> Int {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.utf8.count <= 18, digits.utf8.allSatisfy(URLScheme.isDigit), let value = Int(text)
        else {
            throw LinkError(
                .invalidParameter,
                "the parameter \"\(name)\" must be an integer of at most 18 digits, got \"\(URLScheme.printable(text))\""
            )
        }
        return value
    }
}
