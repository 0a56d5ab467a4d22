extension SocketError {
    /// Runs `body`, a step that opens or changes a socket (bind, resolve, connect, a multicast membership):
    /// any error it throws becomes a ``SocketError`` with `code` and `message`, which say what was being done
    /// and to which host and port, the error kept as the underlying cause.
    static func wrapping<Value>(
        _ code: Code, _ message: @autoclosure () -> String, _ body: () async throws -> Value
    ) async throws(SocketError) -> Value {
        do {
            return try await body()
        } catch {
            throw SocketError(code: code, message: message(), underlying: "\(error)")
        }
    }
}
