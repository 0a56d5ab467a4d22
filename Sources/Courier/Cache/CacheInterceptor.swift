import Foundation
import HTTPTypes
import NIOCore
import NIOFoundationCompat
import Synchronization

/// The HTTP cache stage: answers from the session's ``HTTPCache`` when the request's ``CachePolicy`` and
/// RFC 9111 allow, revalidates stale responses with conditional requests, merges `304 Not Modified`
/// into the stored response (the caller sees it with its stored status, 200), stores what may be stored
/// while the body streams to the caller, and invalidates after unsafe requests.
///
/// It sits below redirects, cookies and authentication and above the network interceptors, as OkHttp's
/// `CacheInterceptor` does: a cache hit never reaches the network interceptors, and the cache stores the
/// body as the server sent it (compression is decoded by the stage above). The decisions themselves are
/// ``CacheStrategy``'s pure functions.
final class CacheInterceptor: Interceptor {
    /// URLs being revalidated in the background (stale-while-revalidate), so each is refreshed once.
    private let revalidating = Mutex<Set<String>>([])

    init() {}

    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        let core = chain.context.core  // configuration read field by field: a copy retains every part
        guard request.isHTTP else { return try await chain.proceed(request) }
        let policy = request.cachePolicy ?? core.configuration.requestCachePolicy
        guard let cache = core.configuration.urlCache else {
            if policy == .returnCacheDataDontLoad { throw Self.offlineError(request) }
            return try await chain.proceed(request)
        }
        let context = chain.context
        let clock = core.configuration.cacheClock
        let now = clock()
        // Only a request a stored response could answer looks one up (and may fall back to it on an error).
        let found = CacheStrategy.isEligible(request) ? cache.find(request) : nil

