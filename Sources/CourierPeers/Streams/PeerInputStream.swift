import Synchronization

/// The receiving end of a byte stream a peer opened with ``PeerSession/openStream(name:to:)``
/// (MultipeerConnectivity's input stream): chunks in order, ending when the sender finishes, or throwing
/// ``PeersError`` when the stream is cut short (`connectionClosed`) or the sender cancels (`cancelled`).
///
/// Back-pressure reaches the sender: while more than ``bufferLimit`` bytes wait unread here, the session stops
/// reading the stream's connection, and the sender's writes suspend once its own buffers fill.
public final class PeerInputStream: AsyncSequence, Sendable {
    /// Bytes that may wait here unread before the connection is no longer read (1 MiB).
    public static let bufferLimit = 1 << 20

    /// The name the sender gave the stream.
    public let name: String
    /// The peer that opened the stream.
    public let peer: PeerInfo

    private struct State {
        var chunks: [[UInt8]] = []
        var head = 0
        var buffered = 0
        var end: Result<Void, PeersError>?
        var reader: CheckedContinuation<[UInt8]?, any Error>?
        var writer: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    init(name: String, peer: PeerInfo) {
        self.name = name
        self.peer = peer
    }

    /// Bytes waiting unread.
    var bufferedBytes: Int { state.withLock { $0.buffered } }

    /// Hands a chunk to the reader; suspends while the buffer is over its limit. Called by the session only.
    func push(_ chunk: [UInt8]) async {
        guard chunk.isEmpty == false else { return }
        let mustWait: Bool = state.withLock { state in
            guard state.end == nil else { return false }
            if let reader = state.reader {
                state.reader = nil
                reader.resume(returning: chunk)
                return false
            }
            state.chunks.append(chunk)
            state.buffered += chunk.count
            return state.buffered > Self.bufferLimit
        }
        guard mustWait else { return }
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                if state.buffered <= Self.bufferLimit || state.end != nil { return true }
                state.writer = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Ends the stream: normally, or with an error the reader sees after the chunks already buffered.
    func finish(_ end: Result<Void, PeersError> = .success(())) {
        let (reader, writer): (CheckedContinuation<[UInt8]?, any Error>?, CheckedContinuation<Void, Never>?) =
            state.withLock { state in
                guard state.end == nil else { return (nil, nil) }
                state.end = end
                defer { (state.reader, state.writer) = (nil, nil) }
                return (state.reader, state.writer)
            }
        writer?.resume()
        switch end {
        case .success: reader?.resume(returning: nil)
        case .failure(let error): reader?.resume(throwing: error)
        }
    }

    private func next() async throws -> [UInt8]? {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<[UInt8]?, any Error>) in
            let (answer, writer): (Result<[UInt8]?, PeersError>?, CheckedContinuation<Void, Never>?) =
                state.withLock { state in
                    if state.head < state.chunks.count {
                        // Taken out, not copied: the slot must not keep the chunk alive until the array is compacted.
                        var chunk: [UInt8] = []
                        swap(&chunk, &state.chunks[state.head])
                        state.head += 1
                        state.buffered -= chunk.count
                        if state.head > 64, state.head * 2 > state.chunks.count {
                            state.chunks.removeFirst(state.head)
                            state.head = 0
                        }
                        var writer: CheckedContinuation<Void, Never>?
                        if state.buffered <= Self.bufferLimit {
                            writer = state.writer
                            state.writer = nil
                        }
                        return (.success(chunk), writer)
                    }
                    switch state.end {
                    case .success: return (.success(nil), nil)
                    case .failure(let error): return (.failure(error), nil)
                    case nil:
                        state.reader = continuation
                        return (nil, nil)
                    }
                }
            writer?.resume()
            if let answer { continuation.resume(with: answer.mapError { $0 as any Error }) }
        }
    }

    /// Iterates the chunks.
    public struct AsyncIterator: AsyncIteratorProtocol {
        fileprivate let stream: PeerInputStream

        /// The next chunk; `nil` at the end.
        ///
        /// - Throws: ``PeersError`` `connectionClosed` or `cancelled` when the stream was cut short.
        public mutating func next() async throws -> [UInt8]? {
            try await stream.next()
        }
    }

    /// An iterator over the chunks (one reader at a time).
    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self)
    }

    /// Reads the whole stream.
    public func collect() async throws -> [UInt8] {
        var bytes: [UInt8] = []
        for try await chunk in self { bytes += chunk }
        return bytes
    }
}
