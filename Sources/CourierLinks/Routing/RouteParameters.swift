import Foundation

/// The typed values a URL gave a route's placeholders, looked up by name.
///
/// ```swift
/// let id = try request.parameters.int("id")
/// let image = try request.parameters.data("data")
/// ```
public struct RouteParameters: Sendable, Hashable {
    /// The values by placeholder name.
    public let values: [String: RouteValue]

    /// Creates parameters.
    public init(_ values: [String: RouteValue] = [:]) {
        self.values = values
    }

    /// The value of a placeholder, whatever its type.
    public subscript(name: String) -> RouteValue? {
        values[name]
    }

    /// The value of an `int` placeholder.
    ///
    /// - Throws: ``LinkError/Code/invalidParameter`` when the route has no such `int` placeholder.
    public func int(_ name: String) throws(LinkError) -> Int {
        guard case .int(let value) = values[name] else {
            throw missing(name, "int")
        }
        return value
    }

    /// The value of a `string` placeholder.
    ///
    /// - Throws: ``LinkError/Code/invalidParameter`` when the route has no such `string` placeholder.
    public func string(_ name: String) throws(LinkError) -> String {
        guard case .string(let value) = values[name] else {
            throw missing(name, "string")
        }
        return value
    }

    /// The bytes of a `data` placeholder.
    ///
    /// - Throws: ``LinkError/Code/invalidParameter`` when the route has no such `data` placeholder.
    public func data(_ name: String) throws(LinkError) -> Data {
        guard case .data(let value) = values[name] else {
            throw missing(name, "data")
        }
        return value
    }

    private func missing(_ name: String, _ type: String) -> LinkError {
        LinkError(.invalidParameter, "the route has no \(type) parameter named \"\(name)\"")
    }
}
