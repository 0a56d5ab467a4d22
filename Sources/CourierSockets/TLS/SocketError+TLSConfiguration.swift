extension SocketError {
    /// Runs `body`, which builds TLS state from the caller's settings: a ``SocketError`` it throws passes
    /// through, and any other error becomes ``Code/invalidConfiguration`` with `message`, the error kept as
    /// the underlying cause.
    static func invalidConfiguration<Value>(
        _ message: String, whenFailing body: () throws -> Value
    ) throws(SocketError) -> Value {
        do {
            return try body()
        } catch let error as SocketError {
            throw error
        } catch {
            throw SocketError(code: .invalidConfiguration, message: message, underlying: "\(error)")
        }
    }
}