        switch CacheStrategy.decide(request: request, eligible: found?.head, policy: policy, now: now) {
        case .useStored(let age, let revalidateInBackground):
            guard let found, let body = cache.body(for: found.id) else {
                // The entry was damaged and has been discarded: decide again without it.
                return try await intercept(request, chain: chain)
            }
            if revalidateInBackground {
                revalidateLater(request, key: HTTPCache.key(for: request.url), context: context)
            }
            return serve(found.head, body: body, age: age, to: request, context: context, fetchType: .localCache)
        case .unsatisfiable(.offline):
            throw Self.offlineError(request)
        case .unsatisfiable(.onlyIfCached):
            return Response(
                status: .gatewayTimeout, headerFields: [.contentLength: "0"], url: request.url, request: request,
                body: .none)
        case .load(let networkRequest):
            return try await fetch(
                networkRequest, original: request, validating: nil, fallback: found, cache: cache, chain: chain)
        case .validate(let conditional):
            return try await fetch(
                conditional, original: request, validating: found, fallback: found, cache: cache, chain: chain)
        }
    }

    /// Sends a request, then serves, merges or stores what comes back.
    private nonisolated(nonsending) func fetch(
        _ networkRequest: Request, original: Request, validating: HTTPCache.Found?, fallback: HTTPCache.Found?,
        cache: HTTPCache, chain: InterceptorChain
    ) async throws -> Response {
        let context = chain.context
        let clock = chain.context.core.configuration.cacheClock
        let policy = original.cachePolicy ?? chain.context.core.configuration.requestCachePolicy
        let requestDate = clock()
        let response: Response
        do {
            response = try await chain.proceed(networkRequest)
        } catch {
            if !(error is CancellationError), !Task.isCancelled, policy == .useProtocolCachePolicy,
                let stale = staleOnError(fallback, request: original, cache: cache, now: clock())
            {
                return serve(
                    stale.0.head, body: stale.1, age: stale.2, to: original, context: context, fetchType: .localCache)
            }
            throw error
        }
        let responseDate = clock()

        if policy == .useProtocolCachePolicy, CacheStrategy.isErrorStatus(response.status.code),
            let stale = staleOnError(fallback, request: original, cache: cache, now: responseDate)
        {
            await response.discardBody()
            return serve(
                stale.0.head, body: stale.1, age: stale.2, to: original, context: context, fetchType: .localCache)
        }

        if response.status.code == 304, let validating {
            // A 304 has no content: the transport has read its end already. A body that a network interceptor
            // of the caller's put there is read and dropped.
            await response.discardBody()
            let merged = CacheStrategy.refreshed(
                validating.head, by: response, requestDate: requestDate, responseDate: responseDate)
            guard let merged, let body = cache.revalidated(validating.id, head: merged) else {
                // The 304 is about another representation (or ours is gone): load it afresh, once.
                cache.discard(validating.id)
                return try await fetch(
                    original, original: original, validating: nil, fallback: nil, cache: cache, chain: chain)
            }
            if let index = context.lastTransactionIndex {
                context.updateTransaction(index) { transaction in
                    transaction.resourceFetchType = .conditionalCacheHit
                    transaction.decodedResponseBodyBytes = body.length
                }
            }
            // Validated by the origin server for this request, the response gets no `Age` (RFC 9111 5.1: its
            // presence says the opposite), unless the head has one: a 304 passed on by another cache says
            // how old that cache's answer is.
            let age = merged.headerFields.contains(.age) ? CacheStrategy.currentAge(of: merged, now: responseDate) : nil
            return cachedResponse(merged, body: body, age: age, to: original)
        }

        for url in CacheStrategy.invalidatedURLs(request: original, response: response) {
            cache.removeResponses(for: url)
        }

        if original.method == .head, response.status.code == 200, let stored = fallback {
            // A HEAD response freshens the stored GET it describes, or shows that it is outdated (RFC 9111 4.3.5).
            if CacheStrategy.validatorsMatch(stored.head, response) {
                cache.updateHead(
                    stored.id,
                    to: CacheStrategy.merge(
                        stored.head, with: response, requestDate: requestDate, responseDate: responseDate))
            } else {
                cache.discard(stored.id)
            }
            return response
        }

        guard CacheStrategy.isStorable(request: original, response: response) else { return response }
        let storing = CacheStoring(
            cache: cache, context: context, key: HTTPCache.key(for: original.url), request: original,
            response: response.withoutBody, requestDate: requestDate, responseDate: responseDate)
        var teed = response
        switch response.body {
        case .stream(let body):
            teed.body = .stream(ResponseBody(CacheTeeBody(base: body, storing: storing)))
        case .data(let data):
            teed.body = .stream(ResponseBody(CacheTeeBody(base: ResponseBody(data: data), storing: storing)))
        case .none:
            teed.body = .stream(ResponseBody(CacheTeeBody(base: .empty, storing: storing)))
        case .file:
            break
        }
        return teed
    }

    /// The stored response that may stand in for a failed load (stale-if-error), with its body and age.
    private func staleOnError(_ found: HTTPCache.Found?, request: Request, cache: HTTPCache, now: Date)
        -> (HTTPCache.Found, CacheBody, TimeInterval)?
    {
        guard let found, CacheStrategy.mayServeStaleOnError(found.head, request: request, now: now),
            let body = cache.body(for: found.id)
        else { return nil }
        return (found, body, CacheStrategy.currentAge(of: found.head, now: now))
    }

    /// A response served from the cache, recorded in the metrics as an exchange of its own.
    private func serve(
        _ head: CacheEntryHead, body: CacheBody, age: TimeInterval, to request: Request, context: TaskContext,
        fetchType: TransactionMetrics.ResourceFetchType
    ) -> Response {
        let response = cachedResponse(head, body: body, age: age, to: request)
        let now = Date()
        var transaction = TransactionMetrics(request: request, fetchStartDate: now, resourceFetchType: fetchType)
        transaction.response = response.withoutBody
        transaction.responseStartDate = now
        transaction.responseEndDate = now
        transaction.responseHeaderBytesReceived = 0
        transaction.decodedResponseBodyBytes = request.method == .head ? 0 : body.length
        _ = context.beginTransaction(transaction)
        return response
    }

    /// The stored response as an answer to `request`: its status and head with a current `Age` (none when
    /// `age` is `nil`), and its body (none for HEAD).
    private func cachedResponse(_ head: CacheEntryHead, body: CacheBody, age: TimeInterval?, to request: Request)
        -> Response
    {
        var fields = head.headerFields
        if let age { fields.setValue(String(Int(age.rounded(.down))), for: .age) }
        let responseBody: Response.Body
        if request.method == .head {
            responseBody = .none
        } else {
            switch body {
            case .data(let data): responseBody = .data(data)
            case .file(let reader, let length, let checksum):
                responseBody = .stream(ResponseBody(CachedFileBody(reader: reader, length: length, checksum: checksum)))
            }
        }
        return Response(status: head.status, headerFields: fields, url: head.url, request: request, body: responseBody)
    }

    /// Starts a background request that revalidates a stale response served under stale-while-revalidate.
    private func revalidateLater(_ request: Request, key: String, context: TaskContext) {
        let started = revalidating.withLock { $0.insert(key).inserted }
        guard started else { return }
        var refresh = request
        refresh.cachePolicy = .reloadRevalidatingCacheData
        let task = context.session.makeDataTask(with: refresh)
        task.setCompletionHandler { [self] _ in
            _ = revalidating.withLock { $0.remove(key) }
        }
        task.resume()
    }

    static func offlineError(_ request: Request) -> CourierError {
        CourierError(
            .resourceUnavailable, outcome: .notSent,
            message:
                "no cached response for \(request.method.rawValue) \(request.url.redactingCredentials.absoluteString) and the cache policy (returnCacheDataDontLoad) forbids loading it",
            request: request)
    }
}

/// A large stored body streamed from its open file, checked again as it is read: if the file changed
/// since it was verified, the stream fails instead of handing over different bytes.
struct CachedFileBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let reader: CacheFileReader
    let length: Int64
    let checksum: UInt32

    func makeAsyncIterator() -> Iterator { Iterator(body: self) }

    struct Iterator: AsyncIteratorProtocol {
        let body: CachedFileBody
        var total: Int64 = 0
        var crc: UInt32 = 0
        var done = false

        mutating func next() async throws -> ByteBuffer? {
            guard !done else { return nil }
            let chunk: Data
            do {
                chunk = try body.reader.handle.read(upToCount: 256 * 1024) ?? Data()
            } catch {
                done = true
                throw Self.damaged(body.reader.url)
            }
            if chunk.isEmpty {
                done = true
                guard total == body.length, crc == body.checksum else { throw Self.damaged(body.reader.url) }
                return nil
            }
            total += Int64(chunk.count)
            crc = chunk.withUnsafeBytes { CacheFile.crc32(crc, $0) }
            if total > body.length {
                done = true
                throw Self.damaged(body.reader.url)
            }
            return ByteBuffer(data: chunk)
        }

        static func damaged(_ url: URL) -> CourierError {
            CourierError(
                .cannotDecodeRawData, kind: .transport, outcome: .notSent,
                message: "the cached body in \(url.path) changed while it was read; delete the cache entry and retry")
        }
    }
}
