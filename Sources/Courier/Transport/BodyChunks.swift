import Foundation
import NIOCore
import Synchronization

/// Data cut into buffers of at most `chunkSize` bytes.
struct DataChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let data: Data
    let chunkSize: Int

    func makeAsyncIterator() -> Iterator { Iterator(data: data, chunkSize: chunkSize) }

    struct Iterator: AsyncIteratorProtocol {
        let data: Data
        let chunkSize: Int
        var offset = 0
        // Throwing (though it never throws) so that the sequence fits where any body stream does.
        mutating func next() async throws -> ByteBuffer? {
            guard offset < data.count else { return nil }
            let end = Swift.min(offset + chunkSize, data.count)
            let start = data.startIndex + offset
            let buffer = ByteBuffer(bytes: data[start..<(data.startIndex + end)])
            offset = end
            return buffer
        }
    }
}

/// A stream of `Data` as buffers.
struct DataToBuffers: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let base: RequestBody.Stream

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

    struct Iterator: AsyncIteratorProtocol {
        var base: any AsyncIteratorProtocol<Data, any Error>
        mutating func next() async throws -> ByteBuffer? {
            while let data = try await base.next() {
                if !data.isEmpty { return ByteBuffer(data: data) }
            }
            return nil
        }
    }
}

/// A flag that can be taken once, from any thread.
final class OnceFlag: Sendable {
    private let flag = Mutex(false)

    /// `true` the first time only.
    func take() -> Bool {
        flag.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }
}
