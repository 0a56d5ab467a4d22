import Foundation
import NIOCore
import Synchronization
import Testing

@testable import CourierPeers

/// Resources (files) and streams between connected peers, each on a connection of its own.
@Suite struct PeerResourceTests {
    static func session(_ name: String, directory: URL? = nil, maximumResourceSize: Int64? = nil) async throws
        -> PeerSession
    {
        var configuration = PeerSessionConfiguration()
        configuration.bindHost = "127.0.0.1"
        configuration.resourceDirectory = directory
        if let maximumResourceSize { configuration.maximumResourceSize = maximumResourceSize }
        let session = try PeerSession(sessionID: "test1.0", displayName: name, configuration: configuration)
        try await session.start()
        return session
    }

    /// A private directory, removed by the caller.
    static func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("peers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func bytes(_ count: Int, seed: UInt8 = 7) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
    }

    static func nextStream(_ log: EventLog) async -> PeerInputStream? {
        guard case .stream(let input)? = await log.next(where: { if case .stream = $0 { true } else { false } })
        else { return nil }
        return input
    }

    static func nextFinished(_ log: EventLog) async -> Result<URL, PeersError>? {
        guard
            case .resourceFinished(_, _, let result)? = await log.next(where: {
                if case .resourceFinished = $0 { true } else { false }
            })
        else { return nil }
        return result
    }

    @Test func aStreamDeliversItsBytesInOrder() async throws {
        let ann = try await Self.session("Ann")
        let bob = try await Self.session("Bob")
        let bobLog = EventLog(bob)
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        let output = try await ann.openStream(name: "log", to: peer.id)
        let input = try #require(await Self.nextStream(bobLog))
        #expect(input.name == "log")
        #expect(input.peer.displayName == "Ann")
        let reader = Task { try await input.collect() }
        let parts = [Self.bytes(10), Self.bytes(200_000, seed: 1), Self.bytes(1, seed: 2)]
        for part in parts { try await output.write(part) }
        try await output.finish()
        #expect(try await reader.value == parts.flatMap { $0 })
        // The stream's connection is not a peer: Bob still has exactly one.
        #expect(await bob.connectedPeers.map(\.displayName) == ["Ann"])
        await ann.disconnect()
        await bob.disconnect()
    }

    /// Ann opens a stream to Bob and writes 100 bytes into it.
    static func streamWithHundredBytes() async throws -> (
        ann: PeerSession, bob: PeerSession, output: PeerOutputStream, input: PeerInputStream
    ) {
        let ann = try await Self.session("Ann")
        let bob = try await Self.session("Bob")
        let bobLog = EventLog(bob)
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        let output = try await ann.openStream(name: "feed", to: peer.id)
        let input = try #require(await Self.nextStream(bobLog))
        try await output.write(Self.bytes(100))
        return (ann, bob, output, input)
    }

