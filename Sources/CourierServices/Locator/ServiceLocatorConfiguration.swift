import Foundation
import Logging

/// Where a ``ServiceLocator`` finds its document, where it keeps the last good copy, and how often it
/// refreshes.
///
/// ```swift
/// var configuration = ServiceLocatorConfiguration(
///     environment: .qa,
///     documents: [
///         .dev: URL(string: "https://dev.example.com/locator.json")!,
///         .qa: URL(string: "https://qa.example.com/locator.json")!,
///         .production: URL(string: "https://cdn.example.com/locator.json")!,
///     ])
/// configuration.cacheDirectory = applicationSupport.appendingPathComponent("locator")
/// configuration.refreshInterval = .seconds(15 * 60)
/// ```
public struct ServiceLocatorConfiguration: Sendable {
    /// The environment whose document is used.
    public var environment: ServiceEnvironment
    /// One locator document per environment.
    public var documents: [ServiceEnvironment: URL]
    /// The directory that keeps the last good document of each environment (a 0600 file in a 0700
    /// directory, written crash-safely), so that a start without network still finds services. `nil`
    /// keeps nothing on disk.
    public var cacheDirectory: URL?
    /// How often ``ServiceLocator/startRefreshing()`` reloads the document; `nil` (the default) never
    /// reloads on its own.
    public var refreshInterval: Duration?
    /// The largest document accepted; a longer body is a `couldNotLoad` error.
    public var maximumDocumentSize: Int = ServiceDocument.defaultMaximumSize
    /// Where the locator reports what it could not do quietly (a disk copy that could not be written).
    public var logger: Logger = Logger(label: "courier.services.locator")

    /// A configuration choosing `environment` among `documents`.
    public init(environment: ServiceEnvironment, documents: [ServiceEnvironment: URL], cacheDirectory: URL? = nil) {
        self.environment = environment
        self.documents = documents
        self.cacheDirectory = cacheDirectory
    }

    /// A configuration with a single document (filed under `environment`, production by default).
    public init(documentURL: URL, environment: ServiceEnvironment = .production, cacheDirectory: URL? = nil) {
        self.init(environment: environment, documents: [environment: documentURL], cacheDirectory: cacheDirectory)
    }

    /// The document URL of the chosen environment, or `nil` when ``documents`` has none for it.
    public var documentURL: URL? { self.documents[self.environment] }
}
