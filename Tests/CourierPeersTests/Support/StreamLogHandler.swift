import Logging

/// A log handler that hands each message, with its `peer` metadata, to a stream, so a test can await what a
/// session logs (the arrival of a heartbeat, which raises no event).
struct StreamLogHandler: LogHandler {
    let sink: AsyncStream<(message: String, peer: String?)>.Continuation
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        sink.yield((event.message.description, event.metadata?["peer"]?.description))
    }

    /// A logger whose messages arrive on the returned stream.
    static func logger() -> (Logger, AsyncStream<(message: String, peer: String?)>) {
        let (stream, sink) = AsyncStream.makeStream(of: (message: String, peer: String?).self)
        return (Logger(label: "test", factory: { _ in StreamLogHandler(sink: sink) }), stream)
    }
}
