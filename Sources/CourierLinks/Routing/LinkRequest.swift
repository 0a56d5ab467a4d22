/// A URL matched to a route, as a route's validation step and handler see it.
public struct LinkRequest: Sendable, Hashable {
    /// The parsed URL.
    public let url: LinkURL
    /// The route that matched.
    public let pattern: RoutePattern
    /// The typed values of the route's placeholders.
    public let parameters: RouteParameters
    /// Whether the program was launched for this URL or was already running.
    public let launch: LaunchContext
    /// The program that opened the URL, when the caller says (iOS: `sourceApplication`).
    public let sourceApplication: String?
    /// Extra information from the opener, when the caller gives some (iOS: `annotation`).
    public let annotation: [String: String]?

    /// Creates a request.
    public init(
        url: LinkURL,
        pattern: RoutePattern,
        parameters: RouteParameters,
        launch: LaunchContext = .alreadyRunning,
        sourceApplication: String? = nil,
        annotation: [String: String]? = nil
    ) {
        self.url = url
        self.pattern = pattern
        self.parameters = parameters
        self.launch = launch
        self.sourceApplication = sourceApplication
        self.annotation = annotation
    }
}
