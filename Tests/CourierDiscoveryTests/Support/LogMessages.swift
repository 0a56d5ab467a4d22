import Logging

/// A log handler that hands each message to a stream, so a test can await a step that raises no event of its
/// own but is logged (``Discovery/run()`` having started).
struct LogMessages: LogHandler {
    let sink: AsyncStream<String>.Continuation
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        sink.yield(event.message.description)
    }

    /// A logger whose messages arrive on the returned stream.
    static func logger() -> (Logger, AsyncStream<String>) {
        let (stream, sink) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
        return (Logger(label: "test", factory: { _ in LogMessages(sink: sink) }), stream)
    }
}
