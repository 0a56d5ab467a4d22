import Synchronization
import Testing

@testable import Courier

/// The queue between a streamed body's producer and its reader.
@Suite struct BoundedChannelTests {
    final class Chunk: Sendable {
        let number: Int
        init(_ number: Int) { self.number = number }
    }

    /// A taken element is released at once: a streamed body's chunks pin network receive buffers, so a queue
    /// that kept taken elements alive held megabytes for a body it had already handed on.
    @Test func aTakenElementIsNotKeptAlive() async throws {
        let channel = BoundedChannel<Chunk>(capacity: 4)
        for number in 0..<20 {
            weak var taken: Chunk?
            do {
                try await channel.send(Chunk(number))
                let chunk = try await channel.next()
                #expect(chunk?.number == number)
                taken = chunk
            }
            #expect(taken == nil, "chunk \(number) is still referenced after it was taken")
        }
        channel.finish()
        #expect(try await channel.next() == nil)
    }

    /// Buffered elements come out in order, the end after them.
    @Test func bufferedElementsKeepTheirOrder() async throws {
        let channel = BoundedChannel<Int>(capacity: 4)
        for number in 0..<4 { try await channel.send(number) }
        channel.finish()
        var taken: [Int] = []
        while let number = try await channel.next() { taken.append(number) }
        #expect(taken == [0, 1, 2, 3])
    }

    /// A producer past the capacity waits until the reader takes one.
    @Test func aFullChannelHoldsTheProducerBack() async throws {
        let channel = BoundedChannel<Int>(capacity: 2)
        for number in 0..<2 { try await channel.send(number) }
        let sent = Atomic<Int>(0)
        let producer = Task {
            try await channel.send(2)  // buffered past the capacity: returns once the reader has taken one
            sent.store(1, ordering: .sequentiallyConsistent)
        }
        while channel.bufferedCount < 3 { await Task.yield() }
        let returnedEarly = sent.load(ordering: .sequentiallyConsistent)
        #expect(returnedEarly == 0)
        #expect(try await channel.next() == 0)
        try await producer.value
        let done = sent.load(ordering: .sequentiallyConsistent)
        #expect(done == 1)
        channel.finish()
        var rest: [Int] = []
        while let number = try await channel.next() { rest.append(number) }
        #expect(rest == [1, 2])
    }
}
