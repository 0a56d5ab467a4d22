import Foundation

/// The lines of standard input as an `AsyncStream`, read by a thread of their own (a blocking read must
/// not hold a Swift concurrency thread). The stream ends at end of input.
enum StandardInputLines {
    static func stream() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream.makeStream(of: String.self, bufferingPolicy: .bufferingOldest(64))
        let thread = Thread {
            reading: while let line = readLine(strippingNewline: true) {
                // A full buffer drops nothing: this thread waits until the chat took some lines.
                while true {
                    switch continuation.yield(line) {
                    case .enqueued: continue reading
                    case .terminated: break reading
                    case .dropped: Thread.sleep(forTimeInterval: 0.01)
                    @unknown default: break reading
                    }
                }
            }
            continuation.finish()
        }
        thread.start()
        return stream
    }
}
