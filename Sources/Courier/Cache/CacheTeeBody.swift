import Foundation
import NIOCore
import NIOFoundationCompat

/// A response body that is copied into the cache while it streams to the caller: chunks are kept in
/// memory up to the memory tier's limit and written to a spool file up to the disk tier's limit. Only a
/// body read to its end, with the length its `Content-Length` announced, is stored; a body abandoned
/// half-way, cut off or failed leaves nothing behind.
struct CacheTeeBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    let base: ResponseBody
    let storing: CacheStoring

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), writer: CacheBodyWriter(storing: storing))
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: ResponseBody.AsyncIterator
        let writer: CacheBodyWriter

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await base.next() else {
                await writer.finish()
                return nil
            }
            writer.append(chunk)
            return chunk
        }
    }
}

/// What the tee needs to store a response once its body is complete.
struct CacheStoring: Sendable {
    let cache: HTTPCache
    let context: TaskContext
    let key: String
    let request: Request
    let response: Response
    let requestDate: Date
    let responseDate: Date
}

/// Collects one body for the cache; dropped before ``finish()``, it stores nothing (its spool file is
/// removed by the spool itself).
final class CacheBodyWriter {
    private let storing: CacheStoring
    private var chunks: [ByteBuffer] = []
    private var memoryLimit: Int64
    private var diskLimit: Int64
    private var spool: CacheSpool?
    private var length: Int64 = 0
    private var finished = false

    init(storing: CacheStoring) {
        self.storing = storing
        let limits = storing.cache.largestStorableBody(policy: .allowed)
        let expected = storing.response.expectedContentLength
        memoryLimit = limits.memory
        diskLimit = limits.disk
        if let expected, expected > memoryLimit { memoryLimit = 0 }
        if let expected, expected > diskLimit { diskLimit = 0 }
        if diskLimit > 0, let disk = storing.cache.spoolDirectory {
            spool = try? CacheSpool(
                path: disk.appendingPathComponent("\(UInt64.random(in: 1...UInt64.max)).body.tmp").path,
                budget: storing.cache.writeBudget)
        }
    }

    /// Whether anything is still being kept.
    private var isKeeping: Bool { memoryLimit > 0 || spool != nil }

    func append(_ chunk: ByteBuffer) {
        guard isKeeping else { return }
        length += Int64(chunk.readableBytes)
        if memoryLimit > 0 {
            if length <= memoryLimit {
                chunks.append(chunk)
            } else {
                memoryLimit = 0
                chunks = []
            }
        }
        if let spool {
            let kept =
                length <= diskLimit
                && chunk.withUnsafeReadableBytes { spool.append($0) }
            if !kept {
                spool.discard()
                self.spool = nil
            }
        }
    }

    /// The body is complete: check it, let the delegate decide, store it.
    func finish() async {
        guard !finished else { return }
        finished = true
        guard isKeeping else { return }
        let response = storing.response
        // A body of another length than announced is wrong: never store it.
        if let announced = response.expectedContentLength, announced != length {
            storing.cache.logger.warning(
                "not caching a response whose body length differs from its Content-Length",
                metadata: [
                    "url": "\(response.url.redactingCredentials)", "announced": "\(announced)",
                    "received": "\(length)",
                ])
            spool?.discard()
            return
        }
        if let spool, !spool.finish() { self.spool = nil }
        var memoryData: Data?
        if memoryLimit > 0 {
            var buffer = ByteBuffer()
            buffer.reserveCapacity(Int(length))
            for var chunk in chunks { buffer.writeBuffer(&chunk) }
            memoryData = Data(buffer: buffer, byteTransferStrategy: .noCopy)
            chunks = []
        }
        guard memoryData != nil || spool != nil else { return }

        let context = storing.context
        var head = CacheEntryHead(
            response: response, request: storing.request, requestDate: storing.requestDate,
            responseDate: storing.responseDate, bodyLength: length)
        var data = memoryData
        var storedSpool = spool
        var policy = CachedResponse.StoragePolicy.allowed
        var userInfo: [String: any Sendable] = [:]
        if context.asksAboutCaching {
            let viewed: Data? =
                memoryData
                ?? spool.flatMap { try? Data(contentsOf: URL(fileURLWithPath: $0.path), options: .alwaysMapped) }
            guard let viewed else { return }
            let proposed = CachedResponse(
                response: head.response(body: .none), data: viewed, spool: spool, userInfo: [:],
                storagePolicy: .allowed, requestDate: storing.requestDate, responseDate: storing.responseDate)
            guard let decided = await context.willCacheResponse(proposed) else {
                spool?.discard()
                return
            }
            policy = decided.storagePolicy
            userInfo = decided.userInfo
            if decided.spool == nil {
                // The delegate replaced the body: store its bytes instead of what was spooled.
                data = decided.data
                storedSpool = nil
                spool?.discard()
            }
            head = CacheEntryHead(
                response: decided.response, request: storing.request, requestDate: storing.requestDate,
                responseDate: storing.responseDate, bodyLength: data.map { Int64($0.count) } ?? length)
        }
        guard policy != .notAllowed else {
            spool?.discard()
            return
        }
        storing.cache.store(
            key: storing.key, head: head, data: data, spool: storedSpool, storagePolicy: policy, userInfo: userInfo)
    }
}
