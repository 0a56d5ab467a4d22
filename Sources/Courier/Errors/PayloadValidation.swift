import Foundation

extension Response {
    /// Runs your own check of the response and its collected body before you decode it — a signature, a
    /// schema version, a required member. Returns the response so calls chain.
    ///
    /// ```swift
    /// let items = try await session.data(for: request)
    ///     .validate()
    ///     .validate { response, data in
    ///         guard response.value(forHTTPHeaderField: "X-Schema") == "2" else { throw SchemaMismatch() }
    ///     }
    ///     .decode([Item].self)
    /// ```
    /// - Throws: a ``CourierError`` thrown by `check` as it is; any other error wrapped as
    ///   `cannotParseResponse` (kind `.payload`) with it as the underlying error.
    @discardableResult
    public func validate(_ check: (_ response: Response, _ data: Data) throws -> Void) throws -> Response {
        do {
            try check(self, data)
        } catch let error as CourierError {
            throw error
        } catch {
            throw CourierError(
                .cannotParseResponse, kind: .payload, outcome: .failed,
                message: "the response from \(url.hostDescription) failed validation: \(error)",
                request: request, response: withoutBody, underlyingError: error)
        }
        return self
    }
}