    /// Reads a stream that must end with an error: the bytes that came before it, and the error.
    static func readUntilError(_ input: PeerInputStream) async -> (received: [UInt8], error: PeersError?) {
        var received: [UInt8] = []
        let error = await #expect(throws: PeersError.self) {
            for try await chunk in input { received += chunk }
        }
        return (received, error)
    }

    @Test func aCancelledStreamEndsWithCancelled() async throws {
        let (ann, bob, output, input) = try await Self.streamWithHundredBytes()
        await output.cancel()
        let (received, error) = await Self.readUntilError(input)
        #expect(error?.code == .cancelled)
        #expect(received == Self.bytes(100))
        await #expect(throws: PeersError.self) { try await output.write([1]) }
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func aStreamWhoseConnectionDropsEndsWithConnectionClosed() async throws {
        let (ann, bob, _, input) = try await Self.streamWithHundredBytes()
        // Ann leaves without finishing the stream: its connection closes under it.
        await ann.disconnect()
        let (received, error) = await Self.readUntilError(input)
        #expect(error?.code == .connectionClosed)
        #expect(received == Self.bytes(100))
        await bob.disconnect()
    }

    @Test func aResourceArrivesWholeInAnOwnerOnlyFile() async throws {
        let (source, inbox) = (try Self.directory(), try Self.directory())
        defer { for url in [source, inbox] { try? FileManager.default.removeItem(at: url) } }
        let file = source.appendingPathComponent("photo.jpg")
        let content = Data(Self.bytes(300_000))
        try content.write(to: file)
        let ann = try await Self.session("Ann")
        let bob = try await Self.session("Bob", directory: inbox)
        let bobLog = EventLog(bob)
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        let reported = Mutex<[Int64]>([])
        try await ann.sendResource(at: file, name: "photo.jpg", to: peer.id) { sent, total in
            #expect(total == 300_000)
            reported.withLock { $0.append(sent) }
        }
        #expect(reported.withLock { $0.last } == 300_000)
        let started = await bobLog.next { if case .resourceStarted = $0 { true } else { false } }
        guard case .resourceStarted(let name, let from, let length)? = started else {
            Issue.record("no resourceStarted")
            return
        }
        #expect(name == "photo.jpg" && from.displayName == "Ann" && length == 300_000)
        let stored = try #require(await Self.nextFinished(bobLog)).get()
        #expect(
            stored.deletingLastPathComponent().resolvingSymlinksInPath().path == inbox.resolvingSymlinksInPath().path)
        #expect(try Data(contentsOf: stored) == content)
        let permissions = try FileManager.default.attributesOfItem(atPath: stored.path)[.posixPermissions] as? Int
        #expect(permissions == 0o600)
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func aResourceOverThePeersLimitIsRefusedAndLeavesNothing() async throws {
        let (source, inbox) = (try Self.directory(), try Self.directory())
        defer { for url in [source, inbox] { try? FileManager.default.removeItem(at: url) } }
        let file = source.appendingPathComponent("big.bin")
        try Data(Self.bytes(2000)).write(to: file)
        let ann = try await Self.session("Ann")
        let bob = try await Self.session("Bob", directory: inbox, maximumResourceSize: 1000)
        let bobLog = EventLog(bob)
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        let error = await #expect(throws: PeersError.self) {
            try await ann.sendResource(at: file, name: "big.bin", to: peer.id)
        }
        #expect(error?.message.contains("at most 1000") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.path).isEmpty)
        #expect(await bobLog.events.contains { if case .resourceStarted = $0 { true } else { false } } == false)
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func cancellingTheSenderRemovesThePartialFile() async throws {
        let (source, inbox) = (try Self.directory(), try Self.directory())
        defer { for url in [source, inbox] { try? FileManager.default.removeItem(at: url) } }
        let file = source.appendingPathComponent("video.mp4")
        try Data(Self.bytes(16 * PeerOutputStream.chunkSize)).write(to: file)
        let ann = try await Self.session("Ann")
        let bob = try await Self.session("Bob", directory: inbox)
        let bobLog = EventLog(bob)
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        // The task is cancelled at its first progress report, so the next chunk is never sent. (Should that
        // report come before the handle is stored, storing it cancels.)
        struct Handle {
            var task: Task<Void, any Error>?
            var progressed = false
        }
        let handle = Mutex(Handle())
        let sending = Task {
            try await ann.sendResource(at: file, name: "video.mp4", to: peer.id) { _, _ in
                handle.withLock { handle in
                    handle.progressed = true
                    handle.task?.cancel()
                }
            }
        }
        handle.withLock { handle in
            handle.task = sending
            if handle.progressed { sending.cancel() }
        }
        let error = await #expect(throws: PeersError.self) { try await sending.value }
        #expect(error?.code == .cancelled)
        let finished = try #require(await Self.nextFinished(bobLog))
        #expect(throws: PeersError.self) { try finished.get() }
        #expect(try FileManager.default.contentsOfDirectory(atPath: inbox.path).isEmpty)
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func nothingGoesToAPeerThatIsNotConnected() async throws {
        let ann = try await Self.session("Ann")
        await #expect(throws: PeersError(.notConnected, "peer 0000000000000009 is not connected")) {
            _ = try await ann.openStream(name: "x", to: PeerID(rawValue: 9))
        }
        let bob = try await Self.session("Bob")
        let bobLog = EventLog(bob)
        let peer = try await ann.connect(to: PeerFixtures.address(of: bob))
        await #expect(throws: PeersError.self) { _ = try await ann.openStream(name: "", to: peer.id) }
        #expect(await bobLog.events.contains { if case .stream = $0 { true } else { false } } == false)
        await ann.disconnect()
        await bob.disconnect()
    }

    @Test func theReaderHoldsTheWriterBackPastTheBufferLimit() async throws {
        let input = PeerInputStream(name: "s", peer: PeerInfo(id: PeerID(rawValue: 1), displayName: "a", mode: .peer))
        await input.push([UInt8](repeating: 1, count: PeerInputStream.bufferLimit))
        let returned = Atomic<Bool>(false)
        let pusher = Task {
            await input.push([2])  // over the limit: waits for the reader
            returned.store(true, ordering: .sequentiallyConsistent)
        }
        // Once the second chunk is buffered, its push waits: nothing was read, so it cannot have returned.
        while input.bufferedBytes <= PeerInputStream.bufferLimit { await Task.yield() }
        let returnedEarly = returned.load(ordering: .sequentiallyConsistent)
        #expect(returnedEarly == false)
        var iterator = input.makeAsyncIterator()
        // Reading one chunk brings the buffer under the limit and lets the push return.
        #expect(try await iterator.next()?.count == PeerInputStream.bufferLimit)
        await pusher.value
        let returnedLate = returned.load(ordering: .sequentiallyConsistent)
        #expect(returnedLate)
        input.finish()
        #expect(try await iterator.next() == [2])
        #expect(try await iterator.next() == nil)
    }

    /// A chunk the reader took is the reader's alone: the stream's queue keeps no reference to it (chunks it held
    /// on to until the queue was compacted could add megabytes past the buffer limit).
    @Test func aTakenChunkIsNotKeptByTheStream() async throws {
        let input = PeerInputStream(name: "s", peer: PeerInfo(id: PeerID(rawValue: 1), displayName: "a", mode: .peer))
        var addresses: [UnsafeRawPointer?] = []
        for round in 0..<3 {
            let chunk = [UInt8](repeating: UInt8(round), count: 4096)
            addresses.append(chunk.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) })
            await input.push(chunk)
        }
        input.finish()
        var iterator = input.makeAsyncIterator()
        for round in 0..<3 {
            var chunk = try #require(try await iterator.next())
            #expect(chunk.withUnsafeBytes { UnsafeRawPointer($0.baseAddress) } == addresses[round])
            // Writing to an array whose storage is shared copies it first; storage the stream no longer holds
            // is written in place.
            let written = chunk.withUnsafeMutableBytes { bytes -> UnsafeRawPointer? in
                bytes[0] = 0xFF
                return UnsafeRawPointer(bytes.baseAddress)
            }
            #expect(written == addresses[round], "chunk \(round) is still held by the stream")
        }
        #expect(try await iterator.next() == nil)
    }
}
